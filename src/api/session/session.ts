import { config } from '../../lib/config';
import { requestRenewal } from './renewal';
import { cookieSessionStorage } from './session-cookies';
import { createSessionRenewer } from './session-renewer';
import { createSessionStore } from './session-store';

export type { Session, SessionChange, SessionEndReason } from './session-store';

/** The app's session: cookies `token` and `timestamp`; logged in iff both are present. */
export const session = createSessionStore(cookieSessionStorage);

/** Renews the page's token; a refused renewal first looks for a newer token the offline engine got. */
export const renewSession = createSessionRenewer(
  session,
  (token) => requestRenewal({ baseUrl: config().apiBaseUrl, fetch: (input, init) => fetch(input, init) }, token),
  // The engine's module (and Dexie) is loaded only on this rare path, not with the app's entry (decision 0021).
  { newerSession: (token) => import('./engine-session').then((m) => m.newerEngineSession(token)) },
);

/**
 * A 401 that renewal could not cure ends the session — only if it is still the session that got it: an answer that
 * arrives late for a token already logged out (or replaced by a new login) must not end the new one.
 */
export function endSessionRefused(token: string): void {
  if (session.get()?.token === token) session.clear('unauthorized');
}
