import { useTranslation } from 'react-i18next';
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { AriaRouter } from './AriaRouter';
import { cx } from './cx';

export interface Crumb {
  label: string;
  /** Where the crumb links; the last crumb (this page) may have none. */
  href?: string;
}

/**
 * A breadcrumb trail, start page first (SPEC §2: breadcrumbs link to the start page): a navigation landmark named
 * "Brödsmulor", the last crumb marked as the current page. The app shell, content pages and product pages build their
 * own crumbs and render them with this.
 */
export function BreadcrumbTrail({ items, className }: { items: Crumb[]; className?: string }) {
  const { t } = useTranslation('layout');
  const keyed = items.map((item, index) => ({ ...item, id: `${index}:${item.href ?? ''}` }));
  return (
    <AriaRouter>
      <nav aria-label={t('nav.breadcrumbs')} className={cx(className)}>
        <Breadcrumbs items={keyed} className="flex flex-wrap items-center gap-1 text-sm">
          {(item) => (
            <Breadcrumb id={item.id} className="flex items-center gap-1 text-gray-700 dark:text-gray-300">
              {({ isCurrent }) => (
                <>
                  <Link
                    href={item.href}
                    className="rounded-sm px-0.5 underline-offset-4 data-current:font-semibold data-current:text-gray-950 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 data-hovered:underline dark:data-current:text-white"
                  >
                    {item.label}
                  </Link>
                  {!isCurrent && (
                    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 text-gray-500" aria-hidden="true">
                      <path d="M7.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L10.94 10 7.22 6.28a.75.75 0 0 1 0-1.06Z" />
                    </svg>
                  )}
                </>
              )}
            </Breadcrumb>
          )}
        </Breadcrumbs>
      </nav>
    </AriaRouter>
  );
}
