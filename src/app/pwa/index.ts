// The installable PWA in the page: service worker registration and app updates, Background Sync while changes wait,
// the install offer, persistent storage, and the busy registry that keeps updates away from counts and drains.
import type { createBrowserRouter } from 'react-router';
import { syncController } from '../../api/session/sync';
import { registerBackgroundSyncWhileWaiting } from './background-sync';
import { trackBusySource } from './busy';
import { captureInstallPrompt } from './install';
import { applyUpdatesOnNavigation } from './navigation';
import { requestPersistentStorageAfterLogin } from './persist';
import { startUpdates } from './update';

export { busyReasons, isBusy, isDrainRunning, markBusy, trackBusySource, useBusy } from './busy';
export { PwaPrompts } from './PwaPrompts';

// Chromium may offer installation before the app has rendered: listen from the moment this module loads.
captureInstallPrompt();

let started = false;

/** Starts the PWA parts of the page. Call once, after the router exists. */
export function startPwa(router: ReturnType<typeof createBrowserRouter>): void {
  if (started) return;
  started = true;
  const controller = syncController();
  trackBusySource('drain', {
    isBusy: () => controller.getStatus().draining,
    subscribe: (listener) => controller.subscribe(listener),
  });
  startUpdates();
  applyUpdatesOnNavigation(router);
  registerBackgroundSyncWhileWaiting();
  requestPersistentStorageAfterLogin();
}
