/**
 * The plain part of the catalogue contract: units, stock statuses, price kinds and the price call's limit. No zod
 * here: product cards read these, and the schemas in catalog.ts (which re-exports this file) load with the answers
 * they parse (docs/decisions/0044).
 */

/** Catalogue units (SPEC §9): a product is sold per piece or per carton of `piecesPerCarton` pieces. */
export const PRODUCT_UNITS = ['piece', 'carton'] as const;
export const STOCK_STATUSES = ['in_stock', 'few_left', 'out_of_stock'] as const;
/** Where a customer price comes from: the public list price or one of the company's own prices. */
export const PRICE_KINDS = ['list', 'agreement', 'campaign', 'tender'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** Most product ids one price request may ask for. */
export const MAX_PRICE_IDS = 200;
