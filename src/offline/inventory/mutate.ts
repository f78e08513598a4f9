import { v7 as uuidv7 } from 'uuid';
import { engineTables, transact, type OfflineDb } from '../engine/database';
import { MutationError } from '../engine/messages';
import { enqueue, type MutateOptions } from '../engine/outbox';
import { readSession } from '../engine/session';
import { openedKey } from './opened';
import {
  applyPending,
  checkOp,
  dependenciesOf,
  requestOf,
  resolveChange,
  type InventoryChange,
  type InventoryOp,
} from './operations';
import { readMirrorRows, writeMirror } from './state';
import type { MirrorInventoryItem } from './tables';

/** The meta key of this installation's device id (sent with every count). */
const DEVICE_KEY = 'deviceId';

export interface InventoryMutationResult {
  seq: number;
  mutationId: string;
  /** The id of the list, item or count the change created. */
  id: string | null;
  op: InventoryOp;
  /** The item as the mirror shows it after the change (committed), for "last scanned". */
  item: MirrorInventoryItem | null;
}

/** Every table a change to an inventory list reads or writes. */
export function inventoryTables(db: OfflineDb) {
  return [
    db.inventoryLists,
    db.inventoryItems,
    db.serverInventoryLists,
    db.serverInventoryItems,
    db.inventoryCompanies,
    ...engineTables(db),
  ];
}

/**
 * Makes a change to an inventory list on the device: ONE read-write transaction applies it to the mirror and appends
 * the outbox entry. When the promise resolves the change is committed to IndexedDB (a killed page keeps it), so a
 * scan is shown only after it is safe. Throws a MutationError (Swedish message) when the change is invalid or bound to
 * be refused (article already in the list, list or item gone, not logged in); nothing is written then.
 */
export async function mutateInventory(
  db: OfflineDb,
  change: InventoryChange,
  options: MutateOptions = {},
): Promise<InventoryMutationResult> {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? uuidv7;
  const at = new Date(now()).toISOString();
  const listId = change.type === 'createList' ? (change.id ?? newId()) : change.listId;
  const itemId = 'itemId' in change ? change.itemId : change.type === 'addItem' ? (change.id ?? newId()) : null;
  const resolved: InventoryChange =
    change.type === 'createList'
      ? { ...change, id: listId }
      : change.type === 'addItem'
        ? { ...change, id: itemId! }
        : change;

  return transact(db, inventoryTables(db), async () => {
    const session = await readSession(db);
    if (!session) throw new MutationError('NotLoggedIn');
    const before = await readMirrorRows(
      db,
      listId,
      change.type === 'reorderZone' ? await zoneItemIds(db, listId, change.zone) : itemId ? [itemId] : [],
      change.type === 'addItem' ? change.article.articleNumber : undefined,
    );
    if (change.type !== 'createList' && !before.list) throw new MutationError('InventoryListNotFound');
    const companyCode = change.type === 'createList' ? change.companyCode : before.list!.companyCode;
    const needsDevice = change.type === 'countDelta' || change.type === 'countSet' || change.type === 'undoScan';
    const deviceId = needsDevice ? await deviceIdOf(db, newId) : '';
    const company =
      change.type === 'addItem' || change.type === 'patchItem'
        ? await db.inventoryCompanies.get(companyCode)
        : undefined;
    const accounts = new Map((company?.accounts ?? []).map((a) => [a.number, a.name]));
    const op = resolveChange(resolved, {
      at,
      newId,
      companyCode,
      itemName: itemId ? (before.items.get(itemId)?.name ?? '') : '',
      deviceId,
      accountName: (account) => (account ? (accounts.get(account) ?? null) : null),
      reopenedAt: before.list?.reopenedAt ?? null,
    });
    const refused = checkOp(before, op);
    if (refused) throw refused;
    const after = applyPending(before, op);
    await writeMirror(db, listId, before, after);
    if (op.type === 'createList') await db.meta.put({ key: openedKey(listId), value: at });
    if (op.type === 'deleteList') await db.meta.delete(openedKey(listId));

    const mutationId = newId();
    const seq = await enqueue(db, session, {
      mutationId,
      entity: 'inventoryList',
      entityId: listId,
      companyCode,
      op,
      ...requestOf(op),
      ...dependenciesOf(op),
      createdAt: at,
    });
    const id =
      op.type === 'createList'
        ? op.listId
        : op.type === 'addItem'
          ? op.itemId
          : op.type === 'count'
            ? op.countId
            : null;
    return { seq, mutationId, id, op, item: itemId ? (after.items.get(itemId) ?? null) : null };
  });
}

/**
 * The ids of a zone's items (zone null: the items without one): a walking order places all of them. A named zone's
 * are the keys of its [listId+zone] index, no row decoded: moving an item read the whole list before (5 000 rows).
 */
async function zoneItemIds(db: OfflineDb, listId: string, zone: string | null): Promise<string[]> {
  if (zone !== null)
    return (await db.inventoryItems.where('[listId+zone]').equals([listId, zone]).primaryKeys()) as string[];
  const items = await db.inventoryItems.where('listId').equals(listId).toArray();
  return items.filter((i) => i.zone === null).map((i) => i.id);
}

/** This installation's id (made once, kept in the meta table). Call inside a transaction over `meta`. */
async function deviceIdOf(db: OfflineDb, newId: () => string): Promise<string> {
  const row = await db.meta.get(DEVICE_KEY);
  if (row) return row.value;
  const value = newId();
  await db.meta.put({ key: DEVICE_KEY, value });
  return value;
}

/** `mutateInventory` bound to one database: what the UI calls. */
export const createInventoryMutate =
  (db: OfflineDb, options: MutateOptions = {}) =>
  (change: InventoryChange) =>
    mutateInventory(db, change, options);

export { openInventoryList } from './opened';
