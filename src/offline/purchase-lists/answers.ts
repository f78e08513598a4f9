import {
  purchaseListDetail,
  purchaseListItemAnswer,
  type PurchaseListDetail,
  type PurchaseListItem,
} from '../../../contract/purchase-lists';
import type { OfflineDb } from '../engine/database';
import type { ServerItem } from './tables';
import type { PurchaseListOp } from './operations';

/** Replaces the server copy of one list (and all its items) with a full answer or a fresh read. */
export async function storeDetail(db: OfflineDb, detail: PurchaseListDetail): Promise<void> {
  const { items, ...list } = detail;
  await db.serverPurchaseLists.put({ ...list, itemsVersion: list.updatedAt });
  const old = await db.serverPurchaseListItems.where('listId').equals(list.id).primaryKeys();
  const keep = new Set(items.map((i) => i.id));
  const gone = old.filter((id) => !keep.has(id));
  if (gone.length > 0) await db.serverPurchaseListItems.bulkDelete(gone);
  await db.serverPurchaseListItems.bulkPut(items.map((i) => toServerItem(i, list.id, list.companyCode)));
}

/** The list is gone on the server (deleted, or never created): forget the server copy. */
export async function forgetList(db: OfflineDb, listId: string): Promise<void> {
  await db.serverPurchaseLists.delete(listId);
  await db.serverPurchaseListItems.where('listId').equals(listId).delete();
}

/** The server copy of a list must be read again (its items are not known to be complete). */
export async function markStale(db: OfflineDb, listId: string): Promise<void> {
  await db.serverPurchaseLists.update(listId, { itemsVersion: null });
}

function toServerItem(item: PurchaseListItem, listId: string, companyCode: string): ServerItem {
  return { ...item, listId, companyCode };
}

async function storeItem(db: OfflineDb, listId: string, item: PurchaseListItem): Promise<void> {
  const list = await db.serverPurchaseLists.get(listId);
  const existed = (await db.serverPurchaseListItems.get(item.id)) !== undefined;
  await db.serverPurchaseListItems.put(toServerItem(item, listId, list?.companyCode ?? ''));
  // The answer has no list fields: count the line; the list's updatedAt moved, so its items are read again later.
  if (list)
    await db.serverPurchaseLists.put({ ...list, itemCount: list.itemCount + (existed ? 0 : 1), itemsVersion: null });
}

async function dropItem(db: OfflineDb, listId: string, itemId: string): Promise<void> {
  const existed = (await db.serverPurchaseListItems.get(itemId)) !== undefined;
  await db.serverPurchaseListItems.delete(itemId);
  const list = await db.serverPurchaseLists.get(listId);
  if (list)
    await db.serverPurchaseLists.put({ ...list, itemCount: list.itemCount - (existed ? 1 : 0), itemsVersion: null });
}

/**
 * Applies the server's answer to a sent change to the server copy (the mirror is rebuilt from it). A replayed answer
 * (`Idempotency-Replayed`) tells the state right after the first delivery, which may be older than what the device
 * read since: it is applied (so the change shows) and the list is marked to be read again. Returns false when the
 * answer could not be read (the list is then read again as well).
 */
export async function applyAnswer(
  db: OfflineDb,
  op: PurchaseListOp,
  body: unknown,
  replayed: boolean,
): Promise<boolean> {
  const applied = await applyFresh(db, op, body);
  if (!applied || replayed) await markStale(db, op.listId);
  return applied;
}

async function applyFresh(db: OfflineDb, op: PurchaseListOp, body: unknown): Promise<boolean> {
  switch (op.type) {
    case 'createList':
    case 'renameList':
    case 'resetList': {
      const detail = purchaseListDetail.safeParse(body);
      if (!detail.success) return false;
      await storeDetail(db, detail.data);
      return true;
    }
    case 'addItem':
    case 'setItemQuantity': {
      const answer = purchaseListItemAnswer.safeParse(body);
      if (!answer.success) return false;
      const { messages: _, ...item } = answer.data;
      await storeItem(db, op.listId, item);
      return true;
    }
    case 'deleteList':
      await forgetList(db, op.listId);
      return true;
    case 'removeItem':
      await dropItem(db, op.listId, op.itemId);
      return true;
  }
}
