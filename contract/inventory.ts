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
 */
import { z } from 'zod';
import { isoDate, isoDateTime, isoInstant, paged, pageQuery, plainText } from './common';

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

const required = { message: 'validation.required' };
const companyCode = plainText.min(1).max(32);
/** Ids in paths: a malformed one answers 404 like an unknown one, not 400. */
const pathId = plainText.max(100);

/** A JSON number: missing → "required", a string or other type → "must be a number". */
const numberField = () =>
  z.number({
    error: (issue) =>
      issue.code === 'invalid_type'
        ? issue.input === undefined
          ? 'validation.required'
          : 'validation.numeric'
        : undefined,
  });

/** Three decimals at most (quantities are stored with three). */
const quantityField = () =>
  numberField().refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { message: 'validation.invalid' });

/** An optional text that may be cleared: missing → unchanged/default, null or '' → none. */
const optionalText = (max: number) =>
  plainText
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

// --- paths and queries ---------------------------------------------------------------------------------------------

export const inventoryCompanyParams = z.object({ companyCode });
export const inventoryListParams = z.object({ companyCode, id: pathId });
export const inventoryItemsParams = z.object({ companyCode, listId: pathId });
export const inventoryItemParams = z.object({ companyCode, listId: pathId, itemId: pathId });
export const inventoryGroupParams = z.object({ companyCode, listId: pathId, group: z.enum(INVENTORY_GROUPS) });

/** GET /inventory-lists: `q` matches the name; newest period first; paged like the company list. */
export const inventoryListsQuery = z.object({
  q: plainText.trim().max(100).optional(),
  ...pageQuery(20, INVENTORY_LISTS_MAX_PAGE_SIZE),
});
export type InventoryListsQuery = z.input<typeof inventoryListsQuery>;

/**
 * GET /inventory-list/{listId}/items and …/items/group-by/{group}: sort (default name ascending, Swedish order, ties by
 * article number), `q` (name or article number, contains, case-insensitive), `zone` and `account` (exact; the value
 * `-` means "none set").
 */
export const inventoryItemsQuery = z.object({
  sort: z.enum(INVENTORY_ITEM_SORTS).default('name'),
  order: z.enum(INVENTORY_SORT_ORDERS).default('asc'),
  q: plainText.trim().max(100).optional(),
  zone: plainText.trim().max(60).optional(),
  account: plainText.trim().max(20).optional(),
});
export type InventoryItemsQuery = z.input<typeof inventoryItemsQuery>;
/** The value of `zone`/`account` in the items query that selects items without one. */
export const NONE_FILTER = '-';

/** GET /inventory-list/{id}/export/excel|pdf: grouped by zone (default, with account per row) or by account. */
export const inventoryExportQuery = z.object({ group: z.enum(INVENTORY_GROUPS).default('zone') });

// --- lists ---------------------------------------------------------------------------------------------------------

/** One list as the overview shows it. */
export const inventoryList = z.object({
  id: z.string(),
  companyCode: z.string(),
  name: z.string(),
  /** The counting period, inclusive (yyyy-MM-dd), or null. */
  dateFrom: isoDate.nullable(),
  dateTo: isoDate.nullable(),
  /**
   * The list this one is compared with for variance (docs/decisions/0026): chosen by the server on create (the
   * company's latest list of an earlier period) unless the client names one or sends null.
   */
  previousListId: z.string().nullable(),
  previousListName: z.string().nullable(),
  itemCount: z.number().int(),
  /** Items with at least one count. */
  countedCount: z.number().int(),
  /** Σ stockValue of the items, öre. */
  stockValue: z.number().int(),
  createdAt: isoDateTime,
  /** Moves with every change to the list, its items or their counts. */
  updatedAt: isoDateTime,
  /** Full name of the user who created it; null when that user no longer exists. */
  createdBy: z.string().nullable(),
});
export type InventoryList = z.infer<typeof inventoryList>;

export const pagedInventoryLists = paged(inventoryList);
export type PagedInventoryLists = z.infer<typeof pagedInventoryLists>;

const listName = plainText.trim().min(1, required).max(INVENTORY_LIST_NAME_MAX);
const optionalDate = isoDate.nullable().optional();

