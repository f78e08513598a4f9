import {
  comparePurchaseLists,
  purchaseListItemOrder,
  sortPurchaseListItems,
  type ItemSortKey,
  type SortDirection,
} from '../../../contract/purchase-list-order';
import type { MirrorItem, MirrorList } from './tables';

/** Lists by name, then creation, then id, as GET /v1/purchase-lists (one rule: contract/purchase-list-order.ts). */
export const compareLists: (a: MirrorList, b: MirrorList) => number = comparePurchaseLists;

/** Items in the order they were added (the server's default), ties by name then id. */
export const compareItems: (a: MirrorItem, b: MirrorItem) => number = purchaseListItemOrder('date', 'asc');

/** A list's items in the asked order (SPEC §9: name, date, quantity, brand), ties by name then id, as the server. */
export function sortItems(
  items: readonly MirrorItem[],
  sort: ItemSortKey = 'date',
  order: SortDirection = 'asc',
): MirrorItem[] {
  return sortPurchaseListItems(items, sort, order);
}
