import type { OfflineDb } from './database';
import { isBlocked, readSession } from './session';
import type { SyncStatus } from './sync-status';

/**
 * The sync status as the database holds it: who is logged in on the device, what waits, what was refused, when the
 * company was last read. Its own module with no engine logic (only Dexie and the session's rows), so that a screen can
 * show it before the engine has loaded (api/session/sync-preview.ts, decision 0077); the controller reads the same.
 */

export const lastSyncedKey = (userId: string, companyCode: string) => `lastSyncedAt|${userId}|${companyCode}`;

export async function lastSyncedAt(db: OfflineDb, userId: string, companyCode: string): Promise<string | null> {
  return (await db.meta.get(lastSyncedKey(userId, companyCode)))?.value ?? null;
}

/**
 * How many changes wait under an index, counted range by range: one `equals` per status is IndexedDB's own count, where
 * `anyOf` walks a cursor over every waiting entry, and a live query records each key it passes. The status is read
 * again after every change, so with 400 counts waiting offline each further count cost the phone ~40 ms more.
 */
async function countEach(ranges: Promise<number>[]): Promise<number> {
  return (await Promise.all(ranges)).reduce((sum, n) => sum + n, 0);
}

/** How many changes of a user wait on this device (blocked ones included). */
export function waitingCount(db: OfflineDb, userId: string): Promise<number> {
  const byStatus = db.outbox.where('[userId+status]');
  return countEach([byStatus.equals([userId, 'pending']).count(), byStatus.equals([userId, 'blocked']).count()]);
}

/**
 * Reads the status from the database (also what the live query runs on every change of the outbox). `companyCode` is
 * asked once the session is read (with its user): the chosen company may change meanwhile.
 */
export async function queryStatus(
  db: OfflineDb,
  companyCode: (userId: string | null) => string | null,
): Promise<Partial<SyncStatus>> {
  const session = await readSession(db);
  const userId = session?.userId ?? null;
  const company = companyCode(userId);
  const [allWaiting, mine, rejected, blocked, head, synced] = await Promise.all([
    countEach([
      db.outbox.where('status').equals('pending').count(),
      db.outbox.where('status').equals('blocked').count(),
    ]),
    userId ? waitingCount(db, userId) : Promise.resolve(0),
    userId ? db.outbox.where('[userId+status]').equals([userId, 'rejected']).toArray() : Promise.resolve([]),
    userId ? isBlocked(db, userId) : Promise.resolve(false),
    userId ? db.outbox.where('[userId+status]').equals([userId, 'pending']).first() : Promise.resolve(undefined),
    userId && company ? lastSyncedAt(db, userId, company) : Promise.resolve(null),
  ]);
  return {
    userId,
    pending: mine,
    otherUsersPending: allWaiting - mine,
    rejected,
    blocked,
    lastSyncedAt: synced,
    retryAt: head?.nextAttemptAt ?? null,
    lastError: head?.lastError ?? null,
  };
}
