import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { sharedSecret } from '../../lib/secrets';

/**
 * The config with the key that signs ALTCHA challenges and contact tokens: CAPTCHA_HMAC_KEY when set, else the one
 * kept in the database, made by the first instance — so that a challenge or token issued by one instance on this
 * database verifies on every other with default settings (decision 0047).
 */
export async function withSharedCaptchaKey(config: Config, db: DbOrTx): Promise<Config> {
  if (config.captcha.hmacKeyConfigured) return config;
  const hmacKey = await sharedSecret(db, 'captcha-hmac-key');
  return { ...config, captcha: { ...config.captcha, hmacKey } };
}
