import { config } from '../../lib/config';
import { requestRenewal } from './renewal';
import { cookieSessionStorage } from './session-cookies';
import { createSessionRenewer } from './session-renewer';
import { createSessionStore } from './session-store';

export type { Session, SessionEndReason } from './session-store';

/** The app's session: cookies `token` and `timestamp`; logged in iff both are present. */
export const session = createSessionStore(cookieSessionStorage);

export const renewSession = createSessionRenewer(session, (token) =>
  requestRenewal({ baseUrl: config().apiBaseUrl, fetch: (input, init) => fetch(input, init) }, token),
);
