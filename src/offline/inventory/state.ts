import { toMilliPieces } from '../../../contract/rules/count';
import type { OfflineDb } from '../engine/database';
import { withTotals, type InventoryState } from './operations';
import type { MirrorInventoryItem, MirrorInventoryList, ServerInventoryItem, ServerInventoryList } from './tables';

/** The mirror's list and all its items (inside a transaction). */
export async function readMirror(db: OfflineDb, listId: string): Promise<InventoryState> {
  const [list, items] = await Promise.all([
    db.inventoryLists.get(listId),
    db.inventoryItems.where('listId').equals(listId).toArray(),
  ]);
  return { list: list ?? null, items: new Map(items.map((i) => [i.id, i])) };
}

/**
 * The mirror's list and only the items one change can touch: by id, and (to see whether an article is already in the
 * list) those with the same article number. A scan in a 5 000-item list reads two rows, not 5 000.
 */
export async function readMirrorRows(
  db: OfflineDb,
  listId: string,
  itemIds: readonly string[],
  articleNumber?: string,
): Promise<InventoryState> {
  const [list, byId, byNumber] = await Promise.all([
    db.inventoryLists.get(listId),
    itemIds.length > 0 ? db.inventoryItems.bulkGet([...itemIds]) : Promise.resolve([]),
    articleNumber === undefined
      ? Promise.resolve([])
      : db.inventoryItems.where('[listId+articleNumber]').equals([listId, articleNumber]).toArray(),
  ]);
  const items = new Map<string, MirrorInventoryItem>();
  for (const item of [...byId, ...byNumber]) if (item && item.listId === listId) items.set(item.id, item);
  return { list: list ?? null, items };
}

/** The server's items of one list as last known: the last full read, with the items answered since over it. */
export async function readServerItems(db: OfflineDb, listId: string): Promise<ServerInventoryItem[]> {
  const [set, answered] = await Promise.all([
    db.serverInventoryItemSets.get(listId),
    db.serverInventoryItems.where('listId').equals(listId).toArray(),
  ]);
  if (answered.length === 0) return set?.items ?? [];
  const items = new Map((set?.items ?? []).map((i) => [i.id, i]));
  for (const item of answered) items.set(item.id, item);
  return [...items.values()];
}

/**
 * The version at which the device's copy of a list is whole: a read can then ask only for the items changed since
 * (decision 0090). Undefined when it must be read whole.
 */
export const wholeAt = (list: ServerInventoryList | undefined): number | undefined =>
  list?.itemsRead && typeof list.itemsVersion === 'number' ? list.itemsVersion : undefined;

export function baseList({ itemsVersion: _, itemsRead, ...list }: ServerInventoryList): MirrorInventoryList {
  return { ...list, itemsRead, pending: false };
}

export function baseItem(item: ServerInventoryItem): MirrorInventoryItem {
  return { ...item, pending: false, milliPieces: toMilliPieces(item.quantity, item.unit, item.piecesPerCarton) };
}

/**
 * The server's last known state of one list, as mirror rows; totals from the items when they were read. `stored`: the
 * items the caller has just written in this transaction (a full read), so that they are not read back and decoded again
 * (decision 0070; since decision 0086 they are one row, so this saves the decoding of that row, no longer 5 000 reads).
 */
export async function readBase(
  db: OfflineDb,
  listId: string,
  stored?: readonly ServerInventoryItem[],
): Promise<InventoryState> {
  const [list, rows] = await Promise.all([db.serverInventoryLists.get(listId), stored ?? readServerItems(db, listId)]);
  const items = new Map(rows.map((i) => [i.id, baseItem(i)]));
  const mirrorList = list ? baseList(list) : null;
  return { list: mirrorList && mirrorList.itemsRead ? withTotals(mirrorList, items.values()) : mirrorList, items };
}

function sameRow(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    return x === y || (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y));
  });
}

/**
 * Writes the rows of `next` that differ from `current` (live queries wake only for real changes). `current` may hold
 * only some items (see readMirrorRows): rows it does not hold are left alone, except that a deleted list takes all its
 * items with it. Always ends with a Dexie operation (see `transact`).
 */
export async function writeMirror(
  db: OfflineDb,
  listId: string,
  current: InventoryState,
  next: InventoryState,
): Promise<void> {
  if (next.list === null && current.list !== null) {
    await db.inventoryLists.delete(listId);
    await db.inventoryItems.where('listId').equals(listId).delete();
  }
  if (next.list !== null && (current.list === null || !sameRow(current.list, next.list))) {
    await db.inventoryLists.put(next.list);
  }
  const removed = [...current.items.keys()].filter((id) => !next.items.has(id));
  if (removed.length > 0) await db.inventoryItems.bulkDelete(removed);
  const changed = [...next.items.values()].filter((item) => {
    const before = current.items.get(item.id);
    return before === undefined || (before !== item && !sameRow(before, item));
  });
  await db.inventoryItems.bulkPut(changed);
}
