import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsAuthenticated } from '../../api/session/hooks';
import { paths } from '../../lib/paths';
import { LinkButton } from '../../ui/Link';
import { CompanyButton } from './CompanyButton';
import { UserMenuPlaceholder } from './UserMenuPlaceholder';
import { Wordmark } from './Wordmark';

/** The menu (and React Aria's menu and popover code) loads in parallel with the page, off the critical path. */
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
/** The sync status and its panel, likewise off the critical path. */
const SyncIndicator = lazy(() => import('../sync/SyncIndicator').then((m) => ({ default: m.SyncIndicator })));
/** The mini cart (count and total from the device's mirror) and its drawer. */
const MiniCart = lazy(() => import('../../ui/cart/MiniCart').then((m) => ({ default: m.MiniCart })));
/** The instant search, likewise; the search client itself loads on the first keystroke. */
const InstantSearch = lazy(() => import('./InstantSearch').then((m) => ({ default: m.InstantSearch })));

/** Holds the search box's place while its code loads. */
function SearchPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="block h-11 w-full rounded-full border border-gray-300 bg-gray-50 dark:border-gray-600 dark:bg-gray-800"
    />
  );
}

export function SiteHeader() {
  const { t } = useTranslation('layout');
  const authenticated = useIsAuthenticated();
  const onLoginPages = useLocation().pathname.startsWith(paths.login);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-gray-800 dark:bg-gray-900/95 dark:supports-[backdrop-filter]:bg-gray-900/85">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
        <Wordmark compact={authenticated} />
        <div role="search" className="order-last w-full sm:order-none sm:mx-2 sm:w-auto sm:max-w-xl sm:flex-1">
          <Suspense fallback={<SearchPlaceholder />}>
            <InstantSearch />
          </Suspense>
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
          {authenticated ? (
            <>
              <Suspense fallback={<span aria-hidden="true" className="size-11 shrink-0" />}>
                <SyncIndicator />
              </Suspense>
              <CompanyButton />
              <Suspense fallback={<span aria-hidden="true" className="size-11 shrink-0" />}>
                <MiniCart />
              </Suspense>
              <Suspense fallback={<UserMenuPlaceholder />}>
                <UserMenu />
              </Suspense>
            </>
          ) : onLoginPages ? null : (
            <LinkButton href={paths.login} size="sm">
              {t('header.login')}
            </LinkButton>
          )}
        </div>
      </div>
    </header>
  );
}
