import type { CaptchaProvider, CaptchaResult } from './types';

export type RecaptchaOptions = {
  siteKey: string;
  secret: string;
  /** www.recaptcha.net (the alternative host) or www.google.com. */
  host: string;
  /** The siteverify endpoint (RECAPTCHA_VERIFY_URL, default https://<host>/recaptcha/api/siteverify). */
  verifyUrl: string;
  /** v3: lowest accepted score. */
  minScore: number;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The documented answer of siteverify (v2 has no score or action; v3 has both). */
type SiteverifyAnswer = {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  challenge_ts?: string;
  'error-codes'?: string[];
};

/**
 * Google reCAPTCHA, checked on the server: POST siteverify (form-encoded secret, response, remoteip). A v3 token
 * must also reach the minimum score and carry the action the form asked for. Google spends a token itself
 * (a second check answers timeout-or-duplicate). When Google cannot be reached the proof is refused.
 */
export function recaptchaProvider(options: RecaptchaOptions): CaptchaProvider {
  const doFetch = options.fetch ?? fetch;
  const scriptUrl = `https://${options.host}/recaptcha/api.js?render=${encodeURIComponent(options.siteKey)}&hl=id`;

  return {
    config: { provider: 'recaptcha', siteKey: options.siteKey, scriptUrl },

    async verify(proof, context = {}): Promise<CaptchaResult> {
      const form = new URLSearchParams({ secret: options.secret, response: proof });
      if (context.remoteIp) form.set('remoteip', context.remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const response = await doFetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return { ok: false, reason: `siteverify answered ${response.status}` };
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        return { ok: false, reason: `siteverify unreachable: ${(error as Error).message}` };
      }
      if (answer.success !== true)
        return { ok: false, reason: (answer['error-codes'] ?? ['not successful']).join(',') };
      if (typeof answer.score === 'number' && answer.score < options.minScore)
        return { ok: false, reason: `score ${answer.score}` };
      if (context.action && answer.action !== undefined && answer.action !== context.action)
        return { ok: false, reason: `action ${answer.action}` };
      return { ok: true };
    },
  };
}
