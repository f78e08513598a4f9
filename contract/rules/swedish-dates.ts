/**
 * Dates as Swedish readers see them (SPEC §1), from the platform's Intl.DateTimeFormat('sv-SE') — no date library on
 * the phone's first load (decision 0021) and the same words in the server's messages and the phone's screens
 * (decision 0056). Dates are shown on this machine's clock, a date alone as that day.
 */
import { toDate, type DateInput } from './days';

const sv = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('sv-SE', options);

const DATE = sv({ day: 'numeric', month: 'long', year: 'numeric' });
const WEEKDAY_DATE = sv({ weekday: 'long', day: 'numeric', month: 'long' });
const WEEKDAY = sv({ weekday: 'long' });
const SHORT_DATE = sv({ year: 'numeric', month: '2-digit', day: '2-digit' });
// h23: midnight is 00:05, never 24:05.
const TIME = sv({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Formats a valid date; an invalid one shows as nothing. */
function show(format: (date: Date) => string, value: DateInput): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date);
}

/** 2025-11-25 → "25 november 2025" */
export const formatDate = (value: DateInput) => show((d) => DATE.format(d), value);
/** 2025-11-25 → "tisdag 25 november" */
export const formatWeekdayDate = (value: DateInput) => show((d) => WEEKDAY_DATE.format(d), value);
/** 2025-11-25 → "tisdag" */
export const formatWeekday = (value: DateInput) => show((d) => WEEKDAY.format(d), value);
/** 2025-11-25 → "2025-11-25" (the Swedish numeric date) */
export const formatShortDate = (value: DateInput) => show((d) => SHORT_DATE.format(d), value);
/** 2025-11-25T14:05 → "2025-11-25 14:05" */
export const formatDateTime = (value: DateInput) => show((d) => `${SHORT_DATE.format(d)} ${TIME.format(d)}`, value);
/** 2025-11-24T14:00 → "måndag 24 november kl. 14:00" (an order deadline). */
export const formatWeekdayDateTime = (value: DateInput) =>
  show((d) => `${WEEKDAY_DATE.format(d)} kl. ${TIME.format(d)}`, value);
