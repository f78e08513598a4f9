/**
 * How a refresh stores what it read of a list and rebuilds the list's mirror from it, in the same transaction: a whole
 * read (decisions 0070, 0086) or only the items changed since the device's copy (decision 0090).
 */
import Dexie, { type Transaction } from 'dexie';
import type { InventoryListDetail } from '../../../contract/inventory';
import type { OfflineDb, OutboxEntry } from '../engine/database';
import { storeChanged, storeDetail } from './answers';
import { applyPending, withTotals, type InventoryOp, type InventoryState } from './operations';
import { adjusted } from './rows';
import { baseItem, baseList, readBase, readMirror, readMirrorRows, writeMirror } from './state';
import type { ServerInventoryItem } from './tables';

/**
 * What a refresh has just stored per list, by the transaction that stored it, for its rebase (the last step of the
 * same transaction): the items of a whole read, so they are not read back (decisions 0070, 0086), or the items a read
 * of the changes brought, so that only their rows are rebuilt (decision 0090). Only the refresh fills it, after its
 * last write to those lists' server copy; the drain's answers never do.
 */
type Stored = { whole: boolean; items: ServerInventoryItem[] };
const storedBy = new WeakMap<Transaction, Map<string, Stored>>();

function remember(listId: string, stored: Stored) {
  const tx = Dexie.currentTransaction;
  if (!tx) return;
  storedBy.set(tx, (storedBy.get(tx) ?? new Map<string, Stored>()).set(listId, stored));
}

/** Stores a read of a list in its server copy (inside the refresh's transaction). */
export async function storeRead(db: OfflineDb, detail: InventoryListDetail): Promise<void> {
  if (detail.changedSince == null) {
    remember(detail.id, { whole: true, items: await storeDetail(db, detail) });
    return;
  }
  const items = await storeChanged(db, detail);
  if (items) remember(detail.id, { whole: false, items });
}

/** Rebuilds the mirror of these lists: the server copy with the user's waiting changes on top. */
export async function rebase(db: OfflineDb, listIds: readonly string[], waiting: (id: string) => OutboxEntry[]) {
  const stored = Dexie.currentTransaction ? storedBy.get(Dexie.currentTransaction) : undefined;
  for (const listId of new Set(listIds)) {
    const read = stored?.get(listId);
    stored?.delete(listId);
    const entries = waiting(listId);
    if (read && !read.whole && entries.length === 0 && (await rebaseChanged(db, listId, read.items))) continue;
    let state: InventoryState = await readBase(db, listId, read?.whole ? read.items : undefined);
    for (const entry of entries) state = applyPending(state, entry.op as InventoryOp);
    if (state.list?.itemsRead) state = { ...state, list: withTotals(state.list, state.items.values()) };
    await writeMirror(db, listId, await readMirror(db, listId), state);
  }
}

/**
 * The mirror after a read of the changed items, when nothing of the list waits to be sent (so the mirror is the server
 * copy): only the changed items' rows are rebuilt, and the list's totals move by what they changed — a count elsewhere
 * rewrites one row, not 5 000 read, compared and written back. False when the mirror has no whole list to start from.
 */
async function rebaseChanged(db: OfflineDb, listId: string, changed: ServerInventoryItem[]): Promise<boolean> {
  const [server, current] = await Promise.all([
    db.serverInventoryLists.get(listId),
    readMirrorRows(
      db,
      listId,
      changed.map((i) => i.id),
    ),
  ]);
  if (!server || !current.list?.itemsRead || current.list.pending) return false;
  const { itemCount, countedCount, stockValue } = current.list;
  let list = { ...baseList(server), itemCount, countedCount, stockValue };
  const items = new Map(current.items);
  for (const row of changed) {
    const after = baseItem(row);
    list = adjusted(list, list.updatedAt, current.items.get(row.id), after);
    items.set(row.id, after);
  }
  await writeMirror(db, listId, current, { list, items });
  return true;
}
