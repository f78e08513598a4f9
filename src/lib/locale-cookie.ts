import { setCookie } from './cookies';

/** The cookie that says which language the visitor reads (SPEC §9: it lasts 365 days). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Swedish is the only language (SPEC §1); the cookie still says so, for the server and for later languages. */
export const LOCALE = 'sv';

/**
 * Writes the locale cookie on every start, so that its 365 days count from the last visit. A necessary cookie (it
 * holds no personal data), SameSite=Lax, Secure wherever the site is served over https (production).
 */
export function rememberLocale(): void {
  if (typeof document === 'undefined') return;
  setCookie(LOCALE_COOKIE, LOCALE, {
    maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
}
