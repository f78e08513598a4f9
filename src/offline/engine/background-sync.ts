import { scope } from './scope';

/** The Background Sync tag the page registers and the service worker answers with a drain. */
export const BACKGROUND_SYNC_TAG = 'skafferi-outbox';

/** Asks the browser to wake the service worker for a drain when the network is back (Chromium only; else a no-op). */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const self = scope();
    const registration = self.registration ?? (await self.navigator?.serviceWorker?.ready);
    if (!registration?.sync) return false;
    await registration.sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
