import type { ErrorCode } from '../../contract/common';
import { errorText } from './i18n';

/** An error with an HTTP status, a code from the spec's catalogue and its Swedish text. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message ?? errorText(code));
  }
}

export const badRequest = (code: ErrorCode, fields?: { path: string; message: string }[]) =>
  new AppError(400, code, undefined, fields);
export const unauthorized = (code: ErrorCode = 'Unauthorized') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'Forbidden') => new AppError(403, code);
export const notFound = (code: ErrorCode = 'NotFound') => new AppError(404, code);
export const conflict = (code: ErrorCode) => new AppError(409, code);
export const gone = (code: ErrorCode) => new AppError(410, code);

// ── Errors in the log ───────────────────────────────────────────────────────────────────────────────────────────
// A database error carries the query's bound values: drizzle's message is "Failed query: … params: …", PGlite puts
// `params` on its error, and PostgreSQL's own message and `detail` quote the offending value ('Key (email)=(…)',
// 'invalid input syntax for type uuid: "…"'). Those are e-mail addresses, phone numbers and tokens, so of a database
// error only its code, names from the schema and the SQL text (with $1 … placeholders) are logged (decision 0049).

/** Fields of a PostgreSQL error (pg and PGlite alike) that name the schema and never a value. */
const DATABASE_FIELDS = ['severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;
/** How many causes deep an error is followed. */
const MAX_CAUSES = 5;

type Loose = Error & Record<string, unknown>;

function isDatabaseError(error: Loose): boolean {
  return (
    'params' in error ||
    error.name === 'DatabaseError' ||
    (typeof error.severity === 'string' && typeof error.code === 'string')
  );
}

function chain(error: unknown): Loose[] {
  const errors: Loose[] = [];
  for (let e = error; e instanceof Error && errors.length <= MAX_CAUSES; e = e.cause) errors.push(e as Loose);
  return errors;
}

/** The stack's frames without its first line, which repeats the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : '';

/** An error as the log keeps it (the shape pino's own serializer gives, with fewer fields). */
export type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

function describe(error: Loose, withMessage: boolean): LoggedError {
  const out: LoggedError = {
    // The class says more than `name` (drizzle's DrizzleQueryError is named plain "Error").
    type: error.constructor.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name,
    message: withMessage
      ? error.message
      : typeof error.query === 'string'
        ? `Failed query: ${error.query}`
        : 'Database error',
    stack: framesOf(error.stack),
  };
  if (typeof error.code === 'string' || typeof error.code === 'number') out.code = error.code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  for (const field of DATABASE_FIELDS) if (typeof error[field] === 'string') out[field] = error[field];
  return out;
}

/**
 * The logger's `err` serializer: an error as the log may keep it. Where any error of the cause chain came from the
 * database, no message of the chain is kept (a wrapper may quote its cause) — the SQL text stands in for it.
 */
export function errorForLog(error: Error): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const errors = chain(error);
  const withMessages = !errors.some(isDatabaseError);
  const [first, ...causes] = errors.map((e) => describe(e, withMessages));
  return causes.length > 0 ? { ...first!, causes } : first!;
}
