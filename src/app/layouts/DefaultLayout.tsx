import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { CompanySwitcher } from '../../features/company-switcher';
import { Toasts } from '../../ui/Toasts';
import { AriaRouter } from '../AriaRouter';
import { Breadcrumbs } from '../Breadcrumbs';
import { SiteFooter } from '../footer/SiteFooter';
import { SiteHeader } from '../header/SiteHeader';
import { NavigationProgress } from '../NavigationProgress';
import { useDocumentTitle, usePageTitle } from '../page-title';
import { SkipLink } from '../SkipLink';
import { useFocusOnNavigate } from '../use-focus-on-navigate';

const CookieConsent = lazy(() => import('../../features/cookie-consent/CookieConsent'));

/** Header, breadcrumbs, the page, footer; the company switcher and the notifications area. */
export function DefaultLayout() {
  useDocumentTitle(usePageTitle());
  useFocusOnNavigate();
  const navigation = useNavigation();

  return (
    <AriaRouter>
      <ScrollRestoration />
      <NavigationProgress />
      <SkipLink />
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
      <SiteHeader />
      <Breadcrumbs />
      <main
        id="main"
        tabIndex={-1}
        aria-busy={navigation.state !== 'idle' || undefined}
        className="flex flex-1 flex-col outline-none"
      >
        <Outlet />
      </main>
      <SiteFooter />
      <CompanySwitcher />
      <Toasts />
    </AriaRouter>
  );
}
