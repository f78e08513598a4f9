import { liveQuery } from 'dexie';
import type { OfflineDb } from './database';
import { waitingCount } from './drain';
import { lastSyncedAt } from './refresh';
import { isBlocked, readSession } from './session';
import { initialSyncStatus, type SyncStatus } from './sync-status';

type Listener = (status: SyncStatus) => void;

/** The controller's sync status and who listens to it (shaped for useSyncExternalStore). */
export function createStatusStore(online: boolean) {
  let status: SyncStatus = initialSyncStatus(online);
  const listeners = new Set<Listener>();
  return {
    get: (): SyncStatus => status,
    set(patch: Partial<SyncStatus>): void {
      status = { ...status, ...patch };
      for (const listener of listeners) listener(status);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Reads the status from the database (also what the live query runs on every change of the outbox). `companyCode` is
 * asked once the session is read: the chosen company may change meanwhile.
 */
export async function queryStatus(db: OfflineDb, companyCode: () => string | null): Promise<Partial<SyncStatus>> {
  const session = await readSession(db);
  const userId = session?.userId ?? null;
  const company = companyCode();
  const [allWaiting, mine, rejected, blocked, head, synced] = await Promise.all([
    db.outbox.where('status').anyOf('pending', 'blocked').count(),
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

/** Runs `query` again on every change of what it reads (the outbox, the session) and hands over each answer. */
export function watchStatus(query: () => Promise<Partial<SyncStatus>>, onPatch: (patch: Partial<SyncStatus>) => void) {
  const subscription = liveQuery(query).subscribe({
    next: onPatch,
    error: (error: unknown) => console.error('Skafferi: synkstatus kunde inte läsas', error),
  });
  return () => subscription.unsubscribe();
}
