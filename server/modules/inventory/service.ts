/**
 * Inventory lists of a company, their items and counts (docs/decisions/0025–0027). Every call receives the company
 * the route's access hook established (decision 0052), never a code to check again, and finds lists only inside it:
 * a list of another company answers 404 InventoryListNotFound. Items and counts are reached only through such a list.
 * Written against `DbOrTx`: the routes build it on the idempotency transaction for changes.
 *
 * The calls live by what they do: lists.ts, closing.ts, items.ts, counts.ts (with count-events.ts), groups.ts (groups,
 * zones, accounts, export data), shortfall.ts, article-index.ts and walk-order.ts; scope.ts finds lists and items
 * inside the company.
 */
import type { DbOrTx } from '../../db/client';
import { inventoryArticleIndexCalls } from './article-index';
import { inventoryClosingCalls } from './closing';
import { countEventStore } from './count-events';
import { inventoryCountCalls } from './counts';
import { inventoryGroupCalls } from './groups';
import { inventoryItemCalls } from './items';
import { inventoryListCalls } from './lists';
import { createInventoryScope } from './scope';
import { inventoryShortfallCalls } from './shortfall';
import { inventoryWalkOrderCalls } from './walk-order';

export type { ItemQuery } from './scope';
export type InventoryService = ReturnType<typeof createInventoryService>;

export function createInventoryService(db: DbOrTx) {
  const scope = createInventoryScope(db);
  const store = countEventStore(db, scope);
  return {
    ...inventoryListCalls(db, scope),
    ...inventoryClosingCalls(db, scope),
    ...inventoryItemCalls(db, scope, store),
    ...inventoryGroupCalls(db, scope),
    ...inventoryCountCalls(db, scope, store),
    ...inventoryShortfallCalls(db, scope),
    ...inventoryArticleIndexCalls(db),
    ...inventoryWalkOrderCalls(db, scope),
  };
}
