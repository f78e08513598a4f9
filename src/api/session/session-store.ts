import type { TokenResponse } from '../../../contract/auth';

export interface Session {
  token: string;
  /** ISO timestamp; stored in the `timestamp` cookie. */
  validTo: string;
}

/** Why a session ended; decides where the user is sent (SPEC §2, §4). */
export type SessionEndReason =
  /** The user logged out. */
  | 'logout'
  /** Renewal failed: log out and go to '/'. */
  | 'renewalFailed'
  /** Renewal answered nothing: the session is deleted. */
  | 'renewalEmpty'
  /** A 401 that renewal did not cure. */
  | 'unauthorized'
  /** Loading the state at start-up failed. */
  | 'startupFailed'
  /** The cookies disappeared (another tab logged out, or they expired). */
  | 'cookiesGone';

/**
 * How a session started or changed: a login, a renewal of the same user's token (by the page, or adopted from the
 * offline engine), or the cookies changing under the app (another tab).
 */
export type SessionChange = 'login' | 'renewal' | 'storage';

export type SessionListener = (
  session: Session | null,
  reason: SessionEndReason | null,
  change: SessionChange | null,
) => void;

export interface SessionStorage {
  read(): Session | null;
  write(session: Session): void;
  remove(): void;
}

export interface SessionStore {
  get(): Session | null;
  subscribe(listener: SessionListener): () => void;
  /** Starts (`login`, the default) or renews (`renewal`) the session: both cookies are replaced. */
  set(response: TokenResponse, change?: SessionChange): void;
  /** Ends the session: both cookies are deleted. */
  clear(reason: SessionEndReason): void;
  /** Re-reads the cookies (tab became visible, another tab may have logged in or out). */
  syncFromStorage(): void;
}

const same = (a: Session | null, b: Session | null) => a?.token === b?.token && a?.validTo === b?.validTo;

export function createSessionStore(storage: SessionStorage): SessionStore {
  let current = storage.read();
  const listeners = new Set<SessionListener>();

  const emit = (reason: SessionEndReason | null, change: SessionChange | null) => {
    for (const listener of listeners) listener(current, reason, change);
  };

  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(response, change = 'login') {
      current = { token: response.token, validTo: response.validTo };
      storage.write(current);
      emit(null, change);
    },
    clear(reason) {
      const had = current !== null;
      current = null;
      storage.remove();
      if (had) emit(reason, null);
    },
    syncFromStorage() {
      const next = storage.read();
      if (same(next, current)) return;
      const ended = current !== null && next === null;
      current = next;
      emit(ended ? 'cookiesGone' : null, ended ? null : 'storage');
    },
  };
}
