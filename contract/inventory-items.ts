/** Items of an inventory list: one item, the list with its items, the grouped answers and the add/update bodies. */
import { z } from 'zod';
import { isoDateTime, isoInstant } from './common';
import { INVENTORY_GROUPS, INVENTORY_MAX_PRICE, INVENTORY_MAX_QUANTITY, INVENTORY_UNITS } from './inventory-constants';
import { numberField, optionalText, quantityField } from './inventory-fields';
import { inventoryList } from './inventory-lists';

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
  /** Who made the latest count (by countedAt), or null (not counted, or that user no longer exists). */
  lastCountedBy: userRef.nullable(),
  /** Place in its zone's walking order (ascending); null: after the placed ones, by name. */
  walkPosition: z.number().int().nullable(),
  /** The review accepted the count as it stood then; a count after this moment brings its review flags back. */
  acceptedAt: isoDateTime.nullable(),
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

/**
 * POST …/item and PATCH …/item/{itemId} → the item as stored, and the list's `version` the change made (decision 0088):
 * the change touched this item alone, so a phone whose copy was whole at `listVersion - 1` is whole at `listVersion`
 * with it. Missing in answers kept from before it was sent (an idempotent replay): read as null.
 */
export const inventoryItemAnswer = inventoryListItem.extend({ listVersion: z.number().int().nullable().optional() });
export type InventoryItemAnswer = z.infer<typeof inventoryItemAnswer>;

/**
 * GET /inventory-list/{id} → a list with all its items (name order). With `changedSince` (decision 0090) only the items
 * a change after that version wrote: a copy whole at `changedSince` with these over it is the list at `version` (no
 * item was removed since). Missing or null: `items` holds them all (a removal, a new list compared with, or a version
 * the server cannot follow on from came between).
 */
export const inventoryListDetail = inventoryList.extend({
  items: z.array(inventoryListItem),
  changedSince: z.number().int().nullable().optional(),
});
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
  /** Σ varianceValue of the group's items that have one, öre; null when none has a previous quantity. */
  varianceValue: z.number().int().nullable(),
  items: z.array(inventoryListItem),
});
export type InventoryItemGroup = z.infer<typeof inventoryItemGroup>;
export const inventoryGroupsResponse = z.object({
  group: z.enum(INVENTORY_GROUPS),
  data: z.array(inventoryItemGroup),
  /** Σ of the subtotals, öre. */
  stockValue: z.number().int(),
  /** Σ varianceValue of all items that have one, öre; null when none has a previous quantity. */
  varianceValue: z.number().int().nullable(),
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
 * account, zone, parLevel (null clears), `resolveConflict: true` (clears `conflict`) and `accept: true` (the review
 * accepts the count as it stands: sets `acceptedAt`, see contract/rules/review.ts). `acceptedAt` is when the user
 * accepted on the device (the phone may accept offline; a count made after that moment brings the flags back, as it
 * should — the reviewer never saw it); without it the server's time. A time ahead of the server is taken as the
 * server's (like a count's `countedAt`). The quantity is changed only by counting.
 */
export const updateInventoryItemBody = z
  .object({
    unit: z.enum(INVENTORY_UNITS).optional(),
    price: price.optional(),
    account: optionalText(20),
    zone: optionalText(60),
    parLevel,
    resolveConflict: z.literal(true).optional(),
    accept: z.literal(true).optional(),
    acceptedAt: isoInstant.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation.required', path: ['body'] })
  .refine((b) => b.acceptedAt === undefined || b.accept === true, {
    message: 'validation.invalid',
    path: ['acceptedAt'],
  });
export type UpdateInventoryItemBody = z.infer<typeof updateInventoryItemBody>;
