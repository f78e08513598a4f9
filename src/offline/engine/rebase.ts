import { transact, type OfflineDb, type OutboxEntity, type OutboxEntry } from './database';
import { entityKinds, kindOf, syncTables } from './registry';
import { readSession } from './session';

/** Entries that still count as the user's intent: waiting, or waiting for a new login. Rejected ones do not. */
export const isWaiting = (entry: OutboxEntry) => entry.status === 'pending' || entry.status === 'blocked';

/**
 * Rebuilds the mirror of the given aggregates of one kind: the server's last known state, then every waiting change of
 * the current user on top, in seq order. Call inside a read-write transaction over `syncTables(db)`, so that a change
 * made meanwhile is either already in the outbox (and applied here) or applied after this.
 */
export async function rebaseEntities(db: OfflineDb, entity: OutboxEntity, entityIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(entityIds)];
  if (ids.length === 0) return;
  const session = await readSession(db);
  const waiting = new Map<string, OutboxEntry[]>();
  if (session) {
    const entries = await db.outbox.where('entityId').anyOf(ids).toArray();
    for (const e of entries.sort((a, b) => a.seq - b.seq)) {
      if (e.entity !== entity || e.userId !== session.userId || !isWaiting(e)) continue;
      waiting.set(e.entityId, [...(waiting.get(e.entityId) ?? []), e]);
    }
  }
  await kindOf(entity).rebase(db, ids, (id) => waiting.get(id) ?? []);
}

/** Rebuilds the mirror of the aggregates these entries touch, kind by kind (inside a transaction as above). */
export async function rebaseTouched(db: OfflineDb, entries: Iterable<Pick<OutboxEntry, 'entity' | 'entityId'>>) {
  const byKind = new Map<OutboxEntity, Set<string>>();
  for (const e of entries) byKind.set(e.entity, (byKind.get(e.entity) ?? new Set()).add(e.entityId));
  for (const [entity, ids] of byKind) await rebaseEntities(db, entity, ids);
}

/** Rebuilds the whole mirror for whoever is logged in now (login, logout, user switch). */
export async function rebaseAll(db: OfflineDb): Promise<void> {
  await transact(db, syncTables(db), async () => {
    const queued = await db.outbox.toArray();
    for (const kind of entityKinds()) {
      const ids = new Set(await kind.knownIds(db));
      for (const e of queued) if (e.entity === kind.entity) ids.add(e.entityId);
      await rebaseEntities(db, kind.entity, ids);
    }
  });
}
