import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import { Anchor } from './Link';

export interface Crumb {
  label: string;
  /** Where the crumb links; the last crumb (this page) may have none. */
  href?: string;
}

const crumbClass = 'rounded-sm px-0.5 underline-offset-4';

/**
 * A breadcrumb trail, start page first (SPEC §2: breadcrumbs link to the start page): a navigation landmark named
 * "Brödsmulor" with an ordered list. The last crumb is this page: `aria-current="page"`, announced as a link that
 * cannot be followed, as in the WAI-ARIA breadcrumb pattern. Native elements only (decision 0045): it is drawn in the
 * first render of every page but the start page, so it holds its real height from the start and needs no chunk.
 */
export function BreadcrumbTrail({ items, className }: { items: Crumb[]; className?: string }) {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={t('nav.breadcrumbs')} className={cx(className)}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li
              key={`${index}:${item.href ?? ''}`}
              className="flex items-center gap-1 text-gray-700 dark:text-gray-300"
            >
              {current || !item.href ? (
                <span
                  role="link"
                  aria-disabled="true"
                  aria-current={current ? 'page' : undefined}
                  className={cx(crumbClass, current && 'font-semibold text-gray-950 dark:text-white')}
                >
                  {item.label}
                </span>
              ) : (
                <Anchor href={item.href} className={cx(crumbClass, 'hover:underline')}>
                  {item.label}
                </Anchor>
              )}
              {!current && (
                <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 text-gray-500" aria-hidden="true">
                  <path d="M7.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L10.94 10 7.22 6.28a.75.75 0 0 1 0-1.06Z" />
                </svg>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
