/**
 * Inventory (stocktaking) lists — SPEC §2 /profil/inventering, §3 "Inventory list", §7, §9 — and what the offline
 * counting client needs around them: chart of accounts, zones, the offline article index and shortfalls for ordering.
 *
 * Every call is under `/v1/company/{companyCode}` with a Bearer token. A company the user may not act for answers 403
 * `Forbidden`; a list of another company (or an unknown or malformed id) answers 404 `InventoryListNotFound`, an item
 * that is not in the list 404 `InventoryListItemNotFound`. Every change honours `Idempotency-Key`
 * (docs/decisions/0006); rows made on the device carry the device's uuid `id`.
 *
 * Units and money:
 * - `unit` is 'piece' or 'carton'; a carton holds `piecesPerCarton` pieces. An item's `quantity`, `price`,
 *   `parLevel` and `previousQuantity` are all in the item's own unit.
 * - Money is integer öre excluding VAT (docs/decisions/0003). `stockValue = round(quantity × price)`.
 *
 * Counting (docs/decisions/0025-count-merge.md): a scan is a delta (`kind: 'delta'`), a typed number is a set
 * (`kind: 'set'`). The server keeps every count event and derives `quantity` from them by one rule that does not
 * depend on the order in which events arrive:
 *   order all events of an item by (countedAt, id); S = the last set in that order;
 *   quantity = (S ? S.quantity : 0) + Σ deltas after S (all deltas when there is no set).
 * The rule itself lives in contract/rules/count.ts; order, filter and grouping of items in
 * contract/rules/inventory-items.ts.
 *
 * This file gathers the inventory contract: constants, and the schemas of lists, items, counts and company data.
 */
export * from './inventory-constants';
export * from './inventory-lists';
export * from './inventory-items';
export * from './inventory-counts';
export * from './inventory-company';
export * from './inventory-walk';
