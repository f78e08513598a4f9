import { z } from 'zod';
import { captchaField, email, isoDateTime, plainText } from './common';
import { strongPassword } from './password';

export const loginBody = z.object({
  email,
  password: plainText.min(1, { message: 'validation.required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** SPEC §3 token response. validTo is an ISO timestamp. */
export const tokenResponse = z.object({ token: z.string(), validTo: isoDateTime });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const tokenField = plainText.min(10, { message: 'validation.required' }).max(200);

export const resetPasswordBody = z
  .object({ token: tokenField, password: strongPassword, confirmPassword: plainText })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.mismatch' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /v1/auth/confirm-registration: the new password, and the bot-protection proof (SPEC §2). */
export const confirmRegistrationBody = z
  .object({ token: tokenField, password: strongPassword, confirmPassword: plainText, captcha: captchaField })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.mismatch' });
export type ConfirmRegistrationBody = z.infer<typeof confirmRegistrationBody>;

export const verifyRegistrationQuery = z.object({ token: tokenField });
export const verifyRegistrationResponse = z.object({ email: z.string(), firstName: z.string() });
export type VerifyRegistrationResponse = z.infer<typeof verifyRegistrationResponse>;
