import { z } from 'zod';
import { forgotPasswordBody } from './auth';
import { captchaField } from './common';

export { captchaField };

/** What the browser needs to show the provider's widget. */
export const captchaConfig = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('altcha'),
    /** GET this for a fresh challenge (the widget does it by itself). */
    challengeUrl: z.string(),
  }),
  z.object({
    provider: z.literal('recaptcha'),
    siteKey: z.string(),
    /** The script on the alternative host (www.recaptcha.net), interface language Indonesian (hl=id). */
    scriptUrl: z.string(),
  }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfig>;

/** An ALTCHA (v2 proof of work) challenge, signed by the server. */
export const altchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallenge>;

/** POST /v1/auth/forgot-password with the bot-protection proof. */
export const forgotPasswordCaptchaBody = forgotPasswordBody.extend({ captcha: captchaField });
export type ForgotPasswordCaptchaBody = z.infer<typeof forgotPasswordCaptchaBody>;
