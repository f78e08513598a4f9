import type { RenewalResult } from './renewal';
import type { SessionStore } from './session-store';

/**
 * One renewal at a time: concurrent 401s and the timer share it. Applies SPEC §4: a renewed token replaces the
 * old one; nothing returned deletes the session; a failure logs out (and the app goes to '/'). Offline keeps it.
 */
export function createSessionRenewer(store: SessionStore, renew: (token: string) => Promise<RenewalResult>) {
  let inFlight: Promise<boolean> | null = null;

  async function run(): Promise<boolean> {
    const session = store.get();
    if (!session) return false;
    const result = await renew(session.token);
    if (store.get()?.token !== session.token) return store.get() !== null; // logged out or in meanwhile
    switch (result.kind) {
      case 'renewed':
        store.set(result.session);
        return true;
      case 'empty':
        store.clear('renewalEmpty');
        return false;
      case 'failed':
        store.clear('renewalFailed');
        return false;
      case 'offline':
        return false;
    }
  }

  return function renewSession(): Promise<boolean> {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
