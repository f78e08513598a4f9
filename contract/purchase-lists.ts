import { z } from 'zod';
import { isoDateTime, plainText } from './common';

/** Largest quantity on a purchase list line. */
export const PURCHASE_LIST_MAX_QUANTITY = 9999;
/** Longest purchase list name. */
export const PURCHASE_LIST_NAME_MAX = 100;

export const PURCHASE_LIST_SORTS = ['name', 'date', 'quantity', 'brand'] as const;
export type PurchaseListSort = (typeof PURCHASE_LIST_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const required = { message: 'validation.required' };

/** A client-generated id (uuid v7 from the offline engine; any RFC 4122/9562 uuid is accepted). */
const clientId = z.uuid();

const listName = plainText.trim().min(1, required).max(PURCHASE_LIST_NAME_MAX);

/** GET /v1/purchase-lists?company=<companyCode>: the company filter is required (SPEC §5). */
export const purchaseListsQuery = z.object({
  company: plainText.trim().min(1, required).max(32),
});
export type PurchaseListsQuery = z.infer<typeof purchaseListsQuery>;

/** Path of one list; a malformed id is answered as an unknown list (404), not as a field error. */
export const purchaseListParams = z.object({ id: plainText.max(100) });
export const purchaseListItemParams = z.object({ id: plainText.max(100), itemId: plainText.max(100) });

/** Sort of a list's items (SPEC §9: name, date, quantity, brand). Default: date ascending (the order they were added). */
export const purchaseListItemsQuery = z.object({
  sort: z.enum(PURCHASE_LIST_SORTS).default('date'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type PurchaseListItemsQuery = z.input<typeof purchaseListItemsQuery>;

/** One list as the overview shows it. */
export const purchaseList = z.object({
  id: z.string(),
  companyCode: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  createdAt: isoDateTime,
  /** Moves with every change to the list or its items. */
  updatedAt: isoDateTime,
  /** Full name of the user who created the list; null when that user no longer exists. */
  createdBy: z.string().nullable(),
});
export type PurchaseList = z.infer<typeof purchaseList>;

export const STOCK_STATUS_VALUES = ['in_stock', 'few_left', 'out_of_stock'] as const;

/** One line of a list: the article as it is in the catalogue now, and the quantity on the list. */
export const purchaseListItem = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  brandName: z.string(),
  unit: z.enum(['piece', 'carton']),
  piecesPerCarton: z.number().int(),
  /** In the product's unit; 0 after a reset. Whole for products sold in whole units only. */
  quantity: z.number(),
  addedAt: isoDateTime,
  gtinPiece: z.string().nullable(),
  gtinCarton: z.string().nullable(),
  imageUrl: z.string().nullable(),
  stockStatus: z.enum(STOCK_STATUS_VALUES),
  discontinued: z.boolean(),
  wholeUnitsOnly: z.boolean(),
});
export type PurchaseListItem = z.infer<typeof purchaseListItem>;

/** A list with its items: GET /{id}, and the answer of create, rename and reset. */
export const purchaseListDetail = purchaseList.extend({ items: z.array(purchaseListItem) });
export type PurchaseListDetail = z.infer<typeof purchaseListDetail>;

export const purchaseListsResponse = z.object({ data: z.array(purchaseList) });
export type PurchaseListsResponse = z.infer<typeof purchaseListsResponse>;

export const purchaseListItemsResponse = z.object({ data: z.array(purchaseListItem) });
export type PurchaseListItemsResponse = z.infer<typeof purchaseListItemsResponse>;

/** A notice that goes with a successful answer, e.g. a quantity that was rounded (SPEC §5). */
export const listMessage = z.object({ code: z.string(), message: z.string() });
export type ListMessage = z.infer<typeof listMessage>;

/** The answer of adding an item or changing its quantity: the item and any notices. */
export const purchaseListItemAnswer = purchaseListItem.extend({ messages: z.array(listMessage) });
export type PurchaseListItemAnswer = z.infer<typeof purchaseListItemAnswer>;

/** POST /v1/purchase-lists */
export const createPurchaseListBody = z.object({
  /** Client-generated id; resending the same id, company and name answers with the list instead of a second one. */
  id: clientId.optional(),
  companyCode: plainText.trim().min(1, required).max(32),
  name: listName,
});
export type CreatePurchaseListBody = z.infer<typeof createPurchaseListBody>;

/** PATCH /v1/purchase-lists/{id} */
export const renamePurchaseListBody = z.object({ name: listName });
export type RenamePurchaseListBody = z.infer<typeof renamePurchaseListBody>;

/** A JSON number: missing → required, anything else → "must be a number". */
const numberField = () =>
  z.number({
    error: (issue) =>
      issue.code === 'invalid_type'
        ? issue.input === undefined
          ? 'validation.required'
          : 'validation.numeric'
        : undefined,
  });

const LOOKUP_FIELDS = ['productId', 'articleNumber', 'ean'] as const;

/**
 * POST /v1/purchase-lists/{id}/items: exactly one of productId, articleNumber (the SKU) or ean (piece or carton
 * GTIN). Quantity > 0 and at most 9999; rounded to a whole number (with a notice) for whole-unit products.
 */
export const addPurchaseListItemBody = z
  .object({
    id: clientId.optional(),
    quantity: numberField().gt(0).max(PURCHASE_LIST_MAX_QUANTITY),
    productId: z.uuid().optional(),
    articleNumber: plainText.trim().min(1, required).max(50).optional(),
    ean: plainText
      .trim()
      .regex(/^\d{8,14}$/, { message: 'validation.invalid' })
      .optional(),
  })
  .superRefine(
    (body, ctx) => {
      const given = LOOKUP_FIELDS.filter((f) => body[f] !== undefined);
      if (given.length === 0) ctx.addIssue({ code: 'custom', path: ['articleNumber'], message: 'validation.required' });
      if (given.length > 1)
        for (const f of given) ctx.addIssue({ code: 'custom', path: [f], message: 'validation.invalid' });
    },
    // Also when another field failed, so that every missing field is listed at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type AddPurchaseListItemBody = z.infer<typeof addPurchaseListItemBody>;

/** PATCH /v1/purchase-lists/{id}/items/{itemId}: 0 is allowed (a reset list is filled in again line by line). */
export const updatePurchaseListItemBody = z.object({
  quantity: numberField().min(0).max(PURCHASE_LIST_MAX_QUANTITY),
});
export type UpdatePurchaseListItemBody = z.infer<typeof updatePurchaseListItemBody>;
