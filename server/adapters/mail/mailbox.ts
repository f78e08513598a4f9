import type { Db } from '../../db/client';
import { mailbox } from '../../db/schema';
import type { Mailer, OutgoingMail } from './types';

/** Every mail is kept in the local mailbox, so the demo and the tests can read it without a mail server. */
export function mailboxMailer(db: Db): Mailer {
  return {
    async send(mail: OutgoingMail) {
      await db
        .insert(mailbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, kind: mail.kind });
    },
    async close() {},
  };
}
