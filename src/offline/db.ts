import Dexie, { type EntityTable, type Table } from 'dexie';
import type { PurchaseList, PurchaseListItem } from '../../contract/purchase-lists';
import { CART_STORES, type CartTables } from './cart/tables';
import { INVENTORY_STORES, type InventoryTables } from './inventory/tables';
import type { PurchaseListOp } from './purchase-lists/operations';
import type { CartOp } from './cart/operations';
import type { InventoryOp } from './inventory/operations';

/** The name of the IndexedDB database the app and the service worker share. */
export const OFFLINE_DB_NAME = 'skafferi';

/** A purchase list as the UI shows it: the server's state with the user's waiting changes applied on top. */
export interface MirrorList extends PurchaseList {
  /** True while a waiting change of the current user touches the list or one of its items. */
  pending: boolean;
}

/** A line of a purchase list as the UI shows it. */
export interface MirrorItem extends PurchaseListItem {
  listId: string;
  companyCode: string;
  pending: boolean;
}

/** The server's state of a list as last seen (from an answer or a refresh); the base the mirror is rebuilt on. */
export interface ServerList extends PurchaseList {
  /** `updatedAt` of the list when its items were last read in full; null when they must be read again. */
  itemsVersion: string | null;
}

export interface ServerItem extends PurchaseListItem {
  listId: string;
  companyCode: string;
}

export type OutboxStatus = 'pending' | 'rejected' | 'blocked';
export type HttpMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Why an entry was not sent: the server's `{code, message}` (Swedish) or the engine's own. 0 = no answer. */
export interface OutboxError {
  status: number;
  code: string;
  message: string;
}

/**
 * The kind of data an entry changes. Each kind has its folder under src/offline and is registered in registry.ts;
 * its operations join the `OutboxOp` union below.
 */
export type OutboxEntity = 'purchaseList' | 'cart' | 'inventoryList';

/** Every kind's stored change. A kind adds its op type here. */
export type OutboxOp = PurchaseListOp | CartOp | InventoryOp;

/** One waiting change. Sent strictly in `seq` order, only with the token of `userId`. */
export interface OutboxEntry {
  seq: number;
  /** uuid v7, sent as Idempotency-Key: a resend is answered from the server's store, never applied twice. */
  mutationId: string;
  userId: string;
  companyCode: string;
  entity: OutboxEntity;
  /** Id of the aggregate the change belongs to (a purchase list for item changes too; the cart's company code). */
  entityId: string;
  /** The change itself, with its client ids and time: reapplied to the server's state when the mirror is rebased. */
  op: OutboxOp;
  method: HttpMethod;
  /** Absolute path from the API root, e.g. `/v1/purchase-lists/{id}/items`. */
  path: string;
  body: unknown;
  /** Id of the row this change creates, if any (a later change may depend on it). */
  creates: string | null;
  /** Ids of rows that must exist for this change: if the change creating one was rejected, this one is too. */
  dependsOn: string[];
  /** ISO time of the change on the device. */
  createdAt: string;
  attempts: number;
  status: OutboxStatus;
  lastError: OutboxError | null;
  /** Epoch ms before which the drain does not try this entry again (backoff); null = now. */
  nextAttemptAt: number | null;
}

/** The copy of the session the service worker reads. `verified`: the token was checked to belong to `userId`. */
export interface SessionRow {
  key: 'current';
  userId: string;
  token: string;
  validTo: string;
  verified: boolean;
}

/** Small key/value facts: `lastSyncedAt|<userId>|<companyCode>`, `blocked|<userId>` (the token that failed). */
export interface MetaRow {
  key: string;
  value: string;
}

export type OfflineTables = {
  purchaseLists: EntityTable<MirrorList, 'id'>;
  purchaseListItems: EntityTable<MirrorItem, 'id'>;
  serverPurchaseLists: EntityTable<ServerList, 'id'>;
  serverPurchaseListItems: EntityTable<ServerItem, 'id'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  session: Table<SessionRow, 'current'>;
  meta: EntityTable<MetaRow, 'key'>;
};

/**
 * Version 1 of the schema. A later entity (cart, inventory) adds its tables in `version(2).stores({...})` with only
 * the new tables listed: Dexie keeps the existing ones and their data.
 */
export const SCHEMA_V1 = {
  purchaseLists: 'id, companyCode',
  purchaseListItems: 'id, listId, companyCode',
  serverPurchaseLists: 'id, companyCode',
  serverPurchaseListItems: 'id, listId',
  // [userId+status] gives a user's waiting entries in seq order (an index orders equal keys by primary key).
  outbox: '++seq, [userId+status], entityId, companyCode, status',
  session: 'key',
  meta: 'key',
} as const;

/**
 * Version 2: the cart (issue #5) and inventory (issue #6) tables. Only new tables are listed; Dexie keeps v1's.
 */
export const SCHEMA_V2 = { ...CART_STORES, ...INVENTORY_STORES } as const;

export type OfflineDb = Dexie & OfflineTables & CartTables & InventoryTables;

/**
 * Opens (lazily, on first use) the offline database. Transactions are `strict` in Chromium: a committed change is on
 * disk, so a phone that dies in the cold room keeps what was counted.
 */
export function openOfflineDb(name: string = OFFLINE_DB_NAME): OfflineDb {
  const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as OfflineDb;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  return db;
}

let shared: OfflineDb | undefined;

/** The database of this page or service worker (one instance per context). */
export function offlineDb(): OfflineDb {
  shared ??= openOfflineDb();
  return shared;
}

/**
 * A read-write transaction that fails loudly if it lost its zone. Dexie keeps a transaction across `await` only for
 * Dexie promises (and async functions that end awaiting one); awaiting anything else inside would let later writes
 * run outside the transaction. Every helper used inside ends with a Dexie operation; this check makes a slip visible
 * (the transaction aborts) instead of silently splitting a change.
 */
export function transact<T>(db: OfflineDb, tables: Table[], body: () => Promise<T>): Promise<T> {
  return db.transaction('rw', tables, async (tx) => {
    const result = await body();
    if (Dexie.currentTransaction !== tx) {
      throw new Error('Skafferi offline: a transaction lost its context (a non-Dexie await inside it)');
    }
    return result;
  });
}

/** The engine's own tables, which every change also touches. */
export function engineTables(db: OfflineDb): Table[] {
  return [db.outbox, db.session, db.meta];
}

/** The tables a change to purchase lists reads and writes, for `db.transaction('rw', ...)`. */
export function purchaseListTables(db: OfflineDb): Table[] {
  return [
    db.purchaseLists,
    db.purchaseListItems,
    db.serverPurchaseLists,
    db.serverPurchaseListItems,
    ...engineTables(db),
  ];
}
