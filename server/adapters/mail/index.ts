import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailboxMailer } from './mailbox';
import { smtpMailer } from './smtp';
import type { Mailer } from './types';

export type { Mailer, OutgoingMail } from './types';

/** The mailbox always keeps a copy; with SMTP_URL set the mail is also delivered, and a delivery failure is logged. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const box = mailboxMailer(db);
  if (!config.smtpUrl) {
    // Without SMTP and without the mailbox viewer (production), nobody would ever read a mail: say so once, loudly.
    if (!config.devMailbox)
      log.warn('SMTP_URL is not set and the mailbox is off: reset, activation and newsletter mails reach nobody');
    return box;
  }
  const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
  return {
    async send(mail) {
      await box.send(mail);
      smtp.send(mail).catch((err: unknown) => log.error({ err, kind: mail.kind }, 'SMTP delivery failed'));
    },
    async close() {
      await smtp.close();
    },
  };
}
