import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The contact token: `<expiry in seconds, base36>.<random nonce>.<HMAC>` — signed with a key derived from
 * CAPTCHA_HMAC_KEY, so any server process sharing that key can check it without storing it first.
 */
export function contactTokens(hmacKey: string, ttlMinutes: number) {
  const key = createHmac('sha256', hmacKey).update('contact-token').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue(now = Date.now()) {
      const expires = Math.floor(now / 1000) + ttlMinutes * 60;
      const body = `${expires.toString(36)}.${randomBytes(16).toString('base64url')}`;
      return { token: `${body}.${sign(body)}`, validTo: new Date(expires * 1000) };
    },

    /** The expiry of a well-signed, unexpired token; null otherwise. */
    check(token: string, now = Date.now()): Date | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [expires, nonce, signature] = parts as [string, string, string];
      const expected = Buffer.from(sign(`${expires}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const validTo = new Date(parseInt(expires, 36) * 1000);
      return Number.isFinite(validTo.getTime()) && validTo.getTime() > now ? validTo : null;
    },
  };
}
