import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../src/offline';

// The schema as released to phones (versions 1 and 2, written out by hand on purpose): the engine assembles it from
// what the kinds list in src/offline/schema.ts, and it must stay exactly this, or a phone's data would be upgraded.
const RELEASED = {
  1: {
    purchaseLists: 'id, companyCode',
    purchaseListItems: 'id, listId, companyCode',
    serverPurchaseLists: 'id, companyCode',
    serverPurchaseListItems: 'id, listId',
    outbox: '++seq, [userId+status], entityId, companyCode, status',
    session: 'key',
    meta: 'key',
  },
  2: {
    carts: 'companyCode',
    cartItems: 'itemId, companyCode',
    serverCarts: 'key, userId, companyCode',
    inventoryLists: 'id, companyCode',
    inventoryItems: 'id, listId, companyCode, [listId+articleNumber], [listId+gtinPiece], [listId+gtinCarton]',
    serverInventoryLists: 'id, companyCode',
    serverInventoryItems: 'id, listId',
    inventoryArticles:
      'key, companyCode, [companyCode+gtinPiece], [companyCode+gtinCarton], [companyCode+articleNumber]',
    inventoryCompanies: 'companyCode',
  },
} as const;

/** Every table with its primary key and indexes, as IndexedDB holds them. */
function shape(db: Dexie): Record<string, { primKey: string; indexes: string[] }> {
  return Object.fromEntries(
    db.tables.map((t) => [
      t.name,
      { primKey: t.schema.primKey.src, indexes: t.schema.indexes.map((i) => i.src).sort() },
    ]),
  );
}

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('the offline database schema', () => {
  it('is the released one: a phone’s database opens at the same version with every row kept', async () => {
    const name = `skafferi-schema-${randomUUID()}`;
    const released = new Dexie(name);
    released.version(1).stores(RELEASED[1]);
    released.version(2).stores(RELEASED[2]);
    await released.table('outbox').add({ userId: 'u', status: 'pending', entityId: 'l1', companyCode: 'C1' });
    await released.table('purchaseLists').put({ id: 'l1', companyCode: 'C1', name: 'Kylrum' });
    await released.table('carts').put({ companyCode: 'C1', pending: false });
    await released.table('inventoryCompanies').put({ companyCode: 'C1' });
    await released.table('meta').put({ key: 'lastSyncedAt|u|C1', value: '2026-11-26T12:00:00.000Z' });
    const before = shape(released);
    released.close();

    const db: OfflineDb = openOfflineDb(name);
    opened.push(db);
    await db.open();
    // Version 3 (issue #17) adds [listId+zone] to the inventory's items; version 4 takes their unread companyCode
    // index away and adds the one-row server copy of a list's items. Nothing else changes.
    expect(db.verno).toBe(4);
    expect(shape(db)).toEqual({
      ...before,
      inventoryItems: {
        ...before.inventoryItems,
        indexes: [...before.inventoryItems!.indexes.filter((i) => i !== 'companyCode'), '[listId+zone]'].sort(),
      },
      serverInventoryItemSets: { primKey: 'listId', indexes: [] },
    });
    expect(await db.outbox.toArray()).toEqual([
      { seq: 1, userId: 'u', status: 'pending', entityId: 'l1', companyCode: 'C1' },
    ]);
    expect(await db.purchaseLists.get('l1')).toEqual({ id: 'l1', companyCode: 'C1', name: 'Kylrum' });
    expect(await db.carts.get('C1')).toEqual({ companyCode: 'C1', pending: false });
    expect(await db.inventoryCompanies.get('C1')).toEqual({ companyCode: 'C1' });
    expect((await db.meta.get('lastSyncedAt|u|C1'))?.value).toBe('2026-11-26T12:00:00.000Z');
  });
});
