import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { altchaProvider } from './altcha';
import { recaptchaProvider } from './recaptcha';
import { spendOnceIn } from './spent';
import type { CaptchaProvider } from './types';

export type { CaptchaContext, CaptchaProvider, CaptchaResult, SpendOnce } from './types';
export { spendOnceIn } from './spent';

/** How long an ALTCHA challenge may be solved and sent. */
export const ALTCHA_TTL_SECONDS = 20 * 60;
export const ALTCHA_CHALLENGE_PATH = '/v1/captcha/challenge';

/** reCAPTCHA when both RECAPTCHA_ keys are set; otherwise the embedded ALTCHA. */
export function createCaptcha(config: Config, db: Db, options: { fetch?: typeof fetch } = {}): CaptchaProvider {
  const recaptcha = config.captcha.recaptcha;
  if (recaptcha) return recaptchaProvider({ ...recaptcha, fetch: options.fetch });
  return altchaProvider({
    hmacKey: config.captcha.hmacKey,
    cost: config.captcha.cost,
    maxCounter: config.captcha.maxCounter,
    ttlSeconds: ALTCHA_TTL_SECONDS,
    spendOnce: spendOnceIn(db),
    challengeUrl: ALTCHA_CHALLENGE_PATH,
  });
}
