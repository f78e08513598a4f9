import type { OfflineDb } from '../engine/database';
import type { ListState } from './operations';
import type { MirrorItem, MirrorList, ServerItem, ServerList } from './tables';

/** The mirror's state of one list (inside a transaction over the mirror tables). */
export async function readMirror(db: OfflineDb, listId: string): Promise<ListState> {
  const [list, items] = await Promise.all([
    db.purchaseLists.get(listId),
    db.purchaseListItems.where('listId').equals(listId).toArray(),
  ]);
  return { list: list ?? null, items: new Map(items.map((i) => [i.id, i])) };
}

export function baseList({ itemsVersion: _, ...list }: ServerList): MirrorList {
  return { ...list, pending: false };
}

export function baseItem(item: ServerItem): MirrorItem {
  return { ...item, pending: false };
}

/** The server's last known state of one list, as mirror rows with nothing pending. */
export async function readBase(db: OfflineDb, listId: string): Promise<ListState> {
  const [list, items] = await Promise.all([
    db.serverPurchaseLists.get(listId),
    db.serverPurchaseListItems.where('listId').equals(listId).toArray(),
  ]);
  return { list: list ? baseList(list) : null, items: new Map(items.map((i) => [i.id, baseItem(i)])) };
}

function sameRow(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * Writes the rows of `next` that differ from `current` (so live queries wake only for real changes). Always ends with
 * a Dexie operation, even when nothing changed, so that awaiting it keeps the caller's transaction (see `transact`).
 */
export async function writeMirror(db: OfflineDb, listId: string, current: ListState, next: ListState): Promise<void> {
  if (next.list === null && current.list !== null) await db.purchaseLists.delete(listId);
  if (next.list !== null && (current.list === null || !sameRow(current.list, next.list))) {
    await db.purchaseLists.put(next.list);
  }
  const removed = [...current.items.keys()].filter((id) => !next.items.has(id));
  if (removed.length > 0) await db.purchaseListItems.bulkDelete(removed);
  const changed = [...next.items.values()].filter((item) => {
    const before = current.items.get(item.id);
    return before === undefined || (before !== item && !sameRow(before, item));
  });
  await db.purchaseListItems.bulkPut(changed);
}
