import { z } from 'zod';
import { email, isoDateTime, multilineText, plainText } from './common';
import { captchaConfig, captchaField } from './captcha';

/** GET /v1/contact-us/token: a short-lived signed token for one message, and what the form's captcha needs. */
export const contactTokenResponse = z.object({
  token: z.string(),
  validTo: isoDateTime,
  captcha: captchaConfig,
});
export type ContactTokenResponse = z.infer<typeof contactTokenResponse>;

const text = (max: number) => plainText.trim().min(1, { message: 'validation.required' }).max(max);

/** POST /v1/contact-us (Authorization: Bearer <contact token>). */
export const contactBody = z.object({
  name: text(200),
  company: text(200),
  email,
  phone: plainText
    .trim()
    .max(40, { message: 'validation.tooLong' })
    .regex(/^(\+?[\d\s()-]{6,})?$/, { message: 'validation.phone' })
    .optional(),
  subject: text(200),
  /** Typed into a text area: line breaks and tabs are part of it. */
  message: multilineText.trim().min(1, { message: 'validation.required' }).max(5000),
  captcha: captchaField,
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactResponse = z.object({ ok: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
