import type { OutgoingMail } from '../../adapters/mail';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { createLink } from './links';
import { registrationMail } from './mails';

/**
 * Creates a single-use activation link for a user and returns the mail that carries it. The link is written with
 * `db` (so with the transaction that creates the user); the caller sends the mail once that has committed.
 */
export async function prepareRegistrationMail(
  db: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'registrationLinkTtlHours'>,
  user: { id: string; email: string; firstName: string },
): Promise<OutgoingMail> {
  const token = await createLink(db, user.id, 'registration', config.registrationLinkTtlHours * 3_600_000);
  const link = `${config.publicUrl}/login/email-registration?token=${encodeURIComponent(token)}`;
  return registrationMail(user.email, user.firstName, link, config.registrationLinkTtlHours);
}