const datesInOrder = (
  body: { dateFrom?: string | null | undefined; dateTo?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (body.dateFrom && body.dateTo && body.dateTo < body.dateFrom)
    ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.invalid' });
};

/**
 * POST /inventory-list → 201 InventoryList. The name is required (SPEC §5). `id` is the device's uuid: the same id
 * again with the same name answers with the list as it is now (a resend); any other use of it is 409 `ClientIdTaken`.
 * `previousListId`: missing → the server picks one, null → no comparison, an id → that list (must be the company's).
 */
export const createInventoryListBody = z
  .object({
    id: z.uuid().optional(),
    name: listName,
    dateFrom: optionalDate,
    dateTo: optionalDate,
    previousListId: z.uuid().nullable().optional(),
  })
  .superRefine(datesInOrder);
export type CreateInventoryListBody = z.infer<typeof createInventoryListBody>;

/** PUT /inventory-list/{id} → 200 InventoryList. Name and dates are replaced; `previousListId` missing → unchanged. */
export const updateInventoryListBody = z
  .object({
    name: listName,
    dateFrom: optionalDate,
    dateTo: optionalDate,
    previousListId: z.uuid().nullable().optional(),
  })
  .superRefine(datesInOrder);
export type UpdateInventoryListBody = z.infer<typeof updateInventoryListBody>;

// --- items ---------------------------------------------------------------------------------------------------------

export const userRef = z.object({ id: z.string(), name: z.string() });
export type UserRef = z.infer<typeof userRef>;

/** One counted article of a list. */
export const inventoryListItem = z.object({
  id: z.string(),
  listId: z.string(),
  /** The catalogue product, or null for an own article (or a catalogue product that no longer exists). */
  productId: z.string().nullable(),
  /** The company product ("mina artiklar"), or null. */
  companyProductId: z.string().nullable(),
  /** Copied when added: unique within a list. */
  articleNumber: z.string(),
  name: z.string(),
  unit: z.enum(INVENTORY_UNITS),
  piecesPerCarton: z.number().int(),
  /** For scanning: the catalogue's GTINs (own articles: their GTIN as `gtinPiece`). */
  gtinPiece: z.string().nullable(),
  gtinCarton: z.string().nullable(),
  /** Stock quantity in `unit`, by the merge rule; 0 until counted. */
  quantity: z.number(),
  /** Price of one `unit`, öre. */
  price: z.number().int(),
  /** round(quantity × price), öre. */
  stockValue: z.number().int(),
  account: z.string().nullable(),
  /** The account's name from the company's chart of accounts, or null. */
  accountName: z.string().nullable(),
  zone: z.string().nullable(),
  /** Wanted stock in `unit`; below it, the shortfall call suggests an order. */
  parLevel: z.number().nullable(),
  /** Quantity of the same article number in the previous list, converted to `unit`; null when not there. */
  previousQuantity: z.number().nullable(),
  /** quantity − previousQuantity (null without a previous quantity). */
  variance: z.number().nullable(),
  /** round(variance × price), öre. */
  varianceValue: z.number().int().nullable(),
  /** At least one count event. */
  counted: z.boolean(),
  /** Number of count events. */
  countCount: z.number().int(),
  /** Latest countedAt of any count, or null. */
  lastCountedAt: isoDateTime.nullable(),
  /** The set the quantity starts from (see the merge rule), or null. */
  lastSetAt: isoDateTime.nullable(),
  lastSetBy: userRef.nullable(),
  /** Distinct users who counted this item, in the order of their first count. */
  countedBy: z.array(userRef),
  /**
   * "Two people counted this": the quantity starts from a set, and before that set another user had counted deltas
   * that the set replaced. Cleared by `PATCH … {resolveConflict: true}` (until a new such set comes).
   */
  conflict: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type InventoryListItem = z.infer<typeof inventoryListItem>;

/** GET /inventory-list/{id} → a list with all its items (name order). */
export const inventoryListDetail = inventoryList.extend({ items: z.array(inventoryListItem) });
export type InventoryListDetail = z.infer<typeof inventoryListDetail>;

/** GET /inventory-list/{listId}/items → the items that match the query, in the asked order, and their total value. */
export const inventoryItemsResponse = z.object({
  data: z.array(inventoryListItem),
  /** Σ stockValue of `data`, öre. */
  stockValue: z.number().int(),
});
export type InventoryItemsResponse = z.infer<typeof inventoryItemsResponse>;

/**
 * GET /inventory-list/{listId}/items/group-by/{zone|account}: groups in the company's zone order (or by account
 * number); items without a zone/account come last in a group with `key: null`. Each group's items are sorted as asked.
 */
export const inventoryItemGroup = z.object({
  /** Zone name or account number; null for "none set". */
  key: z.string().nullable(),
  /** What to show: the zone's name, "1460 Lager av handelsvaror", or "Utan zon" / "Utan konto". */
  label: z.string(),
  itemCount: z.number().int(),
  /** Σ stockValue of the group's items, öre. */
  subtotal: z.number().int(),
  items: z.array(inventoryListItem),
});
export type InventoryItemGroup = z.infer<typeof inventoryItemGroup>;
export const inventoryGroupsResponse = z.object({
  group: z.enum(INVENTORY_GROUPS),
  data: z.array(inventoryItemGroup),
  /** Σ of the subtotals, öre. */
  stockValue: z.number().int(),
});
export type InventoryGroupsResponse = z.infer<typeof inventoryGroupsResponse>;

const parLevel = quantityField().min(0).max(INVENTORY_MAX_QUANTITY).nullable().optional();
const price = numberField().int().min(0).max(INVENTORY_MAX_PRICE);

/**
 * POST /inventory-list/{listId}/item → 201 InventoryListItem. Exactly one of `productId` (catalogue) or
 * `companyProductId` (own article). Defaults: unit → the product's unit; price → the company's price today (catalogue:
 * agreement/campaign/tender or list price, converted to `unit`) or the own article's price; account and zone → where
 * the company placed this article last time (else the own article's), else none. Account and zone must exist for the
 * company (400 with the field).
 * Refused: an article already in the list → 409 `ArticleAlreadyInList`; an own article whose article number is
 * already used by another item → 409 `ArticleNumberTaken` (both with the spec's hint as a field message).
 * `id` is the device's uuid: the same id again for the same list and article answers with the item (a resend).
 */
export const addInventoryItemBody = z
  .object({
    id: z.uuid().optional(),
    productId: z.uuid().optional(),
    companyProductId: z.uuid().optional(),
    unit: z.enum(INVENTORY_UNITS).optional(),
    price: price.optional(),
    account: optionalText(20),
    zone: optionalText(60),
    parLevel,
  })
  .superRefine(
    (body, ctx) => {
      const given = (['productId', 'companyProductId'] as const).filter((f) => body[f] !== undefined);
      if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['productId'], message: 'validation.required' });
      if (given.length > 1)
        for (const f of given) ctx.addIssue({ code: 'custom', path: [f], message: 'validation.invalid' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type AddInventoryItemBody = z.infer<typeof addInventoryItemBody>;

/**
 * PATCH /inventory-list/{listId}/item/{itemId} → 200 InventoryListItem: any of unit (the quantity is re-derived from
 * the count events in the new unit), price (of one new unit; when only the unit changes the price is converted),
 * account, zone, parLevel (null clears), and `resolveConflict: true` (clears `conflict`). The quantity is changed only
 * by counting.
 */
export const updateInventoryItemBody = z
  .object({
    unit: z.enum(INVENTORY_UNITS).optional(),
    price: price.optional(),
    account: optionalText(20),
    zone: optionalText(60),
    parLevel,
    resolveConflict: z.literal(true).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation.required', path: ['body'] });
export type UpdateInventoryItemBody = z.infer<typeof updateInventoryItemBody>;

// --- counting ------------------------------------------------------------------------------------------------------

const countCommon = {
  /** The device's uuid (v7) for this count: the same id again is a resend and changes nothing. */
  id: z.uuid(),
  /** Unit of the number entered; converted to the item's unit with piecesPerCarton. */
  unit: z.enum(INVENTORY_UNITS),
  /** When it was counted on the device (ISO with offset). Decides the order of events (see the merge rule). */
  countedAt: isoInstant,
  /** A stable id of the device (per installation). */
  deviceId: plainText.trim().min(1, required).max(100),
};

/**
 * POST /inventory-list/{listId}/item/{itemId}/count → 201 {item, count} (200 for a resend of a known count id).
 * - `{kind: 'delta', amount}`: add (a scan: +1 or +1 carton; negative to take back a mistaken scan; not 0).
 * - `{kind: 'set', quantity}`: the count at that moment was this many (typed in); later deltas add to it.
 * The same count id with other content is 409 `ClientIdTaken`.
 */
export const countBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('delta'),
    amount: quantityField()
      .min(-INVENTORY_MAX_QUANTITY)
      .max(INVENTORY_MAX_QUANTITY)
      .refine((n) => n !== 0, { message: 'validation.invalid' }),
    ...countCommon,
  }),
  z.object({
    kind: z.literal('set'),
    quantity: quantityField().min(0).max(INVENTORY_MAX_QUANTITY),
    ...countCommon,
  }),
]);
export type CountBody = z.infer<typeof countBody>;

/** One count event as the server keeps it. */
export const inventoryCount = z.object({
  id: z.string(),
  itemId: z.string(),
  kind: z.enum(COUNT_KINDS),
  /** The number as entered: the delta's amount or the set's quantity, in `unit`. */
  value: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  /** The same in pieces (value × piecesPerCarton for cartons). */
  pieces: z.number(),
  /** The device's time (clamped to the receipt time when it was more than 5 minutes ahead). */
  countedAt: isoDateTime,
  /** When the server got it. */
  receivedAt: isoDateTime,
  deviceId: z.string(),
  user: userRef.nullable(),
  /** False for a delta before the effective set, or a set that a later set replaced. */
  effective: z.boolean(),
});
export type InventoryCount = z.infer<typeof inventoryCount>;

export const countAnswer = z.object({ item: inventoryListItem, count: inventoryCount });
export type CountAnswer = z.infer<typeof countAnswer>;

/** GET /inventory-list/{listId}/item/{itemId}/counts → the item's count events in merge order. */
export const inventoryCountsResponse = z.object({ data: z.array(inventoryCount) });
export type InventoryCountsResponse = z.infer<typeof inventoryCountsResponse>;

// --- par levels → order --------------------------------------------------------------------------------------------

/**
 * GET /inventory-list/{id}/shortfall → items whose quantity is below their par level. For catalogue products,
 * `orderQuantity`/`orderUnit` is what to put in the cart: the shortfall in pieces rounded up to whole cartons when the
 * product comes in cartons (piecesPerCarton > 1), else up to whole pieces (or three decimals for loose weight goods).
 * Own articles cannot be ordered: `orderQuantity` and `orderUnit` are null.
 */
export const shortfallLine = z.object({
  itemId: z.string(),
  productId: z.string().nullable(),
  companyProductId: z.string().nullable(),
  articleNumber: z.string(),
  name: z.string(),
  unit: z.enum(INVENTORY_UNITS),
  piecesPerCarton: z.number().int(),
  quantity: z.number(),
  parLevel: z.number(),
  /** parLevel − quantity, in `unit`. */
  shortfall: z.number(),
  orderQuantity: z.number().nullable(),
  orderUnit: z.enum(INVENTORY_UNITS).nullable(),
});
export type ShortfallLine = z.infer<typeof shortfallLine>;
export const shortfallResponse = z.object({ data: z.array(shortfallLine) });
export type ShortfallResponse = z.infer<typeof shortfallResponse>;

// --- company data for counting -------------------------------------------------------------------------------------

/** GET /v1/company/{companyCode}/chart-of-account → the company's accounts by number (inactive ones included). */
export const chartAccount = z.object({ number: z.string(), name: z.string(), active: z.boolean() });
export type ChartAccount = z.infer<typeof chartAccount>;
export const chartOfAccountsResponse = z.object({ data: z.array(chartAccount) });
export type ChartOfAccountsResponse = z.infer<typeof chartOfAccountsResponse>;

/** GET /v1/company/{companyCode}/zones → the company's storage zones in their own order. */
export const companyZone = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
export type CompanyZone = z.infer<typeof companyZone>;
export const zonesResponse = z.object({ data: z.array(companyZone) });
export type ZonesResponse = z.infer<typeof zonesResponse>;

/**
 * One entry of the offline article index. `kind: 'product'` is a catalogue product of the company's assortment
 * (ordered before, on a company price, or in one of its inventory lists); `kind: 'own'` is a company product.
 */
export const indexedArticle = z.object({
  kind: z.enum(['product', 'own']),
  /** productId or companyProductId. */
  id: z.string(),
  articleNumber: z.string(),
  name: z.string(),
  unit: z.enum(INVENTORY_UNITS),
  piecesPerCarton: z.number().int(),
  /** A scan of this GTIN counts one piece (own articles: their GTIN). */
  gtinPiece: z.string().nullable(),
  /** A scan of this GTIN counts one carton. */
  gtinCarton: z.string().nullable(),
  /** The company's price of one `unit` today, öre. */
  price: z.number().int(),
  /** Where the company keeps it (its last inventory placement, or the own article's zone), else null. */
  zone: z.string().nullable(),
  account: z.string().nullable(),
});
export type IndexedArticle = z.infer<typeof indexedArticle>;

/**
 * GET /v1/company/{companyCode}/article-index → the index; `version` is also the ETag. Send `If-None-Match` with it
 * and an unchanged index answers 304 with no body. Articles are sorted by article number.
 */
export const articleIndexResponse = z.object({
  companyCode: z.string(),
  version: z.string(),
  generatedAt: isoDateTime,
  articles: z.array(indexedArticle),
});
export type ArticleIndexResponse = z.infer<typeof articleIndexResponse>;

// --- shared rule ---------------------------------------------------------------------------------------------------

/** A count event reduced to what the merge rule needs; `pieces` in thousandths to add exactly. */
export type MergeEvent = {
  id: string;
  kind: CountKind;
  countedAt: string | Date;
  milliPieces: number;
  userId: string | null;
};

/** Merge order: countedAt, then id (uuid v7 ids of one device follow their creation order). */
export function compareCountEvents(
  a: Pick<MergeEvent, 'id' | 'countedAt'>,
  b: Pick<MergeEvent, 'id' | 'countedAt'>,
): number {
  const ta = new Date(a.countedAt).getTime();
  const tb = new Date(b.countedAt).getTime();
  if (ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type MergeResult = {
  /** Stock in thousandths of a piece. */
  milliPieces: number;
  /** The effective set, if any. */
  set: MergeEvent | null;
  /** Ids of the events that count (the effective set and the deltas after it). */
  effective: Set<string>;
  /** Users of the deltas before the effective set that are not the setter (see `conflict`). */
  overriddenUsers: Set<string>;
  /** Latest countedAt among those overridden deltas (for "resolved up to"). */
  overriddenUntil: Date | null;
};

/**
 * The merge rule (docs/decisions/0025-count-merge.md), shared by the server and the device's mirror so both show the
 * same number: sort by (countedAt, id); start from the last set (or 0); add every delta after it.
 */
export function mergeCounts(events: readonly MergeEvent[]): MergeResult {
  const sorted = [...events].sort(compareCountEvents);
  let setIndex = -1;
  for (let i = sorted.length - 1; i >= 0; i--) {
    if (sorted[i]!.kind === 'set') {
      setIndex = i;
      break;
    }
  }
  const set = setIndex >= 0 ? sorted[setIndex]! : null;
  let milliPieces = set ? set.milliPieces : 0;
  const effective = new Set<string>(set ? [set.id] : []);
  for (let i = setIndex + 1; i < sorted.length; i++) {
    milliPieces += sorted[i]!.milliPieces;
    effective.add(sorted[i]!.id);
  }
  const overriddenUsers = new Set<string>();
  let overriddenUntil: Date | null = null;
  if (set) {
    for (let i = 0; i < setIndex; i++) {
      const e = sorted[i]!;
      if (e.kind === 'delta' && e.userId !== null && e.userId !== set.userId) {
        overriddenUsers.add(e.userId);
        const at = new Date(e.countedAt);
        if (!overriddenUntil || at > overriddenUntil) overriddenUntil = at;
      }
    }
  }
  return { milliPieces, set, effective, overriddenUsers, overriddenUntil };
}

/** Thousandths of a piece for a number entered in `unit`. */
export function toMilliPieces(value: number, unit: InventoryUnit, piecesPerCarton: number): number {
  return Math.round(value * 1000) * (unit === 'carton' ? piecesPerCarton : 1);
}

/** Thousandths of a piece → quantity in `unit`, three decimals. */
export function fromMilliPieces(milliPieces: number, unit: InventoryUnit, piecesPerCarton: number): number {
  const perUnit = unit === 'carton' ? piecesPerCarton : 1;
  return Math.round(milliPieces / perUnit) / 1000;
}

// --- shared order, filter and grouping (server answers and the device's mirror) -------------------------------------

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** round(x) with halves away from zero, like PostgreSQL's round(numeric). */
export function roundHalfAway(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

/** round(quantity × price) in öre, exact for three-decimal quantities. */
export function valueOf(quantity: number, price: number): number {
  return roundHalfAway((Math.round(quantity * 1000) * price) / 1000);
}

type SortableItem = Pick<InventoryListItem, 'id' | 'name' | 'articleNumber' | 'quantity' | 'stockValue'>;

/** Items in the asked order (SPEC §9); ties by name, then article number, then id. */
export function inventoryItemOrder(sort: InventoryItemSort = 'name', order: InventorySortOrder = 'asc') {
  const direction = order === 'desc' ? -1 : 1;
  const primary = (a: SortableItem, b: SortableItem): number => {
    switch (sort) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'stockQuantity':
        return a.quantity - b.quantity;
      case 'stockValue':
        return a.stockValue - b.stockValue;
    }
  };
  return (a: SortableItem, b: SortableItem) =>
    direction * primary(a, b) ||
    collator.compare(a.name, b.name) ||
    collator.compare(a.articleNumber, b.articleNumber) ||
    byText(a.id, b.id);
}

/** The items query's filters: `q` on name or article number, `zone`/`account` exact (`-` = none set). */
export function matchesInventoryQuery(
  item: Pick<InventoryListItem, 'name' | 'articleNumber' | 'zone' | 'account'>,
  query: { q?: string | undefined; zone?: string | undefined; account?: string | undefined },
): boolean {
  const q = query.q?.trim().toLocaleLowerCase('sv');
  if (q && !item.name.toLocaleLowerCase('sv').includes(q) && !item.articleNumber.toLocaleLowerCase('sv').includes(q))
    return false;
  if (query.zone && (query.zone === NONE_FILTER ? item.zone !== null : item.zone !== query.zone)) return false;
  if (query.account && (query.account === NONE_FILTER ? item.account !== null : item.account !== query.account))
    return false;
  return true;
}

export const NO_ZONE_LABEL = 'Utan zon';
export const NO_ACCOUNT_LABEL = 'Utan konto';

/**
 * Groups sorted items by zone (in the company's zone order, unknown zone names after them by name) or by account (by
 * number); the group of items without one comes last.
 */
export function groupInventoryItems<T extends InventoryListItem>(
  items: readonly T[],
  group: InventoryGroup,
  company: { zones: readonly { name: string; sort: number }[]; accounts: readonly { number: string; name: string }[] },
): { key: string | null; label: string; itemCount: number; subtotal: number; items: T[] }[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const key = group === 'zone' ? item.zone : item.account;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const zoneOrder = new Map(company.zones.map((z) => [z.name, z.sort]));
  const accountNames = new Map(company.accounts.map((a) => [a.number, a.name]));
  const keys = [...groups.keys()].sort((a, b) => {
    if (a === null) return b === null ? 0 : 1;
    if (b === null) return -1;
    if (group === 'zone') {
      const sa = zoneOrder.get(a) ?? Number.MAX_SAFE_INTEGER;
      const sb = zoneOrder.get(b) ?? Number.MAX_SAFE_INTEGER;
      if (sa !== sb) return sa - sb;
    }
    return collator.compare(a, b);
  });
  return keys.map((key) => {
    const list = groups.get(key) ?? [];
    const label =
      key === null
        ? group === 'zone'
          ? NO_ZONE_LABEL
          : NO_ACCOUNT_LABEL
        : group === 'zone'
          ? key
          : `${key} ${accountNames.get(key) ?? ''}`.trim();
    return { key, label, itemCount: list.length, subtotal: list.reduce((s, i) => s + i.stockValue, 0), items: list };
  });
}
