import { useTranslation } from 'react-i18next';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { useMatches } from 'react-router';
import { paths } from '../lib/paths';
import { routeHandle } from './route-handle';

/** Start page › … › this page. Hidden on the start page itself. */
export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({ href: match.pathname, label: routeHandle(match.handle).crumb }))
    .filter((crumb): crumb is { href: string; label: string } => !!crumb.label && crumb.href !== paths.home)
    .filter((crumb, index, all) => all.findIndex((c) => c.href === crumb.href) === index);

  if (crumbs.length === 0) return null;
  const items = [{ href: paths.home, label: t('crumbs.home') }, ...crumbs.map((c) => ({ ...c, label: t(c.label) }))];

  return (
    <nav aria-label={t('nav.breadcrumbs')} className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <AriaBreadcrumbs items={items} className="flex flex-wrap items-center gap-1 text-sm">
        {(item) => (
          <Breadcrumb id={item.href} className="flex items-center gap-1 text-gray-700 dark:text-gray-300">
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
      </AriaBreadcrumbs>
    </nav>
  );
}
