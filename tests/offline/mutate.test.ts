import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { validate as isUuid, version as uuidVersion } from 'uuid';
import { transact, type OfflineDb } from '../../src/offline/engine/database';
import { MutationError } from '../../src/offline/engine/messages';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import type { ProductSnapshot } from '../../src/offline/purchase-lists/operations';
import { blockUser, storeSession } from '../../src/offline/engine/session';
import { freshDb } from './harness';

const USER = '0190a3b4-0000-7000-8000-000000000001';
const product = (n: number, wholeUnitsOnly = true): ProductSnapshot => ({
  productId: `0190a3b4-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  sku: `A${n}`,
  name: `Artikel ${n}`,
  brandName: 'Märke',
  unit: 'piece',
  piecesPerCarton: 6,
  gtinPiece: null,
  gtinCarton: null,
  imageUrl: null,
  stockStatus: 'in_stock',
  discontinued: false,
  wholeUnitsOnly,
});

let db: OfflineDb;
async function loggedIn() {
  db = freshDb();
  await storeSession(db, {
    userId: USER,
    token: 't'.repeat(40),
    validTo: new Date(Date.now() + 3600_000).toISOString(),
  });
  return db;
}
afterEach(async () => {
  db?.close();
});

describe('mutate', () => {
  it('applies a change to the mirror and appends its outbox entry, with client uuid v7 ids', async () => {
    await loggedIn();
    const created = await mutate(db, { type: 'createList', companyCode: '10001', name: '  Veckohandel ' });
    const listId = created.id!;
    expect(isUuid(listId) && uuidVersion(listId)).toBe(7);

    const added = await mutate(db, { type: 'addItem', listId, product: product(1), quantity: 2 });
    const list = await db.purchaseLists.get(listId);
    expect(list).toMatchObject({ name: 'Veckohandel', companyCode: '10001', itemCount: 1, pending: true });
    expect(await db.purchaseListItems.get(added.id!)).toMatchObject({
      listId,
      quantity: 2,
      name: 'Artikel 1',
      pending: true,
    });

    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => [e.seq, e.method, e.path, e.body])).toEqual([
      [created.seq, 'POST', '/v1/purchase-lists', { id: listId, companyCode: '10001', name: 'Veckohandel' }],
      [
        added.seq,
        'POST',
        `/v1/purchase-lists/${listId}/items`,
        { id: added.id, productId: product(1).productId, quantity: 2 },
      ],
    ]);
    for (const entry of outbox) {
      expect(uuidVersion(entry.mutationId)).toBe(7);
      expect(entry).toMatchObject({
        userId: USER,
        companyCode: '10001',
        entity: 'purchaseList',
        entityId: listId,
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
      });
    }
    expect(outbox[1]!.dependsOn).toEqual([listId]);
    expect(outbox[0]!.creates).toBe(listId);
  });

  it('writes mirror and outbox in one transaction: when the outbox write fails, the mirror is unchanged', async () => {
    await loggedIn();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Bar' });
    const before = { lists: await db.purchaseLists.toArray(), items: await db.purchaseListItems.toArray() };

    const failing = () => {
      throw new Error('disk full');
    };
    db.outbox.hook('creating', failing);
    await expect(mutate(db, { type: 'renameList', listId: listId!, name: 'Ölkyl' })).rejects.toThrow('disk full');
    await expect(mutate(db, { type: 'addItem', listId: listId!, product: product(2), quantity: 1 })).rejects.toThrow(
      'disk full',
    );
    await expect(mutate(db, { type: 'createList', companyCode: '10001', name: 'Ny' })).rejects.toThrow('disk full');
    db.outbox.hook('creating').unsubscribe(failing);

    expect(await db.purchaseLists.toArray()).toEqual(before.lists);
    expect(await db.purchaseListItems.toArray()).toEqual(before.items);
    expect(await db.outbox.count()).toBe(1);
  });

  it('refuses, with the Swedish message and nothing written, a change the server would refuse', async () => {
    await loggedIn();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Bar' });
    await mutate(db, { type: 'addItem', listId: listId!, product: product(1), quantity: 1 });
    const count = await db.outbox.count();

    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as MutationError,
      );
    const again = await refusal(mutate(db, { type: 'addItem', listId: listId!, product: product(1), quantity: 3 }));
    expect(again).toBeInstanceOf(MutationError);
    expect(again).toMatchObject({
      code: 'ArticleAlreadyInList',
      message: 'Artikeln finns redan i listan. Ändra antalet på raden i stället.',
    });
    expect(await refusal(mutate(db, { type: 'renameList', listId: listId!, name: '   ' }))).toMatchObject({
      code: 'ValidationError',
      fields: [{ path: 'name', message: 'validation.required' }],
    });
    expect(
      await refusal(mutate(db, { type: 'setItemQuantity', listId: listId!, itemId: crypto.randomUUID(), quantity: 1 })),
    ).toMatchObject({ code: 'PurchaseListItemNotFound', message: 'Raden finns inte längre i inköpslistan.' });
    expect(await refusal(mutate(db, { type: 'resetList', listId: crypto.randomUUID() }))).toMatchObject({
      code: 'PurchaseListNotFound',
    });
    expect(
      await refusal(mutate(db, { type: 'addItem', listId: listId!, product: product(3), quantity: 0 })),
    ).toMatchObject({
      code: 'ValidationError',
    });
    expect(await db.outbox.count()).toBe(count);

    await storeSession(db, null);
    expect(await refusal(mutate(db, { type: 'createList', companyCode: '10001', name: 'X' }))).toMatchObject({
      code: 'NotLoggedIn',
    });
  });

  it('settles quantities as the server does and says so when a whole-unit quantity is rounded', async () => {
    await loggedIn();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Bar' });
    const whole = await mutate(db, { type: 'addItem', listId: listId!, product: product(1, true), quantity: 2.4 });
    const loose = await mutate(db, { type: 'addItem', listId: listId!, product: product(2, false), quantity: 1.23456 });
    expect(whole.notices).toEqual([
      { code: 'QuantityRounded', message: 'Artikeln säljs bara i hela enheter. Antalet har avrundats till 2.' },
    ]);
    expect(loose.notices).toEqual([]);
    expect((await db.purchaseListItems.get(whole.id!))!.quantity).toBe(2);
    expect((await db.purchaseListItems.get(loose.id!))!.quantity).toBe(1.235);
    await mutate(db, { type: 'setItemQuantity', listId: listId!, itemId: whole.id!, quantity: 0.4 });
    expect((await db.purchaseListItems.get(whole.id!))!.quantity).toBe(0);
    // The request carries what the user asked for; the server settles it the same way.
    expect((await db.outbox.get(whole.seq))!.body).toMatchObject({ quantity: 2.4 });
  });

  it('keeps the item count, reset, removal and deletion in the mirror', async () => {
    await loggedIn();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Bar' });
    const a = await mutate(db, { type: 'addItem', listId: listId!, product: product(1), quantity: 5 });
    await mutate(db, { type: 'addItem', listId: listId!, product: product(2), quantity: 7 });
    await mutate(db, { type: 'resetList', listId: listId! });
    expect((await db.purchaseListItems.where('listId').equals(listId!).toArray()).map((i) => i.quantity)).toEqual([
      0, 0,
    ]);
    await mutate(db, { type: 'removeItem', listId: listId!, itemId: a.id! });
    expect((await db.purchaseLists.get(listId!))!.itemCount).toBe(1);
    await mutate(db, { type: 'deleteList', listId: listId! });
    expect(await db.purchaseLists.get(listId!)).toBeUndefined();
    expect(await db.purchaseListItems.where('listId').equals(listId!).count()).toBe(0);
    expect(
      (await db.outbox.toArray()).map((e) => `${e.method} ${e.path.replace(listId!, ':id').replace(a.id!, ':item')}`),
    ).toEqual([
      'POST /v1/purchase-lists',
      'POST /v1/purchase-lists/:id/items',
      'POST /v1/purchase-lists/:id/items',
      'POST /v1/purchase-lists/:id/items/reset',
      'DELETE /v1/purchase-lists/:id/items/:item',
      'DELETE /v1/purchase-lists/:id',
    ]);
  });

  it('queues a change of a user whose queue is blocked behind the blocked ones', async () => {
    await loggedIn();
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Bar' });
    await blockUser(db, USER, 't'.repeat(40), 'x');
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kök' });
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['blocked', 'blocked']);
  });

  it('makes a transaction that lost its context fail loudly (the tripwire behind the one-transaction rule)', async () => {
    await loggedIn();
    const nothing = async () => undefined;
    const lost = transact(db, [db.meta], async () => {
      await db.meta.put({ key: 'a', value: '1' });
      for (let i = 0; i < 300; i++) await nothing(); // awaiting non-Dexie promises inside a transaction
    });
    await expect(lost).rejects.toThrow(/lost its context/);
  });
});
