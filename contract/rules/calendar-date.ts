// Zod-free, so that the browser can check a date of an answer it reads by hand (src/api/customer-answers.ts) without
// loading zod; contract/common.ts builds isoDate on it and re-exports it.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for a yyyy-MM-dd that names a day of the calendar: 2026-02-30 and 2026-13-01 are not, and neither is year 0000
 * (PostgreSQL has no year 0).
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}
