import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AltchaChallenge } from '../../../contract/captcha';
import type { CaptchaProvider, CaptchaResult, SpendOnce } from './types';

export type AltchaOptions = {
  /** Signs challenges (CAPTCHA_HMAC_KEY); two keys are derived from it, one per signature. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [maxCounter/2, maxCounter]. */
  maxCounter: number;
  /** How long a challenge may be solved and sent. */
  ttlSeconds: number;
  spendOnce: SpendOnce;
  /** Path of GET /v1/captcha/challenge as the browser sees it. */
  challengeUrl: string;
};

const ALGORITHM = 'PBKDF2/SHA-256';

const subKey = (key: string, purpose: string) => createHmac('sha256', key).update(purpose).digest('base64url');

function parsePayload(proof: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Payload;
    if (!payload || typeof payload !== 'object' || !payload.challenge?.parameters || !payload.solution) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * ALTCHA v2 proof of work, self-hosted: the server signs a challenge whose key prefix comes from a secret counter
 * (deterministic mode), the browser's widget derives keys until it finds it, and the server checks the signatures.
 * Nothing is stored per challenge; a solved one is spent (stored by nonce) so that it cannot be sent twice.
 */
export function altchaProvider(options: AltchaOptions): CaptchaProvider {
  const hmacSignatureSecret = subKey(options.hmacKey, 'altcha-challenge');
  const hmacKeySignatureSecret = subKey(options.hmacKey, 'altcha-key');
  const maxCounter = Math.max(2, options.maxCounter);

  return {
    config: { provider: 'altcha', challengeUrl: options.challengeUrl },

    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
        deriveKey,
        expiresAt: new Date(Date.now() + options.ttlSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return challenge as AltchaChallenge;
    },

    async verify(proof): Promise<CaptchaResult> {
      const payload = parsePayload(proof);
      if (!payload) return { ok: false, reason: 'unreadable payload' };
      if (payload.challenge.parameters.algorithm !== ALGORITHM) return { ok: false, reason: 'wrong algorithm' };
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return { ok: false, reason: 'malformed payload' };
      }
      if (!result.verified) {
        const reason = result.expired ? 'expired' : result.invalidSignature ? 'bad signature' : 'wrong solution';
        return { ok: false, reason };
      }
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + 3600) * 1000);
      const first = await options.spendOnce('altcha', payload.challenge.parameters.nonce, expiresAt);
      return first ? { ok: true } : { ok: false, reason: 'already used' };
    },
  };
}
