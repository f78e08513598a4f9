import { useLiveQuery } from 'dexie-react-hooks';
import { kindOf, offlineDb, type OutboxEntry, type PurchaseListOp } from '../../offline';

/**
 * The name of the list each entry concerns, as the user knew it when making the change: from an earlier waiting
 * create or rename of that list, else the device's copy of the list (the mirror, or the server's last state for a
 * list that has been deleted on the device). Keyed by seq.
 */
export function useEntryListNames(entries: OutboxEntry[]): Map<number, string | undefined> {
  const targets = [...new Map(entries.map((e) => [`${e.entity}|${e.entityId}`, e])).values()];
  const key = targets.map((e) => `${e.entity}|${e.entityId}`).join(',');
  const stored = useLiveQuery(async () => {
    const db = offlineDb();
    const names = await Promise.all(targets.map((e) => kindOf(e.entity).nameOf?.(db, e.entityId)));
    return new Map(targets.map((e, i) => [e.entityId, names[i]]));
  }, [key]);

  const named = new Map<string, string>();
  const names = new Map<number, string | undefined>();
  for (const entry of entries) {
    names.set(entry.seq, named.get(entry.entityId) ?? stored?.get(entry.entityId));
    // The engine keeps an entry's change opaque; a purchase list's is a PurchaseListOp.
    const op = entry.op as PurchaseListOp;
    if (entry.entity === 'purchaseList' && (op.type === 'createList' || op.type === 'renameList')) {
      named.set(entry.entityId, op.name);
    }
  }
  return names;
}
