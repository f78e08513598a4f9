/**
 * Order, filter and grouping of a list's items (SPEC §9): the server's items and group-by answers and the phone's
 * screens over its mirror sort, filter and group by these, so that a list looks the same offline and online.
 */
import inventoryTexts from '../../locales/sv/inventory.json' with { type: 'json' };
import {
  NONE_FILTER,
  type InventoryGroup,
  type InventoryItemSort,
  type InventorySortOrder,
} from '../inventory-constants';
import type { InventoryListItem } from '../inventory-items';

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Σ varianceValue of the items that have one (öre), or null when none has a previous quantity to compare with: a
 * group's and a list's variance in SEK, the same on the phone, in the groups answer and in the exports.
 */
export function varianceTotal(items: readonly Pick<InventoryListItem, 'varianceValue'>[]): number | null {
  let total: number | null = null;
  for (const item of items) if (item.varianceValue !== null) total = (total ?? 0) + item.varianceValue;
  return total;
}

type SortableItem = Pick<InventoryListItem, 'id' | 'name' | 'articleNumber' | 'quantity' | 'stockValue'>;

/** Items in the asked order (SPEC §9); ties by name, then article number, then id. */
export function inventoryItemOrder(sort: InventoryItemSort = 'name', order: InventorySortOrder = 'asc') {
  const direction = order === 'desc' ? -1 : 1;
  const primary = (a: SortableItem, b: SortableItem): number => {
    switch (sort) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'stockQuantity':
        return a.quantity - b.quantity;
      case 'stockValue':
        return a.stockValue - b.stockValue;
    }
  };
  return (a: SortableItem, b: SortableItem) =>
    direction * primary(a, b) ||
    collator.compare(a.name, b.name) ||
    collator.compare(a.articleNumber, b.articleNumber) ||
    byText(a.id, b.id);
}

/** The items query's filters: `q` on name or article number, `zone`/`account` exact (`-` = none set). */
export function matchesInventoryQuery(
  item: Pick<InventoryListItem, 'name' | 'articleNumber' | 'zone' | 'account'>,
  query: { q?: string | undefined; zone?: string | undefined; account?: string | undefined },
): boolean {
  const q = query.q?.trim().toLocaleLowerCase('sv');
  if (q && !item.name.toLocaleLowerCase('sv').includes(q) && !item.articleNumber.toLocaleLowerCase('sv').includes(q))
    return false;
  if (query.zone && (query.zone === NONE_FILTER ? item.zone !== null : item.zone !== query.zone)) return false;
  if (query.account && (query.account === NONE_FILTER ? item.account !== null : item.account !== query.account))
    return false;
  return true;
}

/** The group of items without a zone / an account (locales/sv/inventory.json, as the screens say it). */
export const NO_ZONE_LABEL = inventoryTexts.items.noZone;
export const NO_ACCOUNT_LABEL = inventoryTexts.items.noAccount;

/**
 * Groups sorted items by zone (in the company's zone order, unknown zone names after them by name) or by account (by
 * number); the group of items without one comes last.
 */
export function groupInventoryItems<T extends InventoryListItem>(
  items: readonly T[],
  group: InventoryGroup,
  company: { zones: readonly { name: string; sort: number }[]; accounts: readonly { number: string; name: string }[] },
): {
  key: string | null;
  label: string;
  itemCount: number;
  subtotal: number;
  varianceValue: number | null;
  items: T[];
}[] {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const key = group === 'zone' ? item.zone : item.account;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const zoneOrder = new Map(company.zones.map((z) => [z.name, z.sort]));
  const accountNames = new Map(company.accounts.map((a) => [a.number, a.name]));
  const keys = [...groups.keys()].sort((a, b) => {
    if (a === null) return b === null ? 0 : 1;
    if (b === null) return -1;
    if (group === 'zone') {
      const sa = zoneOrder.get(a) ?? Number.MAX_SAFE_INTEGER;
      const sb = zoneOrder.get(b) ?? Number.MAX_SAFE_INTEGER;
      if (sa !== sb) return sa - sb;
    }
    return collator.compare(a, b);
  });
  return keys.map((key) => {
    const list = groups.get(key) ?? [];
    const label =
      key === null
        ? group === 'zone'
          ? NO_ZONE_LABEL
          : NO_ACCOUNT_LABEL
        : group === 'zone'
          ? key
          : `${key} ${accountNames.get(key) ?? ''}`.trim();
    return {
      key,
      label,
      itemCount: list.length,
      subtotal: list.reduce((s, i) => s + i.stockValue, 0),
      varianceValue: varianceTotal(list),
      items: list,
    };
  });
}

// --- walking order within a zone (issue #15) -----------------------------------------------------------------------

type WalkItem = Pick<InventoryListItem, 'id' | 'name' | 'articleNumber' | 'walkPosition'>;

/**
 * The walking order of a zone's items: placed items by `walkPosition` ascending, then the unplaced ones by name
 * (Swedish collation, like the name order), then article number and id — so two devices draw the same walk.
 */
export function walkOrder(a: WalkItem, b: WalkItem): number {
  // `?? null`: items stored on a phone before issue #15 have no walkPosition yet (unplaced).
  const pa = a.walkPosition ?? null;
  const pb = b.walkPosition ?? null;
  if (pa !== pb) {
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa - pb;
  }
  return collator.compare(a.name, b.name) || collator.compare(a.articleNumber, b.articleNumber) || byText(a.id, b.id);
}

/**
 * The positions a reorder gives a zone's items: the asked items 0..n-1 in the asked order, then the zone's other items
 * (an item another phone added meanwhile) after them in their walking order — so a reorder sent late never drops or
 * collides with what it did not know of. The server and the phone's mirror both place items by this.
 */
export function walkPositions(zoneItems: readonly WalkItem[], itemIds: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  itemIds.forEach((id, index) => positions.set(id, index));
  const rest = zoneItems.filter((i) => !positions.has(i.id)).sort(walkOrder);
  rest.forEach((item, index) => positions.set(item.id, itemIds.length + index));
  return positions;
}

/** The ids in `order` with `id` moved by `step` places (−1 up, +1 down), kept inside the list; the others keep theirs. */
export function movedInWalk(order: readonly string[], id: string, step: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const to = Math.max(0, Math.min(order.length - 1, from + step));
  const next = order.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

/**
 * The walk through a whole list: zone by zone in the company's zone order (zones it no longer has after them by name,
 * items without a zone last — the order of `groupInventoryItems`), each zone in its walking order.
 */
export function walkThroughOrder(company: { zones: readonly { name: string; sort: number }[] }) {
  const zoneOrder = new Map(company.zones.map((z) => [z.name, z.sort]));
  const zoneOf = (zone: string | null) =>
    zone === null ? Number.POSITIVE_INFINITY : (zoneOrder.get(zone) ?? Number.MAX_SAFE_INTEGER);
  return (a: WalkItem & { zone: string | null }, b: WalkItem & { zone: string | null }) =>
    zoneOf(a.zone) - zoneOf(b.zone) ||
    (a.zone !== b.zone && a.zone !== null && b.zone !== null ? collator.compare(a.zone, b.zone) : 0) ||
    walkOrder(a, b);
}
