import { pluralText } from '../../../contract/rules/plural';
import texts from '../../../locales/sv/mails.json' with { type: 'json' };
import type { OutgoingMail } from '../../adapters/mail';
import { fill } from '../../lib/i18n';

/** A mail's text: the greeting, the body and the signature (locales/sv/mails.json). */
const letter = (firstName: string, body: string) =>
  [firstName ? fill(texts.greeting, { firstName }) : texts.greetingWithoutName, '', body, '', texts.signature].join(
    '\n',
  );

const stockholmTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  dateStyle: 'long',
  timeStyle: 'short',
});

export function resetPasswordMail(to: string, firstName: string, link: string, ttlMinutes: number): OutgoingMail {
  const text = letter(
    firstName,
    fill(pluralText(texts.resetPassword, 'body', ttlMinutes), { link, count: ttlMinutes }),
  );
  return { to, subject: texts.resetPassword.subject, text, kind: 'reset-password' };
}

export function registrationMail(to: string, firstName: string, link: string, ttlHours: number): OutgoingMail {
  const text = letter(firstName, fill(pluralText(texts.registration, 'body', ttlHours), { link, count: ttlHours }));
  return { to, subject: texts.registration.subject, text, kind: 'registration' };
}

/** To the old address after an e-mail change: what it became, when, and whom to call if it was not the user. */
export function emailChangedMail(
  user: { firstName: string; oldEmail: string; newEmail: string },
  changedAt: Date,
  customerServiceEmail: string,
): OutgoingMail {
  const body = fill(texts.emailChanged.body, {
    when: stockholmTime.format(changedAt),
    oldEmail: user.oldEmail,
    newEmail: user.newEmail,
    customerService: customerServiceEmail,
  });
  return {
    to: user.oldEmail,
    subject: texts.emailChanged.subject,
    text: letter(user.firstName, body),
    kind: 'email-changed',
  };
}
