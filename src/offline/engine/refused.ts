import { transact, type OfflineDb, type OutboxEntry } from './database';
import { rebaseTouched } from './rebase';
import { kindOf, syncTables } from './registry';

/** Refused entries that were refused only because `entry` created the row they need. */
async function dependents(db: OfflineDb, entry: OutboxEntry): Promise<OutboxEntry[]> {
  const refused = await db.outbox.where('[userId+status]').equals([entry.userId, 'rejected']).toArray();
  const created = entry.creates;
  if (created === null) return [];
  return refused.filter(
    (e) =>
      e.seq !== entry.seq &&
      e.dependsOn.includes(created) &&
      e.lastError?.code === kindOf(e.entity).dependencyCode(e, created),
  );
}

/** A refused change waits to be sent again (and the changes refused only because they depended on it). */
export async function retryRefused(db: OfflineDb, seq: number): Promise<void> {
  await transact(db, syncTables(db), async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.status !== 'rejected') return;
    const again = [entry, ...(await dependents(db, entry))];
    for (const e of again) {
      await db.outbox.update(e.seq, { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null });
    }
    await rebaseTouched(db, again);
  });
}

/** A refused change (and those refused only because of it) dropped for good; the mirror is rebuilt without it. */
export async function discardRefused(db: OfflineDb, seq: number): Promise<void> {
  await transact(db, syncTables(db), async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.status !== 'rejected') return;
    const gone = [entry, ...(await dependents(db, entry))];
    await db.outbox.bulkDelete(gone.map((e) => e.seq));
    await rebaseTouched(db, gone);
  });
}
