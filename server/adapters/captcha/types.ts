import type { AltchaChallenge, CaptchaConfig } from '../../../contract/captcha';

/** Who is asking, for providers that weigh it (reCAPTCHA takes the address and checks the action). */
export type CaptchaContext = { remoteIp?: string; action?: string };

/** Why a proof was refused (for the log; the visitor always gets the same CaptchaFailed). */
export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** Bot protection: ALTCHA (self-hosted proof of work, the default) or Google reCAPTCHA. */
export interface CaptchaProvider {
  /** What the browser needs to show the widget. */
  readonly config: CaptchaConfig;
  /** A fresh signed challenge (ALTCHA only; the widget fetches it from GET /v1/captcha/challenge). */
  challenge?(): Promise<AltchaChallenge>;
  /** Checks a proof once: a proof that passed is spent, a second use is refused. */
  verify(proof: string, context?: CaptchaContext): Promise<CaptchaResult>;
}

/** Marks a single-use proof as used; false when it already was (a replay). */
export type SpendOnce = (kind: string, id: string, expiresAt: Date) => Promise<boolean>;
