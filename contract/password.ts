import { z } from 'zod';
import { plainText } from './common';

/** SPEC §5 and §9: the password rules, each with its message key, so the client can show them live. */
export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_RULES = [
  { key: 'validation.password.length', test: (s: string) => s.length >= PASSWORD_MIN_LENGTH },
  { key: 'validation.password.digit', test: (s: string) => /\d/.test(s) },
  { key: 'validation.password.special', test: (s: string) => /[^\p{L}\p{N}]/u.test(s) },
  { key: 'validation.password.upper', test: (s: string) => /\p{Lu}/u.test(s) },
  { key: 'validation.password.lower', test: (s: string) => /\p{Ll}/u.test(s) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export function failedPasswordRules(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.key);
}

export const strongPassword = plainText.max(200).superRefine((value, ctx) => {
  for (const key of failedPasswordRules(value)) ctx.addIssue({ code: 'custom', message: key });
});

/** A new password and its confirmation, which must match. */
export const newPasswordPair = z
  .object({ password: strongPassword, confirmPassword: plainText })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.mismatch' });
