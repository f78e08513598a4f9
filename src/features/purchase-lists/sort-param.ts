import {
  PURCHASE_LIST_SORTS,
  SORT_ORDERS,
  type PurchaseListSort,
  type SortOrder,
} from '../../../contract/purchase-lists';

/** The order of a list's items (SPEC §9), kept in the URL: `?sort=name&order=desc`. */
export interface ItemSort {
  sort: PurchaseListSort;
  order: SortOrder;
}

/** The server's default: the order the articles were added. Not written to the URL. */
export const DEFAULT_ITEM_SORT: ItemSort = { sort: 'date', order: 'asc' };

/** Every choice the sort menu offers, as `sort-order` keys ('name-asc' …). */
export const ITEM_SORT_KEYS = PURCHASE_LIST_SORTS.flatMap((sort) => SORT_ORDERS.map((order) => `${sort}-${order}`));

const isSort = (value: string | null): value is PurchaseListSort =>
  (PURCHASE_LIST_SORTS as readonly string[]).includes(value ?? '');
const isOrder = (value: string | null): value is SortOrder => (SORT_ORDERS as readonly string[]).includes(value ?? '');

/** Reads the sort from a URL's query; unknown or missing values fall back to the default (a shared link never breaks). */
export function readItemSort(params: URLSearchParams): ItemSort {
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    sort: isSort(sort) ? sort : DEFAULT_ITEM_SORT.sort,
    order: isOrder(order) ? order : DEFAULT_ITEM_SORT.order,
  };
}

/** The query with this sort: other parameters kept, the default left out so the plain URL stays plain. */
export function writeItemSort(params: URLSearchParams, { sort, order }: ItemSort): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('sort');
  next.delete('order');
  if (sort !== DEFAULT_ITEM_SORT.sort || order !== DEFAULT_ITEM_SORT.order) {
    next.set('sort', sort);
    next.set('order', order);
  }
  return next;
}

export const itemSortKey = ({ sort, order }: ItemSort) => `${sort}-${order}`;

/** 'quantity-desc' → {sort: 'quantity', order: 'desc'}; anything else → the default. */
export function parseItemSortKey(key: string): ItemSort {
  const [sort = null, order = null] = key.split('-');
  return isSort(sort) && isOrder(order) ? { sort, order } : DEFAULT_ITEM_SORT;
}
