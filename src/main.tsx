import './lib/aria-locale';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { session } from './api/session/session';
import { loadSessionState } from './api/session/start-session';
import { Providers } from './app/providers';
import { SlicedRouterProvider } from './app/SlicedRouterProvider';
import { captureInstallPrompt } from './app/pwa/install';
import { createBrowserRouter } from 'react-router';
import { preloadCookieConsent } from './app/layouts/CookieConsentSlot';
import { loadToastRegion } from './app/layouts/LazyToasts';
import { applyRedirectRules, redirectOnStart } from './app/redirects';
import { createRoutes, prefetchStartPage } from './app/router';
import { applyStartupSessionEnd, connectSession } from './app/session-sync';
import { warmMatchedRoutes } from './app/warm-route';
import { reloadOnChunkErrors } from './lib/chunk-reload';
import { watchSystemColourScheme } from './lib/colour-mode';
import { config } from './lib/config';
import { rememberLocale } from './lib/locale-cookie';
import { readRedirectRules } from './lib/redirect-rules';
import { markFirstScreen, whenIdle } from './lib/when-idle';

async function start() {
  // SPEC §2 path-based rules, from index.html (no call of their own): a start on a redirected path goes on at once.
  const redirectRules = readRedirectRules();
  if (redirectOnStart(redirectRules)) return;
  // Chromium may offer installation before the app has rendered: listen from the start.
  captureInstallPrompt();
  config(); // SPEC §5: a missing API base URL stops the app here, with a clear message
  watchSystemColourScheme();
  rememberLocale();
  reloadOnChunkErrors();
  const consentBanner = preloadCookieConsent(); // a first visit's banner is in the first render (no layout shift)
  whenIdle(() => void loadToastRegion().catch(() => undefined)); // on the device before anyone goes offline
  whenIdle(() => {
    if (session.get()) prefetchStartPage(); // where logging out lands, offline too
  });
  // What the device keeps of the user's data for an offline start-up (decision 0037) is code of its own: read back only
  // on an offline start with a session, saved from idle on (the first save takes what the first screen fetched).
  const persistence = () => import('./api/query-persist');
  // The page's code is fetched while the session's state loads, not after (decision 0085).
  const routes = createRoutes(queryClient);
  warmMatchedRoutes(routes, window.location);
  const ended = await loadSessionState(queryClient, () => persistence().then((m) => m.restoreForSession(queryClient)));
  // The banner's code comes beside the entry (a modulepreload in index.html), so this rarely waits. The first render
  // follows in the same task as the router's creation and paints before the page's code has run.
  await consentBanner;
  whenIdle(() => void persistence().then((m) => m.persistQueries(queryClient)));

  applyStartupSessionEnd(ended, routes);
  const router = createBrowserRouter(routes);
  applyRedirectRules(router, redirectRules);
  connectSession(router, queryClient);
  // Deferred work (the offline engine, the service worker) waits until the first route has loaded and rendered.
  const firstScreenLoaded = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (firstScreenLoaded()) markFirstScreen();
  else {
    const stop = router.subscribe(() => {
      if (!firstScreenLoaded()) return;
      stop();
      markFirstScreen();
    });
  }
  // Service worker, app updates on navigation, Background Sync, install offer: after the first render, once the page
  // is idle (docs/decisions/0021; the worker's precache then takes the rest of the app shell).
  whenIdle(() => {
    void import('./app/pwa').then((pwa) => pwa.startPwa(router));
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root saknas i index.html');
  // In a transition: React yields between components, so the first render is not one long task on a phone's CPU
  // (issue #17). SlicedRouterProvider catches a route that finished loading while the render was sliced.
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <SlicedRouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

start().catch((error: unknown) => {
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML = '';
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'max-width:40rem;margin:4rem auto;padding:0 1rem;font:1rem/1.5 system-ui,sans-serif';
    message.textContent = error instanceof Error ? error.message : String(error);
    root.append(message);
  }
  throw error;
});
