import { addDays, isoWeekday } from '../../../contract/rules/days';

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const day = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** First date in [from, from+6] that falls on the given ISO weekday (1 = Monday … 7 = Sunday). */
function firstWeekdayFrom(from: string, weekday: number): string {
  return addDays(from, (weekday - isoWeekday(from) + 7) % 7);
}

/**
 * Swedish public holidays of a year as ISO dates with their names, plus the de facto days off a wholesaler does not
 * deliver on (midsommarafton, julafton, nyårsafton).
 */
export function swedishHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year).toISOString().slice(0, 10);
  const midsummerDay = firstWeekdayFrom(day(year, 6, 20), 6);
  const allSaints = firstWeekdayFrom(day(year, 10, 31), 6);
  const days: [string, string][] = [
    [day(year, 1, 1), 'Nyårsdagen'],
    [day(year, 1, 6), 'Trettondedag jul'],
    [addDays(easter, -2), 'Långfredagen'],
    [easter, 'Påskdagen'],
    [addDays(easter, 1), 'Annandag påsk'],
    [day(year, 5, 1), 'Första maj'],
    [addDays(easter, 39), 'Kristi himmelsfärdsdag'],
    [addDays(easter, 49), 'Pingstdagen'],
    [day(year, 6, 6), 'Sveriges nationaldag'],
    [addDays(midsummerDay, -1), 'Midsommarafton'],
    [midsummerDay, 'Midsommardagen'],
    [allSaints, 'Alla helgons dag'],
    [day(year, 12, 24), 'Julafton'],
    [day(year, 12, 25), 'Juldagen'],
    [day(year, 12, 26), 'Annandag jul'],
    [day(year, 12, 31), 'Nyårsafton'],
  ];
  return new Map(days);
}
