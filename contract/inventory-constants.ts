/**
 * The plain part of the inventory contract: units, limits, sorts, groupings and count kinds. No zod here: the shared
 * rules (contract/rules/count.ts, inventory-items.ts) and the screens read these without loading the schemas
 * (docs/decisions/0044).
 */

export const INVENTORY_UNITS = ['piece', 'carton'] as const;
export type InventoryUnit = (typeof INVENTORY_UNITS)[number];

export const INVENTORY_LIST_NAME_MAX = 100;
/** Largest quantity of one count, par level or set (in the unit given). */
export const INVENTORY_MAX_QUANTITY = 999_999;
/** Largest price of one unit, öre (1 000 000 kr). */
export const INVENTORY_MAX_PRICE = 100_000_000;
export const INVENTORY_LISTS_MAX_PAGE_SIZE = 100;

/** SPEC §9: inventory sort by name, stock quantity or stock value, each ascending or descending. */
export const INVENTORY_ITEM_SORTS = ['name', 'stockQuantity', 'stockValue'] as const;
export type InventoryItemSort = (typeof INVENTORY_ITEM_SORTS)[number];
export const INVENTORY_SORT_ORDERS = ['asc', 'desc'] as const;
export type InventorySortOrder = (typeof INVENTORY_SORT_ORDERS)[number];
/** SPEC §9: grouping by zone or account. */
export const INVENTORY_GROUPS = ['zone', 'account'] as const;
export type InventoryGroup = (typeof INVENTORY_GROUPS)[number];

export const COUNT_KINDS = ['delta', 'set'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];
/**
 * A count whose `countedAt` lies more than this ahead of the server's clock (a device with a wrong clock) is stored
 * with the server's receipt time instead, so that it cannot stay "the latest" for ever.
 */
export const COUNT_FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The value of `zone`/`account` in the items query that selects items without one. */
export const NONE_FILTER = '-';
