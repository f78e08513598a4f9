const sek = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });

/** Formats an amount in öre as Swedish kronor, e.g. 123450 → "1 234,50 kr". */
export function formatSek(ore: number): string {
  return sek.format(Math.round(ore) / 100);
}
