/** Counting: the count body, a count event as the server keeps it, and the shortfall against par levels. */
import { z } from 'zod';
import { isoDateTime, isoInstant, plainText } from './common';
import { COUNT_KINDS, INVENTORY_MAX_QUANTITY, INVENTORY_UNITS } from './inventory-constants';
import { quantityField, required } from './inventory-fields';
import { inventoryListItem, userRef } from './inventory-items';

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

export const countAnswer = z.object({
  item: inventoryListItem,
  count: inventoryCount,
  /**
   * The list's `version` this count made, or null when the call changed nothing (a resend of a count the server holds).
   * A phone whose copy of the list was whole at `listVersion - 1` knows it is whole at `listVersion` with this item.
   */
  listVersion: z.number().int().nullable(),
});
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
