import type { OutgoingMail } from '../../adapters/mail';

const greeting = (firstName: string) => (firstName ? `Hej ${firstName}!` : 'Hej!');

export function resetPasswordMail(to: string, firstName: string, link: string, ttlMinutes: number): OutgoingMail {
  const text = [
    greeting(firstName),
    '',
    'Vi har fått en begäran om att återställa lösenordet till ditt Skafferi-konto.',
    `Välj ett nytt lösenord här (länken gäller i ${ttlMinutes} minuter och kan bara användas en gång):`,
    link,
    '',
    'Har du inte bett om det här kan du bortse från mejlet; ditt lösenord är oförändrat.',
    '',
    'Hälsningar',
    'Skafferi kundservice',
  ].join('\n');
  return { to, subject: 'Återställ ditt lösenord till Skafferi', text, kind: 'reset-password' };
}

export function registrationMail(to: string, firstName: string, link: string, ttlHours: number): OutgoingMail {
  const text = [
    greeting(firstName),
    '',
    'Ett konto har skapats åt dig i Skafferi. Aktivera det och välj ditt lösenord här',
    `(länken gäller i ${ttlHours} timmar och kan bara användas en gång):`,
    link,
    '',
    'Hälsningar',
    'Skafferi kundservice',
  ].join('\n');
  return { to, subject: 'Aktivera ditt konto i Skafferi', text, kind: 'registration' };
}
