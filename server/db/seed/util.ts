import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { swedishHolidays } from '../../modules/calendar/holidays';

export const DAY_MS = 86_400_000;

/** Calendar arithmetic is done on UTC midnights; the seed's dates are calendar dates, not instants. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** yyyy-MM-dd of the UTC calendar day. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: Date): number {
  const d = date.getUTCDay();
  return d === 0 ? 7 : d;
}

/** Last day of the month `monthsAhead` months after `date`. */
export function endOfMonth(date: Date, monthsAhead = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsAhead + 1, 0));
}

/** A weekday that is not a Swedish public holiday (nor a day the wholesaler treats as one). */
export function isWorkingDay(date: Date): boolean {
  return isoWeekday(date) <= 5 && !swedishHolidays(date.getUTCFullYear()).has(isoDate(date));
}

/** kebab-case ASCII: å/ä → a, ö → o, é → e, × → x; everything else non-alphanumeric becomes a dash. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/[éè]/g, 'e')
    .replace(/×/g, 'x')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** GS1 check digit for the digits of a GTIN without its check digit (any length). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the GTIN (8, 12, 13 or 14 digits) has a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/** Luhn check digit (Swedish organisation and personal numbers). */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = (body.charCodeAt(body.length - 1 - i) - 48) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Rounds öre to whole kronor when above 100 kr, else to 10 öre, so list prices look like a wholesaler's. */
export function roundPrice(ore: number): number {
  if (ore >= 10_000) return Math.round(ore / 100) * 100;
  return Math.max(10, Math.round(ore / 10) * 10);
}

/** Swedish decimal: 1.5 → '1,5'. */
export function svDecimal(value: number, decimals = 1): string {
  return value.toFixed(decimals).replace('.', ',');
}

/**
 * Bulk insert through one JSON parameter per batch (`json_populate_recordset`): far less work than thousands of bind
 * parameters, on PGlite and PostgreSQL alike. Columns missing from the rows get their defaults.
 */
export async function insertJson<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  batchRows = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row as object)) keys.add(key);
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => keys.has(key));
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const tableName = `"${getTableName(table)}"`;
  for (let i = 0; i < rows.length; i += batchRows) {
    const batch = rows.slice(i, i + batchRows).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key];
        out[column.name] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    });
    await db.execute(
      sql
        .raw(`INSERT INTO ${tableName} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${tableName}, `)
        .append(sql`${JSON.stringify(batch)}::json)`),
    );
  }
}
