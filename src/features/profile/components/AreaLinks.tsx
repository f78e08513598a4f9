import { useTranslation } from 'react-i18next';
import { Anchor } from '../../../ui/Link';
import { paths } from '../../../lib/paths';

type AreaKey = 'orders' | 'purchaseLists' | 'inventory' | 'popularArticles' | 'settings' | 'manageUsers';

const icons: Record<AreaKey, string> = {
  orders: 'M4 4h12v2H4zm0 5h12v2H4zm0 5h8v2H4z',
  purchaseLists: 'M5 3h10a1 1 0 0 1 1 1v13l-6-3-6 3V4a1 1 0 0 1 1-1Z',
  inventory: 'M3 6l7-3 7 3v8l-7 3-7-3V6Zm7 1.2L5.5 5.4 10 3.6l4.5 1.8L10 7.2Z',
  popularArticles: 'M10 2.5l2.3 4.8 5.2.7-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2L2.5 8l5.2-.7L10 2.5Z',
  settings:
    'M10 6.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7ZM8.6 2h2.8l.4 2.1 1.6.9 2-.8 1.4 2.4-1.6 1.4v1.8l1.6 1.4-1.4 2.4-2-.8-1.6.9-.4 2.1H8.6l-.4-2.1-1.6-.9-2 .8-1.4-2.4 1.6-1.4V9.2L3.2 7.8l1.4-2.4 2 .8 1.6-.9L8.6 2Z',
  manageUsers:
    'M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm6.5 0a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1 16c0-3 2.7-5 6-5s6 2 6 5v1H1v-1Zm13 1v-1c0-1.5-.5-2.8-1.4-3.8 3 .1 5.4 1.8 5.4 4.3V17h-4Z',
};

const hrefs: Record<AreaKey, string> = {
  orders: paths.orders,
  purchaseLists: paths.purchaseLists,
  inventory: paths.inventory,
  popularArticles: paths.popularArticles,
  settings: paths.settings,
  manageUsers: paths.manageUsers,
};

/** Links to the areas of Mina sidor; 'Hantera användare' only for customer administrators. */
export function AreaLinks({ canManageUsers }: { canManageUsers: boolean }) {
  const { t } = useTranslation('profile');
  const areas: AreaKey[] = ['orders', 'purchaseLists', 'inventory', 'popularArticles', 'settings'];
  if (canManageUsers) areas.push('manageUsers');

  return (
    <nav aria-labelledby="profile-areas">
      <h2 id="profile-areas" className="text-lg font-bold text-gray-950 dark:text-white">
        {t('areas.heading')}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((area) => (
          <li key={area}>
            <Anchor
              href={hrefs[area]}
              className="group flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 no-underline transition-colors hover:border-primary-400 hover:bg-primary-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900 dark:hover:border-primary-500 dark:hover:bg-gray-800 dark:focus-visible:outline-primary-300"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100">
                <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                  <path d={icons[area]} />
                </svg>
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-gray-950 group-hover:text-primary-800 dark:text-white dark:group-hover:text-primary-200">
                  {t(`areas.${area}`)}
                </span>
                <span className="mt-0.5 block text-sm text-gray-700 dark:text-gray-300">{t(`areas.${area}Text`)}</span>
              </span>
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
