import { lazy, Suspense, useState } from 'react';
import { consentSnapshot } from '../../lib/consent';

type ConsentModule = typeof import('../../features/cookie-consent/CookieConsent');

let loaded: ConsentModule | undefined;
let loading: Promise<ConsentModule> | undefined;
const load = () =>
  (loading ??= import('../../features/cookie-consent/CookieConsent').then((module) => (loaded = module)));

const LazyCookieConsent = lazy(() => load().then((module) => ({ default: module.CookieConsent })));

/**
 * A first visit shows the cookie banner at the top of the page: its code is fetched at start-up, and the app's first
 * render waits for it (main.tsx), so that the banner is part of the first render instead of arriving later and pushing
 * the whole page down (a layout shift of about 0.3 on a phone; docs/decisions/0021, 0045). Visitors who have chosen
 * get it lazily as before. Never rejects: without its code the page is drawn, and the banner comes when it can.
 */
export function preloadCookieConsent(): Promise<void> {
  if (consentSnapshot() !== null) return Promise.resolve();
  return load().then(
    () => undefined,
    () => undefined,
  );
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
