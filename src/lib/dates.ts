import { format, isValid, parseISO, startOfWeek } from 'date-fns';
import { sv } from 'date-fns/locale';

/** Swedish weeks start on Monday (SPEC §1). */
export const WEEK_STARTS_ON = 1 as const;

const options = { locale: sv, weekStartsOn: WEEK_STARTS_ON } as const;

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return typeof value === 'string' ? parseISO(value) : new Date(value);
}

/** Formats with a date-fns pattern in Swedish; returns '' for an invalid date. */
export function formatSv(value: DateInput, pattern: string): string {
  const date = toDate(value);
  return isValid(date) ? format(date, pattern, options) : '';
}

/** 2025-11-25 → "25 november 2025" */
export const formatDate = (value: DateInput) => formatSv(value, 'd MMMM yyyy');
/** 2025-11-25 → "tisdag 25 november" */
export const formatWeekdayDate = (value: DateInput) => formatSv(value, 'EEEE d MMMM');
/** 2025-11-25 → "2025-11-25" (the Swedish numeric date) */
export const formatShortDate = (value: DateInput) => formatSv(value, 'yyyy-MM-dd');
/** 2025-11-25T14:05 → "2025-11-25 14:05" */
export const formatDateTime = (value: DateInput) => formatSv(value, 'yyyy-MM-dd HH:mm');

/** The Monday of the week containing the date. */
export function startOfSwedishWeek(value: DateInput): Date {
  return startOfWeek(toDate(value), options);
}
