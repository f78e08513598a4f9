/** The walking order of a zone in a list (issue #15): the order the counter walks the shelves, set once per zone. */
import { z } from 'zod';
import { plainText } from './common';
import { inventoryListItem } from './inventory-items';

/** Most items one zone's order may name (a list of 5 000 items in one zone fits). */
export const WALK_ORDER_MAX_ITEMS = 10_000;

/**
 * PUT /inventory-list/{listId}/walk-order → 200 WalkOrderAnswer. `zone` is the zone's name, or null for the items
 * without a zone. The named items get `walkPosition` 0..n-1 in this order; the zone's other items follow in their old
 * walking order (contract/rules/inventory-items.ts walkPositions). An item of another list answers 404
 * `InventoryListItemNotFound`, an item of another zone 400 `ItemNotInZone`. The same body again changes nothing.
 */
export const walkOrderBody = z.object({
  zone: plainText.trim().min(1).max(60).nullable(),
  itemIds: z
    .array(z.uuid())
    .min(1)
    .max(WALK_ORDER_MAX_ITEMS)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.invalid' }),
});
export type WalkOrderBody = z.infer<typeof walkOrderBody>;

/** The zone's items in their new walking order. */
export const walkOrderAnswer = z.object({
  zone: z.string().nullable(),
  data: z.array(inventoryListItem),
  /**
   * The list's `version` this order made (decision 0088), or null when nothing moved: every item it changed is in
   * `data`, so a phone whose copy was whole at `listVersion - 1` is whole at `listVersion` with them. Missing in
   * answers kept from before it was sent (an idempotent replay): read as null.
   */
  listVersion: z.number().int().nullable().optional(),
});
export type WalkOrderAnswer = z.infer<typeof walkOrderAnswer>;
