import { z } from 'zod';
import { email } from '../../common';
import { mailbox as calls } from '../dev';
import { describe } from './describe';

const mail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  createdAt: z.string(),
});

export const mailbox = describe(calls, {
  list: {
    tags: ['dev'],
    summary: 'Mails written to the local mailbox, newest first',
    querystring: z.object({ to: email.optional() }),
    response: { 200: z.object({ data: z.array(mail) }) },
  },
});
