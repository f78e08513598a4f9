import { useSearchParams } from 'react-router';
import {
  INVENTORY_GROUPS,
  INVENTORY_ITEM_SORTS,
  type InventoryGroup,
  type InventoryItemSort,
  type InventorySortOrder,
} from '../../../contract/inventory';

export type ListSortValue = `${InventoryItemSort}-${InventorySortOrder}`;

/** The list's sorting and grouping as the address holds them (a link or a reload keeps the view). */
function readView(params: URLSearchParams) {
  const [sort, order] = (params.get('sort') ?? 'name-asc').split('-') as [InventoryItemSort, InventorySortOrder];
  const group = params.get('group') as InventoryGroup | null;
  return {
    sort: INVENTORY_ITEM_SORTS.includes(sort) ? sort : 'name',
    order: order === 'desc' ? ('desc' as const) : ('asc' as const),
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
