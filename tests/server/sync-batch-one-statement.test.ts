import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SyncChange, SyncResult } from '../../contract/sync';
import { products, purchaseListItems, purchaseLists } from '../../server/db/schema';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

/**
 * An add by product id and a quantity change each in one statement (decision 0071, fourth round): what the database
 * holds after them — the item, its settled quantity, the list's changed time — is what the read and write statements
 * they replace left, in a sync batch and per call.
 */
let app: TestApp;
let kund: string;
let whole: string;
let loose: string;

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  const { db } = app.services.database;
  const pick = async (wholeUnitsOnly: boolean) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.wholeUnitsOnly, wholeUnitsOnly), eq(products.discontinued, false)))
        .orderBy(products.sku)
        .limit(1)
    )[0]!.id;
  whole = await pick(true);
  loose = await pick(false);
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const key = () => `o-${randomUUID()}`;
const change = (method: SyncChange['method'], path: string, body?: object): SyncChange => ({
  key: key(),
  method,
  path,
  ...(body === undefined ? {} : { body }),
});

async function push(changes: SyncChange[]): Promise<SyncResult[]> {
  const res = await app.inject({ method: 'POST', url: '/v1/sync', headers: bearer(kund), payload: { changes } });
  expect(res.statusCode).toBe(200);
  return res.json<{ results: SyncResult[] }>().results;
}

/** The list's items and changed time as the database holds them. */
async function stored(listId: string) {
  const { db } = app.services.database;
  const items = await db
    .select({ id: purchaseListItems.id, productId: purchaseListItems.productId, quantity: purchaseListItems.quantity })
    .from(purchaseListItems)
    .where(eq(purchaseListItems.listId, listId))
    .orderBy(purchaseListItems.quantity);
  const [list] = await db
    .select({ updatedAt: purchaseLists.updatedAt })
    .from(purchaseLists)
    .where(eq(purchaseLists.id, listId));
  return { items, updatedAt: list!.updatedAt.toISOString() };
}

describe('an add and a quantity change in one statement each', () => {
  it('store in a batch the settled quantities and the time of the last change, and answer what they stored', async () => {
    const listId = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const results = await push([
      change('POST', '/v1/purchase-lists', { id: listId, companyCode: '10001', name: 'En sats' }),
      change('POST', `/v1/purchase-lists/${listId}/items`, { id: a, productId: whole, quantity: 2.4 }),
      change('POST', `/v1/purchase-lists/${listId}/items`, { id: b, productId: loose, quantity: 1.25 }),
      change('PATCH', `/v1/purchase-lists/${listId}/items/${a}`, { quantity: 3.6 }),
      // Already in the list under another id: refused, nothing stored, the changes around it kept.
      change('POST', `/v1/purchase-lists/${listId}/items`, { id: randomUUID(), productId: loose, quantity: 9 }),
      change('PATCH', `/v1/purchase-lists/${listId}/items/${b}`, { quantity: 0.5 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 200, 409, 200]);
    expect(results[1]!.body).toMatchObject({
      id: a,
      productId: whole,
      quantity: 2,
      messages: [{ code: 'QuantityRounded' }],
    });
    expect(results[2]!.body).toMatchObject({ id: b, productId: loose, quantity: 1.25, messages: [] });
    expect(results[3]!.body).toMatchObject({ id: a, quantity: 4, messages: [{ code: 'QuantityRounded' }] });
    expect(results[4]!.body).toMatchObject({ code: 'ArticleAlreadyInList' });
    expect(results[5]!.body).toMatchObject({ id: b, quantity: 0.5, messages: [] });

    const after = await stored(listId);
    expect(after.items).toEqual([
      { id: b, productId: loose, quantity: '0.500' },
      { id: a, productId: whole, quantity: '4.000' },
    ]);
    // The batch's last kept change of the list was the quantity change of `b`; an add answers its own time.
    const added = results[2]!.body as { addedAt: string };
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(added.addedAt).getTime());

    // The answers are the items as a read of the list shows them.
    const detail = (
      await app.inject({ method: 'GET', url: `/v1/purchase-lists/${listId}`, headers: bearer(kund) })
    ).json<{ updatedAt: string; items: { id: string }[] }>();
    expect(detail.updatedAt).toBe(after.updatedAt);
    const { messages: _a, ...itemA } = results[3]!.body as { messages: unknown };
    const { messages: _b, ...itemB } = results[5]!.body as { messages: unknown };
    expect(detail.items).toEqual(expect.arrayContaining([itemA, itemB]));
  });

  it('marks the list with the add’s time per call, and answers a resent client id with the item it stored', async () => {
    const listId = randomUUID();
    await push([change('POST', '/v1/purchase-lists', { id: listId, companyCode: '10001', name: 'Per anrop' })]);
    const itemId = randomUUID();
    const add = (productId: string) =>
      app.inject({
        method: 'POST',
        url: `/v1/purchase-lists/${listId}/items`,
        headers: { ...bearer(kund), 'idempotency-key': key() },
        payload: { id: itemId, productId, quantity: 1.5 },
      });
    const first = await add(loose);
    expect(first.statusCode).toBe(201);
    const item = first.json<{ addedAt: string; quantity: number }>();
    expect(item.quantity).toBe(1.5);
    const after = await stored(listId);
    expect(after.items).toEqual([{ id: itemId, productId: loose, quantity: '1.500' }]);
    expect(after.updatedAt).toBe(item.addedAt);

    // The same client id again (under a new key): the item as stored, nothing added; with another article: refused.
    const again = await add(loose);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await add(whole);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'ClientIdTaken' });
    expect((await stored(listId)).items).toEqual([{ id: itemId, productId: loose, quantity: '1.500' }]);
  });
});
