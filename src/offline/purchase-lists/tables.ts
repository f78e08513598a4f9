import type { EntityTable, Table } from 'dexie';
import type { PurchaseList, PurchaseListItem } from '../../../contract/purchase-lists';
import { engineTables, type OfflineDb } from '../engine/database';

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

/**
 * The purchase lists' Dexie tables (mirror and server copy), in schema version 1 since the first release: these specs
 * are on users' phones and never change (a new index would come in a new version).
 */
export const PURCHASE_LIST_STORES = {
  purchaseLists: 'id, companyCode',
  purchaseListItems: 'id, listId, companyCode',
  serverPurchaseLists: 'id, companyCode',
  serverPurchaseListItems: 'id, listId',
} as const;

/** The purchase lists' tables on the database object (merged into the engine's `OfflineTables` in ./kind.ts). */
export type PurchaseListTables = {
  purchaseLists: EntityTable<MirrorList, 'id'>;
  purchaseListItems: EntityTable<MirrorItem, 'id'>;
  serverPurchaseLists: EntityTable<ServerList, 'id'>;
  serverPurchaseListItems: EntityTable<ServerItem, 'id'>;
};

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
