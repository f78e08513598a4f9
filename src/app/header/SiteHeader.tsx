import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useIsAuthenticated } from '../../api/session/hooks';
import { paths } from '../../lib/paths';
import { LinkButton } from '../../ui/Link';
import { CompanyButton } from './CompanyButton';
import { Deferred, DeferredSearch, wantHeaderWidgets } from './deferred';
import { UserMenuPlaceholder } from './UserMenuPlaceholder';
import { Wordmark } from './Wordmark';

// The widgets below load once the page is idle or the visitor reaches for the header (./deferred.tsx, decision 0021).
/** The menu (and React Aria's menu and popover code), off the critical path. */
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
/** The sync status and its panel, likewise off the critical path. */
const SyncIndicator = lazy(() => import('../sync/SyncIndicator').then((m) => ({ default: m.SyncIndicator })));
/** The mini cart (count and total from the device's mirror) and its drawer. */
const MiniCart = lazy(() => import('../../ui/cart/MiniCart').then((m) => ({ default: m.MiniCart })));
// The instant search (./InstantSearch) loads when the visitor reaches for the header (not on idle: decision 0069),
// behind a plain search field (DeferredSearch); the search client itself loads on the first keystroke.

/** Holds the search box's place while its texts load. */
function SearchPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="block h-10 w-full rounded-full border sm:h-11 border-gray-300 bg-gray-50 dark:border-gray-600 dark:bg-gray-800"
    />
  );
}

export function SiteHeader() {
  const { t } = useTranslation('layout');
  const authenticated = useIsAuthenticated();
  const onLoginPages = useLocation().pathname.startsWith(paths.login);
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const type of events) element.addEventListener(type, wantHeaderWidgets, { once: true, passive: true });
    return () => {
      for (const type of events) element.removeEventListener(type, wantHeaderWidgets);
    };
  }, []);
  return (
    <header
      ref={header}
      className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-gray-800 dark:bg-gray-900/95 dark:supports-[backdrop-filter]:bg-gray-900/85"
    >
      {/* On a phone: one row of logo and icon controls, the search beneath (decision 0065); one row from sm up. */}
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-1.5 sm:h-16 sm:flex-nowrap sm:gap-x-3 sm:px-6 sm:py-0">
        <Wordmark compact={authenticated} />
        <div role="search" className="order-last w-full sm:order-none sm:mx-2 sm:w-auto sm:max-w-xl sm:flex-1">
          <Suspense fallback={<SearchPlaceholder />}>
            <DeferredSearch />
          </Suspense>
        </div>
        <div className="ml-auto flex min-w-0 shrink-0 items-center gap-1 sm:gap-3">
          {authenticated ? (
            <>
              <Deferred placeholder={<span aria-hidden="true" className="size-11 shrink-0" />}>
                <SyncIndicator />
              </Deferred>
              <CompanyButton />
              <Deferred placeholder={<span aria-hidden="true" className="size-11 shrink-0" />}>
                <MiniCart />
              </Deferred>
              <Deferred placeholder={<UserMenuPlaceholder />}>
                <UserMenu />
              </Deferred>
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
