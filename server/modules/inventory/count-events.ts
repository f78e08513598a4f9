/**
 * The count events of an item and what the server stores from them: the quantity by the merge rule
 * (contract/rules/count.ts), the number of counts, the last count and set, who counted, and the conflict flag.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryCountEvents, inventoryListItems } from '../../db/schema';
import { countFigures } from '../../../contract/rules/count';
import { toMergeEvent, type EventRow } from './rows';
import type { InventoryScope } from './scope';

export type CountEvents = ReturnType<typeof countEventStore>;

export function countEventStore(db: DbOrTx, scope: InventoryScope) {
  const { itemNotFound } = scope;

  async function eventsOf(itemId: string): Promise<EventRow[]> {
    return db.select().from(inventoryCountEvents).where(eq(inventoryCountEvents.itemId, itemId));
  }

  /**
   * Re-derives an item's quantity and counting info from its events (the merge rule) and stores them. Returns the
   * events read and their merge, so that an answer built right after need not read them again.
   */
  async function recompute(itemId: string, now: Date) {
    const [item] = await db
      .select({
        unit: inventoryListItems.unit,
        piecesPerCarton: inventoryListItems.piecesPerCarton,
        conflictResolvedUntil: inventoryListItems.conflictResolvedUntil,
      })
      .from(inventoryListItems)
      .where(eq(inventoryListItems.id, itemId));
    if (!item) throw itemNotFound();
    const events = await eventsOf(itemId);
    const figures = countFigures(events.map(toMergeEvent), item.unit, item.piecesPerCarton, item.conflictResolvedUntil);
    await db
      .update(inventoryListItems)
      .set({
        quantity: String(figures.quantity),
        countCount: figures.countCount,
        lastCountedAt: figures.lastCountedAt,
        lastCountedBy: figures.lastCountedBy,
        lastSetAt: figures.lastSetAt,
        lastSetBy: figures.lastSetBy,
        countedBy: figures.countedBy,
        conflict: figures.conflict,
        updatedAt: now,
      })
      .where(eq(inventoryListItems.id, itemId));
    return { events, merged: figures.merged };
  }

  return { eventsOf, recompute };
}
