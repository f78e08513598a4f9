/**
 * A list read as the items changed since (decision 0090) keeps them as answered rows over its last full read; past
 * FOLD_AFTER of them they are folded into the one row (decision 0086), and the copy reads the same before and after.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { InventoryListDetail, InventoryListItem } from '../../contract/inventory';
import { FOLD_AFTER, storeChanged, storeDetail } from '../../src/offline/inventory/answers';
import { readServerItems } from '../../src/offline/inventory/state';
import { uncountedItem } from '../fixtures/inventory-item';
import { freshDb } from './harness';

const LIST = '0190a3b4-0000-7000-8000-00000000f01d';
const at = '2026-11-20T09:00:00.000Z';

function item(i: number, quantity: number): InventoryListItem {
  const id = `0190a3b4-0000-7000-8000-${String(i).padStart(12, '0')}`;
  const counted = quantity > 0;
  return uncountedItem({
    id,
    listId: LIST,
    name: `Artikel ${i}`,
    quantity,
    price: 100,
    stockValue: quantity * 100,
    counted,
  });
}

function detail(version: number, items: InventoryListItem[], changedSince?: number): InventoryListDetail {
  return {
    id: LIST,
    companyCode: '10001',
    name: 'Vikt',
    dateFrom: null,
    dateTo: null,
    previousListId: null,
    previousListName: null,
    closedAt: null,
    closedBy: null,
    reopenedAt: null,
    version,
    itemCount: items.length,
    countedCount: 0,
    stockValue: 0,
    createdAt: at,
    updatedAt: at,
    createdBy: null,
    items,
    ...(changedSince === undefined ? {} : { changedSince }),
  };
}

const quantities = (items: InventoryListItem[]) => Object.fromEntries(items.map((i) => [i.id, i.quantity]));

describe('the items changed since, stored over the last full read', () => {
  it('lie over it as rows, and are folded into it once there are more than FOLD_AFTER', async () => {
    const db = freshDb();
    const size = FOLD_AFTER + 100;
    const all = Array.from({ length: size }, (_, i) => item(i, 0));
    await storeDetail(db, detail(1, all));

    // A few changed: rows over the full read, which is not written again.
    const few = all.slice(0, 3).map((i) => ({ ...i, quantity: 2 }));
    expect((await storeChanged(db, detail(2, few, 1)))?.map((i) => i.id)).toEqual(few.map((i) => i.id));
    expect(await db.serverInventoryItems.where('listId').equals(LIST).count()).toBe(3);
    expect((await db.serverInventoryItemSets.get(LIST))?.items.every((i) => i.quantity === 0)).toBe(true);
    expect(await db.serverInventoryLists.get(LIST)).toMatchObject({ itemsVersion: 2, version: 2 });

    // Many changed: folded into the one row, no rows left, and the copy is what the two reads say together.
    const many = all.slice(0, FOLD_AFTER + 1).map((i) => ({ ...i, quantity: 5 }));
    const expected = quantities([...many, ...all.slice(FOLD_AFTER + 1)]);
    expect(await storeChanged(db, detail(3, many, 2))).toHaveLength(many.length);
    expect(await db.serverInventoryItems.where('listId').equals(LIST).count()).toBe(0);
    expect(quantities((await db.serverInventoryItemSets.get(LIST))!.items)).toEqual(expected);
    expect(quantities(await readServerItems(db, LIST))).toEqual(expected);
    db.close();
  });

  it('are not stored over a copy that is no longer whole at that version: the list is read whole next', async () => {
    const db = freshDb();
    await storeDetail(db, detail(4, [item(0, 1), item(1, 1)]));
    expect(await storeChanged(db, detail(6, [item(0, 9)], 5))).toBeNull();
    expect(await db.serverInventoryItems.count()).toBe(0);
    expect(await db.serverInventoryLists.get(LIST)).toMatchObject({ itemsVersion: null, version: 4 });
    db.close();
  });
});
