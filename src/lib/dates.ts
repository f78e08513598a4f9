/**
 * Swedish dates (SPEC §1) without a date library: the product card, product page and search results show dates, and
 * date-fns with its Swedish locale (≈ 8 KB gzip) was on their first load (docs/decisions/0021-first-load-budget.md).
 * Same results as date-fns' `parseISO` and `format(…, { locale: sv, weekStartsOn: 1 })` for the patterns below.
 */

/** Swedish weeks start on Monday (SPEC §1). */
export const WEEK_STARTS_ON = 1 as const;

export type DateInput = Date | string | number;

const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
];
const MONTHS_SHORT = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];
const WEEKDAYS = ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'];
const WEEKDAYS_SHORT = ['sön', 'mån', 'tis', 'ons', 'tors', 'fre', 'lör'];

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * An ISO 8601 date or date-time (`2025-11-25`, `2025-11-25T14:05`, `…:00.123Z`, `…+01:00`), as date-fns' parseISO
 * reads it: without an offset in local time (a date alone is local midnight); out-of-range parts are invalid.
 */
function parseIso(value: string): Date {
  const m = ISO.exec(value);
  if (!m) return new Date(NaN);
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const hours = Number(m[4] ?? 0);
  const minutes = Number(m[5] ?? 0);
  const seconds = Number(m[6] ?? 0);
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const validTime =
    hours === 24 ? minutes === 0 && seconds === 0 && ms === 0 : hours < 24 && minutes < 60 && seconds < 60;
  if (month > 11 || day < 1 || day > daysInMonth || !validTime) return new Date(NaN);
  if (m[8] || m[9]) {
    const offsetHours = Number(m[10] ?? 0);
    const offsetMinutes = Number(m[11] ?? 0);
    if (offsetHours > 23 || offsetMinutes > 59) return new Date(NaN);
    const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
    const utc = new Date(0);
    utc.setUTCFullYear(year, month, day);
    utc.setUTCHours(hours, minutes, seconds, ms);
    return new Date(utc.getTime() - offset);
  }
  const local = new Date(0);
  local.setFullYear(year, month, day);
  local.setHours(hours, minutes, seconds, ms);
  return local;
}

function toDate(value: DateInput): Date {
  return typeof value === 'string' ? parseIso(value) : new Date(value);
}

const pad = (n: number, length: number) => String(Math.abs(n)).padStart(length, '0');

/** Local midnight of a calendar day (setFullYear: years below 100 stay what they are). */
function day(year: number, month: number, date: number): Date {
  const result = new Date(0);
  result.setFullYear(year, month, date);
  result.setHours(0, 0, 0, 0);
  return result;
}

/** The ISO week number (weeks start on Monday; week 1 holds the year's first Thursday). */
function isoWeek(date: Date): number {
  const thursday = day(date.getFullYear(), date.getMonth(), date.getDate() + 3 - ((date.getDay() + 6) % 7));
  const january4 = day(thursday.getFullYear(), 0, 4);
  const firstThursday = day(thursday.getFullYear(), 0, 4 + 3 - ((january4.getDay() + 6) % 7));
  return 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
}

/** One token of a pattern (a run of one letter). */
function token(date: Date, letter: string, length: number): string {
  switch (letter) {
    case 'y':
      return length === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), length);
    case 'M': {
      const month = date.getMonth();
      if (length === 4) return MONTHS[month]!;
      if (length === 3) return MONTHS_SHORT[month]!;
      if (length <= 2) return pad(month + 1, length);
      break;
    }
    case 'd':
      if (length <= 2) return pad(date.getDate(), length);
      break;
    case 'E':
      if (length === 4) return WEEKDAYS[date.getDay()]!;
      if (length <= 3) return WEEKDAYS_SHORT[date.getDay()]!;
      break;
    case 'H':
      if (length <= 2) return pad(date.getHours(), length);
      break;
    case 'm':
      if (length <= 2) return pad(date.getMinutes(), length);
      break;
    case 's':
      if (length <= 2) return pad(date.getSeconds(), length);
      break;
    case 'I':
      if (length <= 2) return pad(isoWeek(date), length);
      break;
  }
  throw new RangeError(`Datumformatet stöds inte: '${letter.repeat(length)}'`);
}

/**
 * Formats with a date-fns pattern in Swedish — the tokens y…, M–MMMM, d/dd, E–EEEE, H/HH, m/mm, s/ss and I/II, text in
 * single quotes (others are refused); returns '' for an invalid date.
 */
export function formatSv(value: DateInput, pattern: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const char = pattern[i]!;
    if (char === "'") {
      // Quoted text; '' is a quote (alone or inside quoted text).
      let j = i + 1;
      if (pattern[j] === "'") {
        out += "'";
        i = j + 1;
        continue;
      }
      while (j < pattern.length) {
        if (pattern[j] === "'") {
          if (pattern[j + 1] !== "'") break;
          out += "'";
          j += 2;
        } else {
          out += pattern[j];
          j++;
        }
      }
      i = j + 1;
      continue;
    }
    if (/[a-zA-Z]/.test(char)) {
      let length = 1;
      while (pattern[i + length] === char) length++;
      out += token(date, char, length);
      i += length;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

/** 2025-11-25 → "25 november 2025" */
export const formatDate = (value: DateInput) => formatSv(value, 'd MMMM yyyy');
/** 2025-11-25 → "tisdag 25 november" */
export const formatWeekdayDate = (value: DateInput) => formatSv(value, 'EEEE d MMMM');
/** 2025-11-25 → "2025-11-25" (the Swedish numeric date) */
export const formatShortDate = (value: DateInput) => formatSv(value, 'yyyy-MM-dd');
/** 2025-11-25T14:05 → "2025-11-25 14:05" */
export const formatDateTime = (value: DateInput) => formatSv(value, 'yyyy-MM-dd HH:mm');

/** The Monday of the week containing the date (at midnight, local time). */
export function startOfSwedishWeek(value: DateInput): Date {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return new Date(NaN);
  return day(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
}
