import { useLiveQuery } from 'dexie-react-hooks';
import { offlineDb, type OutboxEntry } from '../../offline';

/**
 * The name of the list each entry concerns, as the user knew it when making the change: from an earlier waiting
 * create or rename of that list, else the device's copy of the list (the mirror, or the server's last state for a
 * list that has been deleted on the device). Keyed by seq.
 */
export function useEntryListNames(entries: OutboxEntry[]): Map<number, string | undefined> {
  const ids = [...new Set(entries.map((e) => e.entityId))];
  const key = ids.join('|');
  const stored = useLiveQuery(async () => {
    const db = offlineDb();
    const [mirror, server] = await Promise.all([db.purchaseLists.bulkGet(ids), db.serverPurchaseLists.bulkGet(ids)]);
    return new Map(ids.map((id, i) => [id, server[i]?.name ?? mirror[i]?.name]));
  }, [key]);

  const named = new Map<string, string>();
  const names = new Map<number, string | undefined>();
  for (const entry of entries) {
    names.set(entry.seq, named.get(entry.entityId) ?? stored?.get(entry.entityId));
    if (entry.op.type === 'createList' || entry.op.type === 'renameList') named.set(entry.entityId, entry.op.name);
  }
  return names;
}
