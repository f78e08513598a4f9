import texts from '../../../locales/sv/mails.json' with { type: 'json' };
import type { OutgoingMail } from '../../adapters/mail';
import type { ContactBody } from '../../../contract/contact';
import { fill } from '../../lib/i18n';

/** The message as customer service receives it; the sender's address is in the text to answer to. */
export function contactMail(to: string, message: Omit<ContactBody, 'captcha'>, id: string): OutgoingMail {
  const text = fill(texts.contact.body, {
    name: message.name,
    company: message.company,
    email: message.email,
    phone: message.phone || texts.contact.noPhone,
    subject: message.subject,
    message: message.message,
    id,
  });
  return { to, subject: fill(texts.contact.subject, { subject: message.subject }), text, kind: 'contact' };
}
