import { useSearchParams } from 'react-router';
import {
  INVENTORY_GROUPS,
  INVENTORY_ITEM_SORTS,
  type InventoryGroup,
  type InventorySortOrder,
} from '../../../contract/inventory';
import type { ListSort } from './logic';

export type ListSortValue = `${ListSort}-${InventorySortOrder}`;
/** The sorts the list screen offers: the API's and the walk (`walk-asc`, zone by zone in walking order). */
export const LIST_SORTS: readonly ListSort[] = [...INVENTORY_ITEM_SORTS, 'walk'];

/** The list's sorting and grouping as the address holds them (a link or a reload keeps the view). */
function readView(params: URLSearchParams) {
  const [sort, order] = (params.get('sort') ?? 'name-asc').split('-') as [ListSort, InventorySortOrder];
  const group = params.get('group') as InventoryGroup | null;
  return {
    sort: LIST_SORTS.includes(sort) ? sort : 'name',
    // The walk has one direction.
    order: order === 'desc' && sort !== 'walk' ? ('desc' as const) : ('asc' as const),
    group: group && INVENTORY_GROUPS.includes(group) ? group : null,
  };
}

/** The list's view and how to change it: `sort` ('name-asc' is the default) and `group` ('' is none) in the address. */
export function useListView() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const setView = (key: 'sort' | 'group', value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || value === 'name-asc') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  return [view, setView] as const;
}
