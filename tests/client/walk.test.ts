/**
 * The count screen's walk on the device (issue #15, decision 0061): steps in the company's zone order with their
 * progress and "Utan zon" last; the list screen's walk sort; a reorder applied to the mirror by the shared rule and
 * refused as the server would; an article added offline placed where the company walked past it last time.
 */
import { describe, expect, it } from 'vitest';
import type { IndexedArticle } from '../../contract/inventory';
import { rowsOf } from '../../src/features/inventory/logic';
import { currentStep, explainedByZone, walkOf, walkZones, zoneItems } from '../../src/features/inventory/walk';
import { applyOp, checkOp, type InventoryOp, type InventoryState } from '../../src/offline/inventory/operations';
import { newItem } from '../../src/offline/inventory/rows';
import { isListClosed, type MirrorInventoryItem, type MirrorInventoryList } from '../../src/offline/inventory/tables';

const LIST = '0190a3b4-0000-7000-8000-00000000bbbb';
const AT = '2026-11-26T08:00:00.000Z';
const zones = [
  { id: 'z2', name: 'Torrt', sort: 2 },
  { id: 'z1', name: 'Kyl', sort: 1 },
];

const article = (n: number, over: Partial<IndexedArticle> = {}): IndexedArticle => ({
  kind: 'product',
  id: `0190a3b4-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  articleNumber: `A${n}`,
  name: `Artikel ${n}`,
  unit: 'piece',
  piecesPerCarton: 1,
  gtinPiece: null,
  gtinCarton: null,
  price: 1000,
  zone: null,
  account: null,
  ...over,
});

function item(n: number, name: string, zone: string | null, counted = false, walkPosition: number | null = null) {
  const op: Extract<InventoryOp, { type: 'addItem' }> = {
    type: 'addItem',
    listId: LIST,
    companyCode: '10001',
    at: AT,
    itemId: `item-${n}`,
    article: article(n, { name, zone }),
    fields: {},
    accountName: null,
  };
  return { ...newItem(op), counted, walkPosition } satisfies MirrorInventoryItem;
}

const items = [
  item(1, 'Smör', 'Kyl', true),
  item(2, 'Mjölk', 'Kyl'),
  item(3, 'Ägg', 'Kyl', false, 0),
  item(4, 'Mjöl', 'Torrt', true),
  item(5, 'Ved', null),
  item(6, 'Kaffe', 'Gammal zon'),
];

describe('the walk of the count screen', () => {
  it('has the company zones in order, zones it no longer has after them, and "Utan zon" last, each with progress', () => {
    const walk = walkOf(items, zones);
    expect(walk.steps.map((s) => [s.label, s.param, s.counted, s.total])).toEqual([
      ['Kyl', 'Kyl', 1, 3],
      ['Torrt', 'Torrt', 1, 1],
      ['Gammal zon', 'Gammal zon', 0, 1],
      ['Utan zon', '-', 0, 1],
    ]);
    expect([walk.counted, walk.total]).toEqual([2, 6]);
    expect(currentStep(walk, '-')?.zone).toBeNull();
    expect(currentStep(walk, 'Finns inte')?.zone).toBe('Kyl');
    // Placed items first, then by name in Swedish order.
    expect(zoneItems(items, 'Kyl').map((i) => i.name)).toEqual(['Ägg', 'Mjölk', 'Smör']);
  });

  it('starts on the same step before its progress is known, from the zones that hold items alone (issue #17)', () => {
    const walk = walkOf(items, zones);
    const present = new Set(items.map((i) => i.zone));
    const places = walkZones(present, zones);
    expect(places.map((p) => p.param)).toEqual(walk.steps.map((s) => s.param));
    for (const param of [null, '-', 'Torrt', 'Finns inte'])
      expect(currentStep({ steps: places }, param, present)?.param).toBe(currentStep(walk, param)?.param);
    // A company zone without items is a step, but not where a new walk starts.
    const kylEmpty = new Set(['Torrt', null]);
    expect(currentStep({ steps: walkZones(kylEmpty, zones) }, null, kylEmpty)?.zone).toBe('Torrt');
  });

  it('is a sort of the list screen too: zone by zone, each zone in walking order', () => {
    const rows = rowsOf(items, { sort: 'walk', order: 'asc', group: null }, { zones, accounts: [] });
    expect(rows.map((r) => (r.kind === 'item' ? r.item.name : r.label))).toEqual([
      'Ägg',
      'Mjölk',
      'Smör',
      'Mjöl',
      'Kaffe',
      'Ved',
    ]);
  });
});

describe('a reorder on the device', () => {
  const list = { id: LIST, companyCode: '10001', closedAt: null } as MirrorInventoryList;
  const state: InventoryState = { list, items: new Map(items.map((i) => [i.id, i])) };
  const reorder = (zone: string | null, itemIds: string[]): InventoryOp => ({
    type: 'reorderZone',
    listId: LIST,
    companyCode: '10001',
    at: AT,
    zone,
    itemIds,
  });

  it('places the zone as asked at once, the items it does not name after them, other zones untouched', () => {
    const after = applyOp(state, reorder('Kyl', ['item-1', 'item-2']));
    expect(zoneItems([...after.items.values()], 'Kyl').map((i) => [i.id, i.walkPosition])).toEqual([
      ['item-1', 0],
      ['item-2', 1],
      ['item-3', 2],
    ]);
    expect(after.items.get('item-4')).toBe(state.items.get('item-4'));
    // The same order again changes nothing.
    expect(applyOp(after, reorder('Kyl', ['item-1', 'item-2', 'item-3']))).toBe(after);
  });

  it('is refused like the server refuses it: an item of another zone, an item not in the list', () => {
    expect(checkOp(state, reorder('Kyl', ['item-1', 'item-4']))).toMatchObject({
      code: 'ItemNotInZone',
      message: 'Artikeln ligger inte i den zonen. Läs om listan och försök igen.',
      fields: [{ path: 'itemIds.1' }],
    });
    expect(checkOp(state, reorder('Kyl', ['item-9']))).toMatchObject({ code: 'InventoryListItemNotFound' });
    expect(checkOp(state, reorder(null, ['item-5']))).toBeNull();
  });

  it('an article added offline takes its last walk position, unless it goes to another zone', () => {
    const op = (zone?: string): Extract<InventoryOp, { type: 'addItem' }> => ({
      type: 'addItem',
      listId: LIST,
      companyCode: '10001',
      at: AT,
      itemId: 'new',
      article: article(7, { zone: 'Kyl', walkPosition: 4 }),
      fields: zone === undefined ? {} : { zone },
      accountName: null,
    });
    expect(newItem(op()).walkPosition).toBe(4);
    expect(newItem(op('Torrt')).walkPosition).toBeNull();
  });
});

describe('rows stored on a phone before issue #15', () => {
  // Dexie keeps what the released app stored: lists without closedAt, items without walkPosition or acceptedAt.
  const old = (item: MirrorInventoryItem) => {
    const { walkPosition: _w, acceptedAt: _a, ...rest } = item;
    return rest as MirrorInventoryItem;
  };

  it('is an open list, counted and reordered like any other', () => {
    const list = { id: LIST, companyCode: '10001' } as MirrorInventoryList;
    expect(isListClosed(list)).toBe(false);
    const state: InventoryState = { list, items: new Map(items.map((i) => [i.id, old(i)])) };
    expect(
      checkOp(state, {
        type: 'reorderZone',
        listId: LIST,
        companyCode: '10001',
        at: AT,
        zone: null,
        itemIds: ['item-5'],
      }),
    ).toBeNull();
  });

  it('walks unplaced items by name, after the placed ones', () => {
    const mixed = items.map((i, n) => (n % 2 === 0 ? old(i) : i));
    const names = zoneItems(mixed, 'Kyl').map((i) => i.name);
    expect([...names].sort()).toEqual(
      zoneItems(items, 'Kyl')
        .map((i) => i.name)
        .sort(),
    );
    expect(names).not.toContain(undefined);
  });
});

describe('the zone select’s tallies after a count (decision 0070, fourth round)', () => {
  const before = new Map([
    ['Kyl', { total: 3, counted: 1 }],
    ['Torrt', { total: 2, counted: 0 }],
    ['-', { total: 1, counted: 1 }],
  ]);

  it('keep the other zones as they were when the list moved only by the current zone', () => {
    // A count in Kyl: the list has one more counted item, and so has Kyl's own walk.
    expect(
      explainedByZone(before, { itemCount: 6, countedCount: 3 }, { param: 'Kyl', tally: { total: 3, counted: 2 } }),
    ).toBe(true);
    // An article added to Kyl from a scan: one more item in the list and in the zone.
    expect(
      explainedByZone(before, { itemCount: 7, countedCount: 3 }, { param: 'Kyl', tally: { total: 4, counted: 2 } }),
    ).toBe(true);
  });

  it('are read again when another zone moved: a scan of its item, or another phone’s counts', () => {
    // Counted from Kyl, the scanned item is in Torrt: Kyl's walk did not move, the list did.
    expect(
      explainedByZone(before, { itemCount: 6, countedCount: 3 }, { param: 'Kyl', tally: { total: 3, counted: 1 } }),
    ).toBe(false);
    // A refresh brought counts of Torrt and of Kyl together.
    expect(
      explainedByZone(before, { itemCount: 6, countedCount: 5 }, { param: 'Kyl', tally: { total: 3, counted: 2 } }),
    ).toBe(false);
  });
});
