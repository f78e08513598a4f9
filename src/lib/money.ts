const sek = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });

/** Formats an amount in öre as Swedish kronor, e.g. 123450 → "1 234,50 kr". */
export function formatSek(ore: number): string {
  return sek.format(Math.round(ore) / 100);
}

const signedSek = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', signDisplay: 'exceptZero' });

/** A change in öre with its sign, e.g. 12345 → "+123,45 kr", −500 → "−5,00 kr" (a variance). */
export function formatSignedSek(ore: number): string {
  return signedSek.format(Math.round(ore) / 100);
}
