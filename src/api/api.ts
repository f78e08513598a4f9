import { config } from '../lib/config';
import { createApiClient } from './client';
import { endSessionRefused, renewSession, session } from './session/session';

/** The app's API client: base URL from configuration, Bearer from the session, renew-and-retry-once on 401. */
export const api = createApiClient({
  baseUrl: config().apiBaseUrl,
  fetch: (input, init) => fetch(input, init),
  getToken: () => session.get()?.token ?? null,
  renewSession,
  onUnauthorized: endSessionRefused,
});
