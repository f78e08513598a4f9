/**
 * The cart's Dexie tables (mirror and server copy), added in schema version 2. Index specs as Dexie writes them.
 * Filled in by the cart kind (issue #5).
 */
export const CART_STORES = {} as const;

/** The cart's tables on the database object. */
export type CartTables = Record<never, never>;
