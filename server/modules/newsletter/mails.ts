import { pluralText } from '../../../contract/rules/plural';
import texts from '../../../locales/sv/mails.json' with { type: 'json' };
import type { OutgoingMail } from '../../adapters/mail';
import { fill } from '../../lib/i18n';

const t = texts.newsletter;
/** A newsletter mail: no name to greet, signed by Skafferi rather than customer service (locales/sv/mails.json). */
const letter = (body: string) => [texts.greetingWithoutName, '', body, '', t.signature].join('\n');

export function confirmMail(to: string, confirmLink: string, ttlHours: number): OutgoingMail {
  const text = letter(fill(pluralText(t.confirm, 'body', ttlHours), { link: confirmLink, count: ttlHours }));
  return { to, subject: t.confirm.subject, text, kind: 'newsletter-confirm' };
}

export function welcomeMail(to: string, unsubscribeLink: string): OutgoingMail {
  const text = letter(fill(t.welcome.body, { link: unsubscribeLink }));
  return { to, subject: t.welcome.subject, text, kind: 'newsletter-welcome' };
}

/** Sent instead of a new confirmation when the address already receives the newsletter. */
export function alreadySubscribedMail(to: string, unsubscribeLink: string): OutgoingMail {
  const text = letter(fill(t.alreadySubscribed.body, { link: unsubscribeLink }));
  return { to, subject: t.alreadySubscribed.subject, text, kind: 'newsletter-already' };
}
