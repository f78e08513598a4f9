import type { TokenResponse } from '../../../contract/auth';
import { ApiError, NETWORK_ERROR_STATUS } from '../api-error';
import { buildUrl, errorFromResponse, readJson, RETRYABLE_STATUSES, sleep as realSleep } from '../http';
import { readTokenResponse } from '../shell-answers';
import { auth, pathTo } from '../../../contract/routes';

/** SPEC §9: token refresh margin 10 min, renewal check every 5 min, renewal retries 4 with 1 s delay. */
export const RENEW_MARGIN_MS = 10 * 60 * 1000;
export const RENEW_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const RENEW_RETRIES = 4;
export const RENEW_RETRY_DELAY_MS = 1000;
export const RENEW_PATH = pathTo(auth.renew);

/** Renewal is needed when the timestamp minus 10 minutes is earlier than now (an unreadable timestamp counts as due). */
export function needsRenewal(validTo: string, now: number): boolean {
  const expiresAt = Date.parse(validTo);
  return Number.isNaN(expiresAt) || expiresAt - RENEW_MARGIN_MS < now;
}

export type RenewalResult =
  | { kind: 'renewed'; session: TokenResponse }
  /** The API answered but gave no token: the session is deleted. */
  | { kind: 'empty' }
  /** The API refused or kept failing: log out. */
  | { kind: 'failed'; error: ApiError }
  /** No answer at all (offline): keep the session and try again later. */
  | { kind: 'offline'; error: ApiError };

export interface RenewalDeps {
  baseUrl: string;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** POST /v1/auth/renew, retried up to 4 times with 1000 ms delay on 408, 409, 425, 429, 500, 502, 503, 504. */
export async function requestRenewal(deps: RenewalDeps, token: string): Promise<RenewalResult> {
  const url = buildUrl(deps.baseUrl, RENEW_PATH);
  const wait = deps.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
    } catch {
      const error = new ApiError({ method: 'POST', url, status: NETWORK_ERROR_STATUS, code: 'NetworkError' });
      return { kind: 'offline', error };
    }
    if (response.ok) {
      let body: unknown;
      try {
        body = await readJson(response);
      } catch {
        body = undefined;
      }
      const session = readTokenResponse(body);
      return session?.token ? { kind: 'renewed', session } : { kind: 'empty' };
    }
    if (RETRYABLE_STATUSES.has(response.status) && attempt < RENEW_RETRIES) {
      await wait(RENEW_RETRY_DELAY_MS);
      continue;
    }
    return { kind: 'failed', error: await errorFromResponse('POST', url, response) };
  }
}
