import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SyncChange, SyncResult } from '../../contract/sync';
import { DEMO, bearer, createTestApp, listableProductIds, login, type TestApp } from './helpers';

/**
 * A list's "changed" time after a batch (decision 0071, third round): the batch writes it once at its end instead of
 * once per change, and the list must hold what the same changes sent one call each would leave — the time of its last
 * kept change — and every answer that shows the list shows that time.
 */
let app: TestApp;
let kund: string;
let productIds: string[];

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  productIds = await listableProductIds(app, 2, { anyQuantity: true });
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const key = () => `m-${randomUUID()}`;

async function push(changes: SyncChange[]): Promise<SyncResult[]> {
  const res = await app.inject({ method: 'POST', url: '/v1/sync', headers: bearer(kund), payload: { changes } });
  expect(res.statusCode).toBe(200);
  return res.json<{ results: SyncResult[] }>().results;
}

async function changedAt(listId: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/v1/purchase-lists/${listId}`, headers: bearer(kund) });
  return res.json<{ updatedAt: string }>().updatedAt;
}

const change = (method: SyncChange['method'], path: string, body?: object): SyncChange => ({
  key: key(),
  method,
  path,
  ...(body === undefined ? {} : { body }),
});
const create = (id: string, name: string) => change('POST', '/v1/purchase-lists', { id, companyCode: '10001', name });
const addItem = (listId: string, id: string, productId: string) =>
  change('POST', `/v1/purchase-lists/${listId}/items`, { id, productId, quantity: 1 });
const setQuantity = (listId: string, itemId: string, quantity: number) =>
  change('PATCH', `/v1/purchase-lists/${listId}/items/${itemId}`, { quantity });
const rename = (listId: string, name: string) => change('PATCH', `/v1/purchase-lists/${listId}`, { name });

describe('a list changed by a batch', () => {
  it('holds the time its rename answered when the rename was its last change', async () => {
    const listId = randomUUID();
    const itemId = randomUUID();
    const results = await push([
      create(listId, 'Märkt'),
      addItem(listId, itemId, productIds[0]!),
      setQuantity(listId, itemId, 2),
      setQuantity(listId, itemId, 3),
      rename(listId, 'Märkt 2'),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 200, 200]);
    const renamed = (results[4]!.body as { updatedAt: string }).updatedAt;
    expect(renamed >= (results[0]!.body as { updatedAt: string }).updatedAt).toBe(true);
    expect(await changedAt(listId)).toBe(renamed);
  });

  it('holds the time of its last kept change, not a refused one’s', async () => {
    const listId = randomUUID();
    const itemId = randomUUID();
    await push([create(listId, 'Sist'), addItem(listId, itemId, productIds[0]!)]);
    const results = await push([
      setQuantity(listId, itemId, 4),
      rename(listId, 'Sist 2'),
      setQuantity(listId, itemId, 5),
      setQuantity(listId, randomUUID(), 6), // no such item: 404, rolled back
      addItem(listId, randomUUID(), productIds[1]!),
      addItem(listId, randomUUID(), productIds[1]!), // the article again: 409, rolled back
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 404, 201, 409]);
    // The add is the last change kept: the list was changed when the item was added, as one call each would leave it.
    const added = (results[4]!.body as { addedAt: string }).addedAt;
    expect(added >= (results[1]!.body as { updatedAt: string }).updatedAt).toBe(true);
    expect(await changedAt(listId)).toBe(added);
  });

  it('shows in a reset’s answer the time the batch owed the list until then', async () => {
    const listId = randomUUID();
    const itemId = randomUUID();
    await push([create(listId, 'Nollad'), addItem(listId, itemId, productIds[1]!)]);
    const results = await push([
      setQuantity(listId, itemId, 3),
      change('POST', `/v1/purchase-lists/${listId}/items/reset`),
      setQuantity(listId, itemId, 1),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const reset = results[1]!.body as { updatedAt: string; items: { quantity: number }[] };
    expect(reset.items).toEqual([expect.objectContaining({ quantity: 0 })]);
    expect((await changedAt(listId)) >= reset.updatedAt).toBe(true);
  });
});
