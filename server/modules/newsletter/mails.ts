import type { OutgoingMail } from '../../adapters/mail';

const signature = ['', 'Hälsningar', 'Skafferi'];

export function confirmMail(to: string, confirmLink: string, ttlHours: number): OutgoingMail {
  const text = [
    'Hej!',
    '',
    'Tack för att du vill få Skafferis nyhetsbrev. Bekräfta att det är du genom att öppna länken',
    `(den gäller i ${ttlHours} timmar):`,
    confirmLink,
    '',
    'Har du inte anmält dig kan du bortse från mejlet; du får inga utskick utan att bekräfta.',
    ...signature,
  ].join('\n');
  return { to, subject: 'Bekräfta din prenumeration på Skafferis nyhetsbrev', text, kind: 'newsletter-confirm' };
}

export function welcomeMail(to: string, unsubscribeLink: string): OutgoingMail {
  const text = [
    'Hej!',
    '',
    'Nu är du anmäld till Skafferis nyhetsbrev: säsongens råvaror, nyheter i sortimentet och kampanjer.',
    '',
    'Vill du inte längre få nyhetsbrevet avslutar du prenumerationen här:',
    unsubscribeLink,
    ...signature,
  ].join('\n');
  return { to, subject: 'Välkommen till Skafferis nyhetsbrev', text, kind: 'newsletter-welcome' };
}

/** Sent instead of a new confirmation when the address already receives the newsletter. */
export function alreadySubscribedMail(to: string, unsubscribeLink: string): OutgoingMail {
  const text = [
    'Hej!',
    '',
    'Någon (troligen du) ville anmäla den här adressen till Skafferis nyhetsbrev, men du får det redan.',
    'Du behöver inte göra något.',
    '',
    'Vill du inte längre få nyhetsbrevet avslutar du prenumerationen här:',
    unsubscribeLink,
    ...signature,
  ].join('\n');
  return { to, subject: 'Du får redan Skafferis nyhetsbrev', text, kind: 'newsletter-already' };
}
