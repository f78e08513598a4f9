import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PostgreSQL ends one of two transactions that cannot both go on: each waits for a row the other has locked
 * (deadlock_detected), or their reads and writes cannot be put in an order (serialization_failure). Nothing of the
 * ended one was kept, and once the other commits the same work runs through (decision 0092). PGlite, one connection,
 * never answers them.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** How often a transaction ended so is run: the first try and three more. */
export const CONFLICT_TRIES = 4;

/** Whether `error` (a driver's error, or drizzle's wrapping it in `cause`) is such an ending. */
export function isTransientConflict(error: unknown): boolean {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 4; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A short, random pause before try `tried + 1`: the two transactions that met do not start again in step, and the
 * one that went on has time to commit. Longer after each try.
 */
export const pauseAfterConflict = (tried: number) => sleep(Math.round(Math.random() * 20 * tried) + 5 * tried);

/**
 * Runs `work` (one whole transaction) again when the database ended it in a conflict, up to `CONFLICT_TRIES` times;
 * the last ending is thrown (the error handler answers it 503, to be sent again).
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await work();
    } catch (error) {
      if (tried >= CONFLICT_TRIES || !isTransientConflict(error)) throw error;
      await pauseAfterConflict(tried);
    }
  }
}
