import {
  countAnswer,
  inventoryList,
  inventoryListDetail,
  inventoryItemAnswer,
  walkOrderAnswer,
  type InventoryList,
  type InventoryListDetail,
  type InventoryListItem,
} from '../../../contract/inventory';
import type { OfflineDb } from '../engine/database';
import type { InventoryOp } from './operations';
import { later } from './rows';
import { readServerItems, wholeAt } from './state';
import type { ServerInventoryItem } from './tables';

/**
 * Replaces the server copy of one list and all its items with a full read: the items as one row, and the answers
 * stored since dropped (the read is newer). Returns the stored items (for a rebase in the same transaction, which then
 * need not read them back).
 */
export async function storeDetail(db: OfflineDb, detail: InventoryListDetail): Promise<ServerInventoryItem[]> {
  const { items, changedSince: _, ...list } = detail;
  await db.serverInventoryLists.put({ ...list, itemsVersion: list.version, itemsRead: true });
  const rows = items.map((i) => ({ ...i, companyCode: list.companyCode }));
  await db.serverInventoryItemSets.put({ listId: list.id, items: rows });
  await db.serverInventoryItems.where('listId').equals(list.id).delete();
  return rows;
}

/**
 * Brings the server copy of a list that was whole at `detail.changedSince` up to `detail.version` with the items changed
 * since (decision 0090): they are stored as answered rows, which win over the last full read's, so its 5 000-item row
 * is not written again. Returns the stored rows; null (and the list marked to be read whole) when the copy is no longer
 * whole at that version.
 */
export async function storeChanged(db: OfflineDb, detail: InventoryListDetail): Promise<ServerInventoryItem[] | null> {
  const { items, changedSince, ...list } = detail;
  if (wholeAt(await db.serverInventoryLists.get(list.id)) !== changedSince) {
    await markStale(db, list.id);
    return null;
  }
  await db.serverInventoryLists.put({ ...list, itemsVersion: list.version, itemsRead: true });
  const rows = items.map((i) => ({ ...i, companyCode: list.companyCode }));
  await db.serverInventoryItems.bulkPut(rows);
  if ((await db.serverInventoryItems.where('listId').equals(list.id).count()) > FOLD_AFTER) await fold(db, list.id);
  return rows;
}

/**
 * Answered rows a list's server copy keeps before they are folded into its one row (decision 0090): with only changed
 * items read, a long count would otherwise turn the copy back into a row per item (decision 0086), read one by one.
 */
export const FOLD_AFTER = 500;

async function fold(db: OfflineDb, listId: string): Promise<void> {
  await db.serverInventoryItemSets.put({ listId, items: await readServerItems(db, listId) });
  await db.serverInventoryItems.where('listId').equals(listId).delete();
}

/** An item the server deleted: out of the answered rows and, when there, out of the last full read. */
async function forgetItem(db: OfflineDb, listId: string, itemId: string): Promise<void> {
  await db.serverInventoryItems.delete(itemId);
  const set = await db.serverInventoryItemSets.get(listId);
  if (set?.items.some((i) => i.id === itemId)) {
    await db.serverInventoryItemSets.put({ listId, items: set.items.filter((i) => i.id !== itemId) });
  }
}

/** Stores a list row (from the overview or an answer), keeping what the device knows about its items. */
export async function storeList(db: OfflineDb, list: InventoryList, itemsRead?: boolean): Promise<void> {
  const known = await db.serverInventoryLists.get(list.id);
  await db.serverInventoryLists.put({
    ...list,
    itemsVersion: known?.itemsVersion ?? null,
    itemsRead: itemsRead ?? known?.itemsRead ?? false,
  });
}

export async function forgetList(db: OfflineDb, listId: string): Promise<void> {
  await db.serverInventoryLists.delete(listId);
  await db.serverInventoryItemSets.delete(listId);
  await db.serverInventoryItems.where('listId').equals(listId).delete();
}

/**
 * This phone's own change made the list's version `made` (decision 0088). When the device's items were whole at the
 * version just before, they are whole at `made` now that the answered item is stored: the change under the list's
 * lock was this one and no other, so the next sync and the live view's news of it need not read the whole list.
 * Otherwise (another phone's change came between, or the items were not whole) nothing moves: the list is read.
 */
async function followOwnChange(db: OfflineDb, listId: string, made: number | null, at: string): Promise<void> {
  const list = await db.serverInventoryLists.get(listId);
  if (!list || made === null || list.itemsVersion !== made - 1) return;
  await db.serverInventoryLists.update(listId, {
    itemsVersion: made,
    version: Math.max(list.version ?? 0, made),
    updatedAt: later(list.updatedAt, at),
  });
}

/** The list's items must be read again. */
export async function markStale(db: OfflineDb, listId: string): Promise<void> {
  await db.serverInventoryLists.update(listId, { itemsVersion: null });
}

async function storeItem(db: OfflineDb, op: InventoryOp, item: InventoryListItem): Promise<void> {
  await db.serverInventoryItems.put({ ...item, companyCode: op.companyCode });
}

/**
 * Applies the server's answer to a sent change to the server copy (the mirror is rebuilt from it). Item answers carry
 * no list totals: the totals of a list whose items are on the device are summed from them (see readBase). A replayed
 * answer may be older than what the device read since: it is applied and the list read again. Returns false when the
 * answer could not be read.
 */
export async function applyAnswer(db: OfflineDb, op: InventoryOp, body: unknown, replayed: boolean): Promise<boolean> {
  const applied = await applyFresh(db, op, body);
  if (!applied || replayed) await markStale(db, op.listId);
  return applied;
}

async function applyFresh(db: OfflineDb, op: InventoryOp, body: unknown): Promise<boolean> {
  switch (op.type) {
    case 'createList': {
      const detail = inventoryListDetail.safeParse(body);
      if (detail.success) {
        await storeDetail(db, detail.data);
        return true;
      }
      const list = inventoryList.safeParse(body);
      if (!list.success) return false;
      // A new list has no items; a resent one may (the replay flag then has it read again).
      await storeList(db, list.data, true);
      await db.serverInventoryLists.update(list.data.id, { itemsVersion: list.data.version });
      return true;
    }
    case 'updateList':
    case 'closeList': {
      const list = inventoryList.safeParse(body);
      if (!list.success) return false;
      await storeList(db, list.data);
      return true;
    }
    case 'deleteList':
      await forgetList(db, op.listId);
      return true;
    case 'addItem':
    case 'patchItem': {
      const answer = inventoryItemAnswer.safeParse(body);
      if (!answer.success) return false;
      const { listVersion, ...item } = answer.data;
      await storeItem(db, op, item);
      await followOwnChange(db, op.listId, listVersion ?? null, item.updatedAt);
      return true;
    }
    case 'count': {
      const answer = countAnswer.safeParse(body);
      if (!answer.success) return false;
      await storeItem(db, op, answer.data.item);
      await followOwnChange(db, op.listId, answer.data.listVersion, answer.data.item.updatedAt);
      return true;
    }
    case 'deleteItem':
      await forgetItem(db, op.listId, op.itemId);
      return true;
    case 'reorderZone': {
      const answer = walkOrderAnswer.safeParse(body);
      if (!answer.success) return false;
      for (const item of answer.data.data) await storeItem(db, op, item);
      const newest = answer.data.data.reduce<string | null>((at, i) => later(at, i.updatedAt), null);
      if (newest) await followOwnChange(db, op.listId, answer.data.listVersion ?? null, newest);
      return true;
    }
  }
}
