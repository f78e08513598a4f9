import { describe, expect, it } from 'vitest';
import { isoWeek, startOfSwedishWeek, WEEK_STARTS_ON } from '../../contract/rules/days';
import {
  formatDate,
  formatDateTime,
  formatShortDate,
  formatWeekday,
  formatWeekdayDate,
  formatWeekdayDateTime,
} from '../../contract/rules/swedish-dates';
import { formatSek } from '../../src/lib/money';
import { documentTitle, titleFromPath } from '../../src/lib/title';

/** Intl uses no-break and narrow no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('titleFromPath', () => {
  it('takes the last path segment in title case', () => {
    expect(titleFromPath('/profil/populara-artiklar')).toBe('Populara Artiklar');
    expect(titleFromPath('/profil/inkopslistor/')).toBe('Inkopslistor');
    expect(titleFromPath('/sok')).toBe('Sok');
    expect(titleFromPath('/produkt/%C3%A4ppelmust_ekologisk')).toBe('Äppelmust Ekologisk');
  });

  it('is empty for the root', () => {
    expect(titleFromPath('/')).toBe('');
    expect(documentTitle('')).toBe('Skafferi');
    expect(documentTitle('Mina sidor')).toBe('Mina sidor | Skafferi');
  });
});

describe('formatSek', () => {
  it('formats öre as Swedish kronor', () => {
    expect(plain(formatSek(123450))).toBe('1 234,50 kr');
    expect(plain(formatSek(0))).toBe('0,00 kr');
    expect(plain(formatSek(99))).toBe('0,99 kr');
    expect(plain(formatSek(-2500))).toMatch(/^[-−]25,00 kr$/);
    expect(plain(formatSek(100_000_000))).toBe('1 000 000,00 kr');
  });
});

describe('sv-SE dates', () => {
  it('formats in Swedish', () => {
    expect(formatDate('2025-11-25')).toBe('25 november 2025');
    expect(formatWeekdayDate('2025-11-25')).toBe('tisdag 25 november');
    expect(formatShortDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(formatWeekday('2025-06-01')).toBe('söndag');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows times on the 24-hour clock', () => {
    expect(formatDateTime('2025-11-25T14:05')).toBe('2025-11-25 14:05');
    expect(formatDateTime('2025-11-25T00:05')).toBe('2025-11-25 00:05');
    expect(formatWeekdayDateTime('2025-11-24T14:00:00')).toBe('måndag 24 november kl. 14:00');
    expect(formatShortDate('2026-11-31')).toBe('');
  });

  it('starts the week on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
    // Sunday 30 November 2025 belongs to the week that began on Monday 24 November.
    expect(formatShortDate(startOfSwedishWeek('2025-11-30'))).toBe('2025-11-24');
    expect(formatShortDate(startOfSwedishWeek('2025-11-24'))).toBe('2025-11-24');
    expect(isoWeek('2025-11-30')).toBe(48);
    expect(isoWeek('2027-01-01')).toBe(53);
  });
});
