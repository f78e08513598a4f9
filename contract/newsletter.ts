import { z } from 'zod';
import { email, plainText } from './common';
import { captchaField } from './captcha';

/** POST /v1/newsletter/subscribe: the same 202 for a new, pending or already confirmed address. */
export const newsletterSubscribeBody = z.object({ email, captcha: captchaField });
export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBody>;

export const newsletterTokenQuery = z.object({ token: plainText.min(1).max(200) });

/**
 * What a confirm or unsubscribe link did. The links in the mails lead a browser to the app's page
 * /nyhetsbrev/:status; a client asking for JSON gets this.
 */
export const NEWSLETTER_LINK_STATUSES = [
  'bekraftad',
  'redan-bekraftad',
  'avslutad',
  'ogiltig-lank',
  'utgangen-lank',
] as const;
export type NewsletterLinkStatus = (typeof NEWSLETTER_LINK_STATUSES)[number];
export const newsletterLinkResponse = z.object({ status: z.enum(NEWSLETTER_LINK_STATUSES) });
