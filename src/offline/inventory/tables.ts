import type { EntityTable } from 'dexie';
import type {
  ChartAccount,
  CompanyZone,
  IndexedArticle,
  InventoryList,
  InventoryListItem,
} from '../../../contract/inventory';

/**
 * An inventory list as the UI shows it: the server's state with the current user's waiting changes applied on top
 * (docs/decisions/0035). When its items have been read (`itemsRead`), the totals are the sums of the mirror's items.
 */
export interface MirrorInventoryList extends InventoryList {
  /** A waiting change of the current user touches the list or one of its items. */
  pending: boolean;
  /** The items are on the device (the list was opened here, or made here). */
  itemsRead: boolean;
}

/**
 * Whether the list is closed (docs/decisions/0062). Lists stored on a phone before issue #15 have no `closedAt` until
 * the server's next answer replaces them: missing means open, never closed.
 */
export const isListClosed = (list: { closedAt?: string | null }): boolean => list.closedAt != null;
// Likewise `reopenedAt` (decision 0062) is missing on lists stored before it was kept: read as null, never reopened.

/** One item as the UI shows it: the server's count plus the waiting deltas and sets. */
export interface MirrorInventoryItem extends InventoryListItem {
  companyCode: string;
  pending: boolean;
  /** The stock in thousandths of a piece, kept exact while scans wait (quantity is this in `unit`). */
  milliPieces: number;
}

/** The server's state of a list as last seen. */
export interface ServerInventoryList extends InventoryList {
  /**
   * The list's `version` at which the items on the device are whole: set by a full read, moved on by the answer to
   * this phone's own count when that count made the next version (decision 0088); null when they must be read again.
   * Phones before decision 0088 stored `updatedAt` here: it never equals a version, so they read once more.
   */
  itemsVersion: number | null;
  /** The items have been read in full at least once. */
  itemsRead: boolean;
}

export interface ServerInventoryItem extends InventoryListItem {
  companyCode: string;
}

/**
 * The items of one list as the server last sent them whole, in one row (decision 0086): IndexedDB writes one row of
 * 5 000 items about ten times faster than 5 000 rows. The items the server answered for since (a count, an added
 * item) are rows of `serverInventoryItems`, which win over the set's.
 */
export interface ServerInventoryItemSet {
  listId: string;
  items: ServerInventoryItem[];
}

/** One entry of a company's offline article index (for scanning and adding without network). */
export interface StoredArticle extends IndexedArticle {
  /** `${companyCode}|${id}`. */
  key: string;
  companyCode: string;
  /** Lower-case name for searching. */
  search: string;
}

/** What the device keeps of a company for counting offline: zones, accounts and the index version (ETag). */
export interface InventoryCompanyRow {
  companyCode: string;
  zones: CompanyZone[];
  accounts: ChartAccount[];
  indexVersion: string | null;
  indexGeneratedAt: string | null;
  /** ISO time of the last successful read. */
  readAt: string;
}

/** The inventory kind's Dexie tables (schema version 2). Only added tables: Dexie keeps version 1's. */
export const INVENTORY_STORES = {
  inventoryLists: 'id, companyCode',
  inventoryItems: 'id, listId, companyCode, [listId+articleNumber], [listId+gtinPiece], [listId+gtinCarton]',
  serverInventoryLists: 'id, companyCode',
  serverInventoryItems: 'id, listId',
  inventoryArticles: 'key, companyCode, [companyCode+gtinPiece], [companyCode+gtinCarton], [companyCode+articleNumber]',
  inventoryCompanies: 'companyCode',
} as const;

/**
 * Schema version 3 (issue #17): the mirror's items also by [listId+zone], so that the count screen reads the zone it
 * shows (a fifth of a 5 000-item list) without reading the whole list first (decision 0070). The table is restated
 * whole, as Dexie wants; its rows stay, the index is built from them on the phone.
 */
export const INVENTORY_STORES_V3 = {
  inventoryItems: `${INVENTORY_STORES.inventoryItems}, [listId+zone]`,
} as const;

/**
 * Schema version 4 (issue #17, decision 0086): a list's server copy as one row (`serverInventoryItemSets`), and the
 * mirror's items without the `companyCode` index, which nothing reads (every row write paid for it). Rows of
 * `serverInventoryItems` written before stay valid: they are read as answers over an empty set until the next read.
 */
export const INVENTORY_STORES_V4 = {
  inventoryItems: 'id, listId, [listId+articleNumber], [listId+gtinPiece], [listId+gtinCarton], [listId+zone]',
  serverInventoryItemSets: 'listId',
} as const;

/** The inventory kind's tables on the database object. */
export type InventoryTables = {
  inventoryLists: EntityTable<MirrorInventoryList, 'id'>;
  inventoryItems: EntityTable<MirrorInventoryItem, 'id'>;
  serverInventoryLists: EntityTable<ServerInventoryList, 'id'>;
  serverInventoryItems: EntityTable<ServerInventoryItem, 'id'>;
  serverInventoryItemSets: EntityTable<ServerInventoryItemSet, 'listId'>;
  inventoryArticles: EntityTable<StoredArticle, 'key'>;
  inventoryCompanies: EntityTable<InventoryCompanyRow, 'companyCode'>;
};
