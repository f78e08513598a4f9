import { parLevelOrder } from '../../../contract/rules/count';
import {
  groupInventoryItems,
  inventoryItemOrder,
  varianceTotal,
  walkThroughOrder,
} from '../../../contract/rules/inventory-items';
import type {
  ChartAccount,
  CompanyZone,
  InventoryGroup,
  InventoryItemSort,
  InventoryListItem,
  InventorySortOrder,
  InventoryUnit,
} from '../../../contract/inventory';

/** One line of "Beställ det som fattas": what is missing below the par level, and what to order. */
export interface ShortfallLine {
  itemId: string;
  productId: string | null;
  articleNumber: string;
  name: string;
  unit: InventoryUnit;
  piecesPerCarton: number;
  quantity: number;
  parLevel: number;
  /** parLevel − quantity, in `unit`. */
  shortfall: number;
  /** Null for own articles (they cannot be ordered). */
  orderQuantity: number | null;
  orderUnit: InventoryUnit | null;
}

type ShortfallItem = Pick<
  InventoryListItem,
  'id' | 'productId' | 'articleNumber' | 'name' | 'unit' | 'piecesPerCarton' | 'quantity' | 'parLevel'
>;

/**
 * The items below their par level with what to order, by the server's rule (GET …/shortfall, contract/rules/count.ts
 * `parLevelOrder`). Works on the device's counts, so it is right offline and with waiting scans.
 */
export function shortfallOf(
  items: readonly ShortfallItem[],
  wholeUnitsOnly: (productId: string) => boolean = () => true,
): ShortfallLine[] {
  const out: ShortfallLine[] = [];
  for (const i of items) {
    const order = parLevelOrder(i, i.productId ? { wholeUnitsOnly: wholeUnitsOnly(i.productId) } : null);
    if (!order || i.parLevel === null) continue;
    out.push({
      itemId: i.id,
      productId: i.productId,
      articleNumber: i.articleNumber,
      name: i.name,
      unit: i.unit,
      piecesPerCarton: i.piecesPerCarton,
      quantity: i.quantity,
      parLevel: i.parLevel,
      ...order,
    });
  }
  return out;
}

/** A group's subtotals: stock value and (null without a previous list to compare with) variance, öre. */
export type GroupTotal = {
  key: string | null;
  label: string;
  subtotal: number;
  varianceValue: number | null;
  itemCount: number;
};

export interface Totals {
  /** Σ stockValue, öre. */
  total: number;
  /** Σ varianceValue (contract/rules/inventory-items.ts `varianceTotal`), öre. */
  varianceValue: number | null;
  byZone: GroupTotal[];
  byAccount: GroupTotal[];
}

export interface CompanyData {
  zones: readonly CompanyZone[];
  accounts: readonly ChartAccount[];
}

/** The list total and the subtotals per zone and per account (the same grouping as the server's and the exports). */
export function totalsOf<T extends InventoryListItem>(items: readonly T[], company: CompanyData): Totals {
  const strip = ({ key, label, subtotal, varianceValue, itemCount }: GroupTotal): GroupTotal => ({
    key,
    label,
    subtotal,
    varianceValue,
    itemCount,
  });
  return {
    total: items.reduce((s, i) => s + i.stockValue, 0),
    varianceValue: varianceTotal(items),
    byZone: groupInventoryItems(items, 'zone', company).map(strip),
    byAccount: groupInventoryItems(items, 'account', company).map(strip),
  };
}

/** A row of the virtualized list: a group heading or an item. */
export type Row<T> = ({ kind: 'group' } & GroupTotal) | { kind: 'item'; item: T };

/** The list screen's sorts: the API's (SPEC §9) and the walk (zone by zone in walking order, decision 0061). */
export type ListSort = InventoryItemSort | 'walk';

/** Items sorted (SPEC §9) and, when asked, grouped by zone or account with subtotals: the rows the screen shows. */
export function rowsOf<T extends InventoryListItem>(
  items: readonly T[],
  view: { sort: ListSort; order: InventorySortOrder; group: InventoryGroup | null; q?: string },
  company: CompanyData,
): Row<T>[] {
  const q = view.q?.trim().toLocaleLowerCase('sv');
  const filtered = q
    ? items.filter(
        (i) =>
          i.name.toLocaleLowerCase('sv').includes(q) ||
          i.articleNumber.toLocaleLowerCase('sv').includes(q) ||
          (i.gtinPiece ?? '').includes(q) ||
          (i.gtinCarton ?? '').includes(q),
      )
    : items;
  const sorted = [...filtered].sort(
    view.sort === 'walk' ? walkThroughOrder(company) : inventoryItemOrder(view.sort, view.order),
  );
  if (!view.group) return sorted.map((item) => ({ kind: 'item', item }));
  const rows: Row<T>[] = [];
  for (const g of groupInventoryItems(sorted, view.group, company)) {
    rows.push({
      kind: 'group',
      key: g.key,
      label: g.label,
      subtotal: g.subtotal,
      varianceValue: g.varianceValue,
      itemCount: g.itemCount,
    });
    for (const item of g.items) rows.push({ kind: 'item', item });
  }
  return rows;
}

/** A scan of a carton GTIN in pieces: "+1 kart (12 st)". */
export function piecesOf(amount: number, unit: InventoryUnit, piecesPerCarton: number): number {
  return unit === 'carton' ? amount * piecesPerCarton : amount;
}

/** Parses a number typed with a Swedish decimal comma ("12,5") or point; NaN when it is not a number. */
export function parseTypedNumber(text: string): number {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (clean === '' || !/^-?\d*(\.\d*)?$/.test(clean)) return Number.NaN;
  return Number(clean);
}
