import { deleteCookie, getCookie, setCookie, type CookieOptions } from '../../lib/cookies';
import type { Session, SessionStorage } from './session-store';

/** SPEC §3: the session lives in the cookies `token` and `timestamp` (= validTo), secure and host-scoped. */
export const TOKEN_COOKIE = 'token';
export const TIMESTAMP_COOKIE = 'timestamp';

/**
 * The cookies outlive validTo by the API's renewal grace (TOKEN_RENEW_GRACE_SECONDS, 12 h by default): an expired
 * token can still be renewed on the next visit. After that the cookies go, and with them the session.
 */
export const COOKIE_GRACE_MS = 12 * 60 * 60 * 1000;

function baseOptions(): CookieOptions {
  // Browsers refuse Secure cookies from a non-secure origin (http other than localhost): keep working there.
  const secure = typeof window === 'undefined' || window.isSecureContext;
  return { path: '/', sameSite: 'Lax', secure };
}

export const cookieSessionStorage: SessionStorage = {
  read() {
    const token = getCookie(TOKEN_COOKIE);
    const validTo = getCookie(TIMESTAMP_COOKIE);
    return token && validTo ? { token, validTo } : null;
  },
  write(session: Session) {
    const validTo = Date.parse(session.validTo);
    const expires = new Date((Number.isNaN(validTo) ? Date.now() : validTo) + COOKIE_GRACE_MS);
    setCookie(TOKEN_COOKIE, session.token, { ...baseOptions(), expires });
    setCookie(TIMESTAMP_COOKIE, session.validTo, { ...baseOptions(), expires });
  },
  remove() {
    deleteCookie(TOKEN_COOKIE, baseOptions());
    deleteCookie(TIMESTAMP_COOKIE, baseOptions());
  },
};
