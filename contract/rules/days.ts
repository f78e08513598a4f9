/**
 * Calendar days: the one date system of phone and server (decision 0056). A day is an ISO date 'yyyy-MM-dd'; adding
 * days and asking the weekday is done in UTC, so that a day stays that day whatever the time zone of the machine and
 * across summer time. How a date reads in Swedish is ./swedish-dates.ts.
 */

/** Swedish weeks start on Monday (SPEC §1). */
export const WEEK_STARTS_ON = 1 as const;

export type DateInput = Date | string | number;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/**
 * An ISO 8601 date or date-time (`2025-11-25`, `2025-11-25T14:05`, `…:00.123Z`, `…+01:00`): without an offset in
 * local time (a date alone is local midnight); an impossible day or time is an invalid Date. Written out because
 * `new Date(…)` reads a date alone as UTC and rolls 2026-11-31 over into December.
 */
export function parseIso(value: string): Date {
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

/** A Date from a Date, a timestamp or an ISO string (see parseIso). */
export function toDate(value: DateInput): Date {
  return typeof value === 'string' ? parseIso(value) : new Date(value);
}

const pad = (n: number, length: number) => String(n).padStart(length, '0');

/** The calendar day of an instant on this machine's clock, 'yyyy-MM-dd' (the phone's today). */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** UTC midnight of a day (setUTCFullYear: years below 100 stay what they are). */
function utcMidnight(day: string): Date {
  const result = new Date(0);
  result.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return result;
}

const DAY_MS = 86_400_000;

/** The day `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(utcMidnight(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  return ((utcMidnight(day).getUTCDay() + 6) % 7) + 1;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to).getTime() - utcMidnight(from).getTime()) / DAY_MS);
}

/** The ISO week number (weeks start on Monday; week 1 holds the year's first Thursday); NaN for an invalid date. */
export function isoWeek(value: DateInput): number {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return NaN;
  const day = dayOf(date);
  const thursday = addDays(day, 4 - isoWeekday(day));
  return Math.floor(daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday) / 7) + 1;
}

/** The Monday of the week containing the date (at midnight, local time). */
export function startOfSwedishWeek(value: DateInput): Date {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return new Date(NaN);
  const day = dayOf(date);
  return parseIso(addDays(day, WEEK_STARTS_ON - isoWeekday(day)));
}
