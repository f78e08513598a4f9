import { useTranslation } from 'react-i18next';
import { useCurrentUser, useIsAuthenticated } from '../../api/session/hooks';
import { paths } from '../../lib/paths';
import { Link, LinkButton } from '../../ui/Link';

const features = [
  {
    key: 'order',
    icon: 'M3 3h2l.4 2M7 13h8l3-8H5.4M7 13 5.4 5M7 13l-1.5 3H17m-9 2a1 1 0 1 1-2 0 1 1 0 0 1 2 0Zm8 0a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z',
  },
  { key: 'lists', icon: 'M6 4h11M6 10h11M6 16h11M3 4h.01M3 10h.01M3 16h.01' },
  { key: 'inventory', icon: 'M3 7l7-4 7 4v6l-7 4-7-4V7Zm0 0 7 4 7-4m-7 4v6' },
] as const;

/** The start page. Content pages arrive later; until then a welcome with the ways in. */
export function HomePage() {
  const { t } = useTranslation('layout');
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();

  return (
    <div>
      <section className="bg-gradient-to-b from-primary-50 to-gray-50 dark:from-primary-950/60 dark:to-gray-950">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-200">
            {t('home.eyebrow')}
          </p>
          <h1 className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight text-gray-950 sm:text-5xl dark:text-white">
            {user ? t('home.greeting', { name: user.firstName }) : t('home.heading')}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-gray-700 dark:text-gray-300">{t('home.lead')}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            {authenticated ? (
              <LinkButton href={paths.profile} size="lg">
                {t('home.profile')}
              </LinkButton>
            ) : (
              <>
                <LinkButton href={paths.login} size="lg">
                  {t('home.login')}
                </LinkButton>
                <Link href={paths.forgotPassword}>{t('home.forgotPassword')}</Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="home-features" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="home-features" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t('home.features.heading')}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {features.map((feature) => (
            <li
              key={feature.key}
              className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100">
                <svg
                  viewBox="0 0 20 20"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={feature.icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-950 dark:text-white">
                {t(`home.features.${feature.key}`)}
              </h3>
              <p className="mt-1 text-gray-700 dark:text-gray-300">{t(`home.features.${feature.key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
