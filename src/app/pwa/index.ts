// The installable PWA in the page: service worker registration and app updates, Background Sync while changes wait,
// the install offer, persistent storage, and the busy registry that keeps updates away from counts and drains.
import type { createBrowserRouter } from 'react-router';
import { loadedSyncEngine, onSyncEngineLoaded } from '../../api/session/engine-loader';
import { trackBusySource } from '../../offline/busy';
import { captureInstallPrompt } from './install';
import { applyUpdatesOnNavigation } from './navigation';
import { requestPersistentStorageAfterLogin } from './persist';
import { startUpdates } from './update';

export { busyReasons, isBusy, isDrainRunning, markBusy, trackBusySource, useBusy } from '../../offline/busy';
export { PwaPrompts } from './PwaPrompts';

// Chromium may offer installation before the app has rendered: listen from the moment this module loads.
captureInstallPrompt();

let started = false;

/** Starts the PWA parts of the page. Call once, after the router exists. */
export function startPwa(router: ReturnType<typeof createBrowserRouter>): void {
  if (started) return;
  started = true;
  startUpdates();
  applyUpdatesOnNavigation(router);
  requestPersistentStorageAfterLogin();
  // The offline engine loads on its own schedule (docs/decisions/0021: not on a first visit before a login); its drains
  // keep updates away, and its waiting changes register Background Sync, from the moment it is there. Before that
  // this page has no drain and no changes of its own.
  const withEngine = () => {
    const engine = loadedSyncEngine();
    if (!engine) return;
    const controller = engine.syncController();
    trackBusySource('drain', {
      isBusy: () => controller.getStatus().draining,
      subscribe: (listener) => controller.subscribe(listener),
    });
    void import('./background-sync').then((m) => m.registerBackgroundSyncWhileWaiting());
  };
  if (loadedSyncEngine()) withEngine();
  else {
    const stop = onSyncEngineLoaded(() => {
      stop();
      withEngine();
    });
  }
}
