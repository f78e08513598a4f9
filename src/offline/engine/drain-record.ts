import { BACKOFF_CAP_MS, backoffDelay } from './backoff';
import { transact, type OfflineDb, type OutboxEntry, type OutboxError } from './database';
import { kindOf, syncTables } from './registry';

/** The status of a change refused on the device (it never reached the server). */
export const LOCAL_REJECTION = 0;

/**
 * What one batch did to the outbox, written in ONE IndexedDB transaction (`commit`): on a phone each transaction is a
 * flush to disk, so one per batch instead of one per change. Written in the entries' order, as they were answered.
 */
export function batchRecord(db: OfflineDb, random: () => number) {
  const writes: (() => Promise<unknown>)[] = [];
  let sent = 0;
  let rejected = 0;
  let retryAt: number | null = null;

  return {
    get sent() {
      return sent;
    },
    get rejected() {
      return rejected;
    },
    /** When the entry kept by `backOff` may be tried again (epoch ms), or null. */
    get retryAt() {
      return retryAt;
    },

    /** The server applied it (or a deletion found the row gone): out of the outbox, its answer into the server copy. */
    done(entry: OutboxEntry, body: unknown, replayed: boolean) {
      sent++;
      writes.push(async () => {
        await db.outbox.delete(entry.seq);
        await kindOf(entry.entity).applyAnswer(db, entry, body, replayed);
      });
    },

    /** Refused: shown in the sync panel with its message; the aggregate is read again and rebased without it. */
    reject(entry: OutboxEntry, error: OutboxError) {
      rejected++;
      writes.push(async () => {
        await db.outbox.update(entry.seq, {
          status: 'rejected',
          attempts: entry.attempts + (error.status === LOCAL_REJECTION ? 0 : 1),
          nextAttemptAt: null,
          lastError: error,
        });
        await kindOf(entry.entity).markStale(db, entry.entityId);
      });
    },

    /** Kept, and not tried again before its backoff (at least `minimumMs`, a Retry-After) has run out. */
    backOff(entry: OutboxEntry, error: OutboxError, now: number, minimumMs = 0) {
      const attempts = entry.attempts + 1;
      const wait = Math.max(backoffDelay(attempts, random), Math.min(minimumMs, BACKOFF_CAP_MS * 2));
      const at = now + wait;
      retryAt = at;
      writes.push(() => db.outbox.update(entry.seq, { attempts, nextAttemptAt: at, lastError: error }));
    },

    /** Only the last error is noted (the session did not match): nothing else changes. */
    note(entry: OutboxEntry, error: OutboxError) {
      writes.push(() => db.outbox.update(entry.seq, { lastError: error }));
    },

    async commit(): Promise<void> {
      if (writes.length === 0) return;
      const pending = writes.splice(0);
      await transact(db, syncTables(db), async () => {
        for (const write of pending) await write();
      });
    },
  };
}

export type BatchRecord = ReturnType<typeof batchRecord>;
