import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { CompanySwitcher } from '../../features/company-switcher';
import { Breadcrumbs } from '../Breadcrumbs';
import { SiteFooter } from '../footer/SiteFooter';
import { SiteHeader } from '../header/SiteHeader';
import { NavigationProgress } from '../NavigationProgress';
import { useDocumentTitle, usePageTitle } from '../page-title';
import { SkipLink } from '../SkipLink';
import { useFocusOnNavigate } from '../use-focus-on-navigate';
import { CookieConsentSlot } from './CookieConsentSlot';
import { LazyToasts } from './LazyToasts';

/** Header, breadcrumbs, the page, footer; the company switcher and the notifications area. */
export function DefaultLayout() {
  useDocumentTitle(usePageTitle());
  useFocusOnNavigate();
  const navigation = useNavigation();

  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      <SkipLink />
      <CookieConsentSlot />
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
      <LazyToasts />
    </>
  );
}
