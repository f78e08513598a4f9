/**
 * The inventory kind's Dexie tables (lists, items, counts, the offline article index), added in schema version 2.
 * Filled in by the inventory kind (issue #6).
 */
export const INVENTORY_STORES = {} as const;

/** The inventory kind's tables on the database object. */
export type InventoryTables = Record<never, never>;
