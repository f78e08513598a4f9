import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PostgreSQL ends one of two transactions that cannot both go on: each waits for a row the other has locked
 * (deadlock_detected), or their reads and writes cannot be put in an order (serialization_failure). Nothing of the
 * ended one was kept, and once the other commits the same work runs through (decision 0092). PGlite, one connection,
 * never answers them.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/**
 * unique_violation: a row with this key exists. A change that looked for the row first and did not find it lost a race
 * to another transaction that inserted it meanwhile (two creates with one client id, one article added twice at once):
 * run again, the look finds the row and answers as the rule says (a resend, or 409), not 500.
 */
const UNIQUE_VIOLATION = new Set(['23505']);

/** Whether `error` (a driver's error, or drizzle's wrapping one in `cause`) carries one of these SQLSTATEs. */
function carries(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 4; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether the database ended `error`'s transaction in a conflict with another (answered 503 when it stays). */
export const isTransientConflict = (error: unknown): boolean => carries(error, CONFLICT_CODES);

/** Whether `error` is a unique key another transaction (or this one) already holds. */
export const isUniqueViolation = (error: unknown): boolean => carries(error, UNIQUE_VIOLATION);

/** How often a transaction ended so is run: the first try and three more. */
export const CONFLICT_TRIES = 4;

/**
 * A short, random pause before try `tried + 1`: the two transactions that met do not start again in step, and the
 * one that went on has time to commit. Longer after each try.
 */
export const pauseAfterConflict = (tried: number) => sleep(Math.round(Math.random() * 20 * tried) + 5 * tried);

/**
 * Runs `work` (one whole transaction) again when the database ended it in a conflict or it lost a race for a unique
 * key, up to `CONFLICT_TRIES` times; the last ending is thrown (a conflict is answered 503, to be sent again).
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await work();
    } catch (error) {
      if (tried >= CONFLICT_TRIES || !(isTransientConflict(error) || isUniqueViolation(error))) throw error;
      await pauseAfterConflict(tried);
    }
  }
}
