import { session } from '../../api/session/session';

const REQUESTED_KEY = 'skafferi.storagePersistRequested';

/**
 * Asks the browser, once per device, to keep this origin's storage (the outbox and the mirrored lists) when space runs
 * low: right after the first login, or at start-up when a session already exists. Chromium answers from its own
 * heuristics (installed, engagement) without a dialog; Firefox may ask the user.
 */
export function requestPersistentStorageAfterLogin(): () => void {
  const ask = () => {
    if (!session.get()) return;
    const storage = navigator.storage;
    if (!storage?.persist) return;
    try {
      if (localStorage.getItem(REQUESTED_KEY)) return;
      localStorage.setItem(REQUESTED_KEY, new Date().toISOString());
    } catch {
      return;
    }
    void (async () => {
      try {
        if (await storage.persisted()) return;
        await storage.persist();
      } catch {
        // not granted or not supported: nothing to do
      }
    })();
  };
  ask();
  return session.subscribe(ask);
}
