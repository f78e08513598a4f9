import type { OutgoingMail } from '../../adapters/mail';
import type { ContactBody } from '../../../contract/contact';

/** The message as customer service receives it; the sender's address is in the text to answer to. */
export function contactMail(to: string, message: Omit<ContactBody, 'captcha'>, id: string): OutgoingMail {
  const text = [
    'Nytt meddelande från kontaktformuläret på webbplatsen.',
    '',
    `Namn: ${message.name}`,
    `Företag: ${message.company}`,
    `E-post: ${message.email}`,
    `Telefon: ${message.phone || '–'}`,
    `Ämne: ${message.subject}`,
    '',
    message.message,
    '',
    `Ärende-id: ${id}`,
  ].join('\n');
  return { to, subject: `Kontaktformulär: ${message.subject}`, text, kind: 'contact' };
}
