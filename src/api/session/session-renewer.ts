import type { RenewalResult } from './renewal';
import type { Session, SessionStore } from './session-store';

export interface SessionRenewerOptions {
  /**
   * Asked before a refused renewal logs out: a newer token of the same user that another part of the app got
   * meanwhile (the offline engine renews too, and the server keeps only the newest token). Null when there is none.
   */
  newerSession?: (refusedToken: string) => Promise<Session | null>;
}

/**
 * One renewal at a time: concurrent 401s and the timer share it. Applies SPEC §4: a renewed token replaces the
 * old one; nothing returned deletes the session; a failure logs out (and the app goes to '/') unless a newer token of
 * the same user is known (`newerSession`). Offline keeps it.
 */
export function createSessionRenewer(
  store: SessionStore,
  renew: (token: string) => Promise<RenewalResult>,
  options: SessionRenewerOptions = {},
) {
  let inFlight: Promise<boolean> | null = null;

  async function run(): Promise<boolean> {
    const session = store.get();
    if (!session) return false;
    const result = await renew(session.token);
    if (store.get()?.token !== session.token) return store.get() !== null; // logged out or in meanwhile
    switch (result.kind) {
      case 'renewed':
        store.set(result.session, 'renewal');
        return true;
      case 'empty':
        store.clear('renewalEmpty');
        return false;
      case 'failed': {
        const newer = await options.newerSession?.(session.token).catch(() => null);
        if (store.get()?.token !== session.token) return store.get() !== null;
        if (newer && newer.token !== session.token) {
          store.set(newer, 'renewal');
          return true;
        }
        store.clear('renewalFailed');
        return false;
      }
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
