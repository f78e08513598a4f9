import { okResponse } from '../../../contract/common';
import type { NewsletterSubscribeBody } from '../../../contract/newsletter';
import { api } from '../api';
import { newsletter, pathTo } from '../../../contract/routes';

/** POST /v1/newsletter/subscribe — mails a confirmation link (double opt-in). */
export const subscribeToNewsletter = (body: NewsletterSubscribeBody) =>
  api.request(pathTo(newsletter.subscribe), { method: 'POST', body, schema: okResponse, auth: 'none' });
