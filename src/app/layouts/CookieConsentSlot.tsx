import { lazy, Suspense, useState } from 'react';
import { consentSnapshot } from '../../lib/consent';

type ConsentModule = typeof import('../../features/cookie-consent/CookieConsent');

let loaded: ConsentModule | undefined;
let loading: Promise<ConsentModule> | undefined;
const load = () =>
  (loading ??= import('../../features/cookie-consent/CookieConsent').then((module) => (loaded = module)));

const LazyCookieConsent = lazy(() => load().then((module) => ({ default: module.CookieConsent })));

/**
 * A first visit shows the cookie banner at the top of the page: its code is fetched at start-up, beside the route's,
 * so that the banner is part of the page's first render instead of arriving later and pushing the whole page down
 * (a layout shift of about 0.3 on a phone; docs/decisions/0021). Visitors who have chosen get it lazily as before.
 */
export function preloadCookieConsent(): void {
  if (consentSnapshot() === null) void load().catch(() => undefined);
}

/** The cookie banner and settings dialog (features/cookie-consent), drawn at once when their code is already here. */
export function CookieConsentSlot() {
  const [ready] = useState(() => loaded);
  if (ready) return <ready.CookieConsent />;
  return (
    <Suspense fallback={null}>
      <LazyCookieConsent />
    </Suspense>
  );
}
