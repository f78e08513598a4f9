import { purchaseListTables, transact, type OfflineDb, type OutboxEntry } from './db';
import { applyPending, type ListState } from './purchase-lists/operations';
import { readBase, readMirror, writeMirror } from './purchase-lists/state';
import { readSession } from './session';

/** Entries that still count as the user's intent: waiting, or waiting for a new login. Rejected ones do not. */
export const isWaiting = (entry: OutboxEntry) => entry.status === 'pending' || entry.status === 'blocked';

/**
 * Rebuilds the mirror of the given lists: the server's last known state, then every waiting change of the current
 * user on top, in seq order. Call inside a read-write transaction over `purchaseListTables(db)`, so that a change
 * made meanwhile is either already in the outbox (and applied here) or applied after this.
 */
export async function rebaseLists(db: OfflineDb, listIds: Iterable<string>): Promise<void> {
  const session = await readSession(db);
  for (const listId of new Set(listIds)) {
    const entries = session
      ? (await db.outbox.where('entityId').equals(listId).toArray())
          .filter((e) => e.userId === session.userId && isWaiting(e))
          .sort((a, b) => a.seq - b.seq)
      : [];
    let state: ListState = await readBase(db, listId);
    for (const entry of entries) state = applyPending(state, entry.op);
    await writeMirror(db, listId, await readMirror(db, listId), state);
  }
}

/** Every list the device knows of (mirror or server copy): for a full rebase after the user changed. */
export async function knownListIds(db: OfflineDb): Promise<string[]> {
  const [mirror, base] = await Promise.all([
    db.purchaseLists.toCollection().primaryKeys(),
    db.serverPurchaseLists.toCollection().primaryKeys(),
  ]);
  const orphans = (await db.purchaseListItems.orderBy('listId').uniqueKeys()) as string[];
  const queued = (await db.outbox.orderBy('entityId').uniqueKeys()) as string[];
  return [...new Set([...mirror, ...base, ...orphans, ...queued])];
}

/** Rebuilds the whole mirror for whoever is logged in now (login, logout, user switch). */
export async function rebaseAll(db: OfflineDb): Promise<void> {
  await transact(db, purchaseListTables(db), async () => {
    await rebaseLists(db, await knownListIds(db));
  });
}
