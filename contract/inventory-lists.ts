/** Inventory lists: the paths and queries of the calls, a list as the overview shows it, and its create/update bodies. */
import { z } from 'zod';
import { isoDate, isoDateTime, isoInstant, paged, pageQuery, plainText } from './common';
import {
  INVENTORY_GROUPS,
  INVENTORY_ITEM_SORTS,
  INVENTORY_LIST_NAME_MAX,
  INVENTORY_LISTS_MAX_PAGE_SIZE,
  INVENTORY_SORT_ORDERS,
} from './inventory-constants';
import { companyCode, pathId, required } from './inventory-fields';

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

/**
 * GET /inventory-list/{id}: `changedSince`, the list version at which the caller's copy is whole (decision 0090), asks
 * for only the items changed after it. The answer says whether it did (`InventoryListDetail.changedSince`).
 */
export const inventoryDetailQuery = z.object({
  changedSince: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type InventoryDetailQuery = z.input<typeof inventoryDetailQuery>;

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
  /**
   * When the list was closed after review, or null while it is open. A closed list refuses counts and changes
   * (409 `InventoryListClosed`) until a customer administrator reopens it.
   */
  closedAt: isoDateTime.nullable(),
  /** Full name of the user who closed it; null when open or that user no longer exists. */
  closedBy: z.string().nullable(),
  /**
   * When the list was last reopened, or null if never. A phone closing the list sends the value it knew
   * (`closeInventoryListBody`), so a close made before a reopen it had not seen is refused (409 InventoryListReopened).
   */
  reopenedAt: isoDateTime.nullable(),
  /**
   * One more with every change to the list, its items or counts (decision 0088). A phone reads the items again only
   * when its copy is not whole at this version.
   */
  version: z.number().int(),
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

/**
 * Closing a list. `reopenedAt` is the list's `reopenedAt` as the closing phone knew it when the user closed it: the
 * server refuses the close with 409 InventoryListReopened when the list was reopened since (a close reviewed before an
 * administrator reopened the list must not undo that reopening). Without it (or without a body) the list is closed
 * as it is.
 */
export const closeInventoryListBody = z.object({ reopenedAt: isoInstant.nullable().optional() }).nullish();
export type CloseInventoryListBody = z.infer<typeof closeInventoryListBody>;
