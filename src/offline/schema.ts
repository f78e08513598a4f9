import { defineSchema } from './engine/database';
import { CART_STORES } from './cart/tables';
import { INVENTORY_STORES, INVENTORY_STORES_V3, INVENTORY_STORES_V4 } from './inventory/tables';
import { PURCHASE_LIST_STORES } from './purchase-lists/tables';

/**
 * The offline database's schema on users' phones: each kind's tables by the version that added them (the engine adds
 * its outbox, session and meta to version 1). Released versions never change; a new table (or a new index) comes in a new
 * version listing only the tables it adds or re-indexes, so Dexie keeps every existing table and its data. Importing this module defines the
 * schema; it is small (no kind logic, no zod), so a start-up that only needs the database loads just this.
 */
defineSchema([
  // Version 1: purchase lists (issue #4).
  PURCHASE_LIST_STORES,
  // Version 2: the cart (issue #5) and inventory (issue #6).
  { ...CART_STORES, ...INVENTORY_STORES },
  // Version 3: inventory items by [listId+zone] (issue #17).
  INVENTORY_STORES_V3,
  // Version 4: a list's server copy in one row; the inventory's items lose an index nothing read (issue #17).
  INVENTORY_STORES_V4,
]);

export { offlineDb, openOfflineDb, type OfflineDb } from './engine/database';
