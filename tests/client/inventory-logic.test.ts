/**
 * Pure inventory logic on the device: a count applied to an item (pieces and cartons, set and delta, undo), the stock
 * value totals per zone, account and list, and the par-level shortfall rounded up to whole cartons.
 */
import { describe, expect, it } from 'vitest';
import type { IndexedArticle } from '../../contract/inventory';
import { parseTypedNumber, rowsOf, shortfallOf, totalsOf } from '../../src/features/inventory/logic';
import { codeVariants } from '../../src/offline/inventory/scan';
import { applyOp, type InventoryOp, type InventoryState } from '../../src/offline/inventory/operations';
import { withStock } from '../../src/offline/inventory/rows';
import type { MirrorInventoryItem } from '../../src/offline/inventory/tables';

const LIST = '0190a3b4-0000-7000-8000-00000000aaaa';
const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, s)).toISOString();
const article = (n: number, over: Partial<IndexedArticle> = {}): IndexedArticle => ({
  kind: 'product',
  id: `0190a3b4-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  articleNumber: `A${n}`,
  name: `Artikel ${n}`,
  unit: 'piece',
  piecesPerCarton: 12,
  gtinPiece: null,
  gtinCarton: null,
  price: 1250,
  zone: null,
  account: null,
  ...over,
});

function created(): InventoryState {
  return applyOp(
    { list: null, items: new Map() },
    {
      type: 'createList',
      listId: LIST,
      companyCode: '10001',
      name: 'Test',
      dateFrom: null,
      dateTo: null,
      createdBy: null,
      at: at(0),
    },
  );
}
function add(state: InventoryState, n: number, over: Partial<IndexedArticle> = {}, unit?: 'piece' | 'carton') {
  return applyOp(state, {
    type: 'addItem',
    listId: LIST,
    companyCode: '10001',
    itemId: `item-${n}`,
    article: article(n, over),
    fields: unit ? { unit } : {},
    accountName: null,
    at: at(1),
  });
}
let seq = 0;
function count(
  state: InventoryState,
  itemId: string,
  kind: 'delta' | 'set',
  value: number,
  unit: 'piece' | 'carton',
  second = 10 + seq,
): InventoryState {
  seq++;
  const op: InventoryOp = {
    type: 'count',
    listId: LIST,
    companyCode: '10001',
    itemId,
    name: '',
    countId: `c${seq}`,
    kind,
    value,
    unit,
    deviceId: 'd',
    undo: kind === 'delta' && value < 0,
    at: at(second),
  };
  return applyOp(state, op);
}
const item = (s: InventoryState, id: string) => s.items.get(id) as MirrorInventoryItem;

describe('counting on the device', () => {
  it('a carton scan counts piecesPerCarton pieces in a piece item, and 1/ppc of a carton in a carton item', () => {
    let s = add(add(created(), 1), 2, {}, 'carton');
    s = count(s, 'item-1', 'delta', 1, 'carton');
    s = count(s, 'item-1', 'delta', 1, 'piece');
    expect(item(s, 'item-1').quantity).toBe(13);
    s = count(s, 'item-2', 'delta', 1, 'piece');
    s = count(s, 'item-2', 'delta', 1, 'piece');
    s = count(s, 'item-2', 'delta', 1, 'piece');
    // 3 pieces of a 12-carton: exact in thousandths of a piece, shown with three decimals.
    expect(item(s, 'item-2').quantity).toBe(0.25);
    s = count(s, 'item-2', 'delta', 1, 'carton');
    expect(item(s, 'item-2').quantity).toBe(1.25);
    // The carton item's price is the carton's: 12 × 12,50 kr.
    expect(item(s, 'item-2').price).toBe(15_000);
    expect(item(s, 'item-2').stockValue).toBe(18_750);
  });

  it('a set replaces, later deltas add, an undo is a negative delta, an older count does not count', () => {
    let s = add(created(), 1);
    s = count(s, 'item-1', 'delta', 1, 'piece', 10);
    s = count(s, 'item-1', 'set', 40, 'piece', 20);
    s = count(s, 'item-1', 'delta', 1, 'carton', 30);
    expect(item(s, 'item-1').quantity).toBe(52);
    s = count(s, 'item-1', 'delta', -1, 'carton', 31);
    expect(item(s, 'item-1').quantity).toBe(40);
    // A delta counted before the set the quantity starts from (a phone that was offline) is not added.
    s = count(s, 'item-1', 'delta', 5, 'piece', 15);
    expect(item(s, 'item-1').quantity).toBe(40);
    expect(item(s, 'item-1')).toMatchObject({ counted: true, countCount: 5, lastSetAt: at(20) });
  });

  it('keeps the list totals equal to the sum of its items', () => {
    let s = add(add(add(created(), 1), 2, { price: 999 }), 3, { price: 333 });
    s = count(s, 'item-1', 'set', 3, 'piece');
    s = count(s, 'item-2', 'set', 1.5, 'piece');
    s = count(s, 'item-3', 'set', 0.001, 'piece');
    const items = [...s.items.values()];
    expect(s.list).toMatchObject({ itemCount: 3, countedCount: 3 });
    expect(s.list!.stockValue).toBe(items.reduce((sum, i) => sum + i.stockValue, 0));
    expect(item(s, 'item-2').stockValue).toBe(1499); // round(1,5 × 999) half away from zero
    s = applyOp(s, { type: 'deleteItem', listId: LIST, companyCode: '10001', itemId: 'item-1', name: '', at: at(50) });
    expect(s.list).toMatchObject({ itemCount: 2, stockValue: 1499 + 0 });
  });
});

describe('totals and rows', () => {
  const company = {
    zones: [
      { id: 'z1', name: 'Kyl', sort: 1 },
      { id: 'z2', name: 'Torrt', sort: 2 },
    ],
    accounts: [
      { number: '1460', name: 'Lager av handelsvaror', active: true },
      { number: '1410', name: 'Lager av råvaror', active: true },
    ],
  };
  let s = add(add(add(created(), 1, { zone: 'Torrt', account: '1460' }), 2, { zone: 'Kyl', account: '1460' }), 3);
  s = count(s, 'item-1', 'set', 2, 'piece');
  s = count(s, 'item-2', 'set', 4, 'piece');
  s = count(s, 'item-3', 'set', 1, 'piece');
  const items = [...s.items.values()];

  it('sums per zone (company order, none last), per account and for the list', () => {
    const totals = totalsOf(items, company);
    expect(totals.total).toBe(7 * 1250);
    expect(totals.byZone.map((z) => [z.label, z.subtotal])).toEqual([
      ['Kyl', 5000],
      ['Torrt', 2500],
      ['Utan zon', 1250],
    ]);
    expect(totals.byAccount.map((a) => [a.label, a.subtotal])).toEqual([
      ['1460 Lager av handelsvaror', 7500],
      ['Utan konto', 1250],
    ]);
  });

  it('sums the variance in SEK per zone, per account and for the list; null where nothing is compared', () => {
    // Item 1 had 3 pieces in the previous list (now 2), item 2 had 1 (now 4), item 3 was not in it.
    const previous = new Map([
      ['item-1', 3],
      ['item-2', 1],
    ]);
    const compared = items.map((i) =>
      previous.has(i.id) ? withStock({ ...i, previousQuantity: previous.get(i.id)! }, i.milliPieces) : i,
    );
    const totals = totalsOf(compared, company);
    expect(totals.varianceValue).toBe(-1250 + 3 * 1250);
    expect(totals.byZone.map((z) => [z.label, z.varianceValue])).toEqual([
      ['Kyl', 3750],
      ['Torrt', -1250],
      ['Utan zon', null],
    ]);
    expect(totals.byAccount.map((a) => [a.label, a.varianceValue])).toEqual([
      ['1460 Lager av handelsvaror', 2500],
      ['Utan konto', null],
    ]);
    const grouped = rowsOf(compared, { sort: 'name', order: 'asc', group: 'zone' }, company);
    expect(grouped.flatMap((r) => (r.kind === 'group' ? [r.varianceValue] : []))).toEqual([3750, -1250, null]);
    expect(totalsOf(items, company).varianceValue).toBeNull();
  });

  it('sorts by stock value descending and groups with headings', () => {
    const rows = rowsOf(items, { sort: 'stockValue', order: 'desc', group: null }, company);
    expect(rows.map((r) => (r.kind === 'item' ? r.item.id : r.label))).toEqual(['item-2', 'item-1', 'item-3']);
    const grouped = rowsOf(items, { sort: 'name', order: 'asc', group: 'zone' }, company);
    expect(grouped.map((r) => (r.kind === 'item' ? r.item.id : r.label))).toEqual([
      'Kyl',
      'item-2',
      'Torrt',
      'item-1',
      'Utan zon',
      'item-3',
    ]);
  });
});

describe('par level → order', () => {
  const base = { productId: 'p', articleNumber: 'A', name: 'A', unit: 'piece' as const, piecesPerCarton: 12 };
  it('rounds the shortfall up to whole cartons', () => {
    const lines = shortfallOf([
      { ...base, id: '1', quantity: 5, parLevel: 30 }, // 25 short → 3 cartons
      { ...base, id: '2', quantity: 6, parLevel: 30 }, // 24 short → 2 cartons
      { ...base, id: '3', quantity: 30, parLevel: 30 }, // not short
      { ...base, id: '4', quantity: 1, parLevel: null },
      { ...base, id: '5', unit: 'carton', quantity: 0.5, parLevel: 2 }, // 1,5 cartons short → 2
      { ...base, id: '6', piecesPerCarton: 1, quantity: 0.2, parLevel: 3 }, // 2,8 pieces → 3
      { ...base, id: '7', productId: null, quantity: 0, parLevel: 3 }, // own article: not orderable
    ]);
    expect(lines.map((l) => [l.itemId, l.shortfall, l.orderQuantity, l.orderUnit])).toEqual([
      ['1', 25, 3, 'carton'],
      ['2', 24, 2, 'carton'],
      ['5', 1.5, 2, 'carton'],
      ['6', 2.8, 3, 'piece'],
      ['7', 3, null, null],
    ]);
  });
  it('loose-weight goods get three decimals', () => {
    const [line] = shortfallOf([{ ...base, id: '1', piecesPerCarton: 1, quantity: 0.25, parLevel: 1.5 }], () => false);
    expect(line?.orderQuantity).toBe(1.25);
  });
});

describe('typed numbers and codes', () => {
  it('reads a Swedish decimal comma', () => {
    expect(parseTypedNumber('12,5')).toBe(12.5);
    expect(parseTypedNumber(' 7 ')).toBe(7);
    expect(parseTypedNumber('1,2,3')).toBeNaN();
    expect(parseTypedNumber('')).toBeNaN();
  });
  it('treats UPC-A, EAN-13 and GTIN-14 forms of one code alike', () => {
    expect(codeVariants('012345678905')).toContain('0012345678905');
    expect(codeVariants('0012345678905')).toContain('012345678905');
    expect(codeVariants('07310865001818')).toContain('7310865001818');
  });
});
