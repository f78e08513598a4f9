const swedish = new Intl.PluralRules('sv-SE');

/**
 * The text for a count from a group of messages, as i18next picks it in the client: `<key>_one` for 1, `<key>_other`
 * for every other number (Swedish has two forms). For code that reads locales/sv without i18next (the server's mails
 * and PDFs, the offline worker), so "1 timme" and "24 timmar" come from the same rule as the screens.
 */
export function pluralText(messages: object, key: string, count: number): string {
  const texts = messages as Record<string, unknown>;
  const text = texts[`${key}_${swedish.select(count)}`] ?? texts[`${key}_other`];
  if (typeof text !== 'string') throw new Error(`No plural forms for ${key}`);
  return text;
}
