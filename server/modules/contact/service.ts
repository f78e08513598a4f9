import type { Mailer } from '../../adapters/mail';
import { spendOnceIn } from '../../adapters/captcha';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ContactBody } from '../../../contract/contact';
import { contactMail } from './mails';

export type ContactMessage = Omit<ContactBody, 'captcha'>;

/** The answer to a missing, forged, expired or already used contact token. */
export const submissionFailed = () => new AppError(401, 'FormSubmissionFailed');

/** Stores a message (spending its contact token in the same transaction) and mails it to customer service. */
export function createContactService(deps: { db: Db; mailer: Mailer; customerServiceEmail: string }) {
  return {
    async send(message: ContactMessage, token: { value: string; validTo: Date }): Promise<{ id: string }> {
      const id = await deps.db.transaction(async (tx) => {
        // One message per token: a resend of the same request finds it spent.
        if (!(await spendOnceIn(tx)('contact-token', token.value, token.validTo))) throw submissionFailed();
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: message.name,
            companyName: message.company,
            email: message.email,
            phone: message.phone || null,
            subject: message.subject,
            message: message.message,
          })
          .returning({ id: contactMessages.id });
        return row!.id;
      });
      // After the commit: the mailbox writes on its own connection (PGlite has only one).
      await deps.mailer.send(contactMail(deps.customerServiceEmail, message, id));
      return { id };
    },
  };
}
