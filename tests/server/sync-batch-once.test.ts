import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SyncChange, SyncResult } from '../../contract/sync';
import { DEMO, bearer, createSecondInstance, createTestApp, listableProductIds, login, type TestApp } from './helpers';

/**
 * POST /v1/sync at its lower cost per change (decision 0071): keys read before the batch and written at its end, the
 * batch tried first without a savepoint per change and again with them, access answers shared inside a batch. What
 * the user and the server see stays as per call: each change applied once, in order, a refused one undoing only itself.
 */
let app: TestApp;
let kund: string;
let productIds: string[];

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  productIds = await listableProductIds(app, 3, { anyQuantity: true });
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const key = () => `m-${randomUUID()}`;

async function push(on: TestApp, changes: SyncChange[]) {
  const res = await on.inject({ method: 'POST', url: '/v1/sync', headers: bearer(kund), payload: { changes } });
  return {
    status: res.statusCode,
    results: res.statusCode === 200 ? res.json<{ results: SyncResult[] }>().results : [],
  };
}

function perCall(on: TestApp, change: SyncChange) {
  return on.inject({
    method: change.method,
    url: change.path,
    headers: { ...bearer(kund), 'idempotency-key': change.key },
    ...(change.body === undefined ? {} : { payload: change.body as object }),
  });
}

async function listOnServer(id: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/purchase-lists/${id}`, headers: bearer(kund) });
  return res.statusCode === 200
    ? res.json<{ name: string; items: { id: string; productId: string; quantity: number }[] }>()
    : null;
}

const create = (id: string, name: string): SyncChange => ({
  key: key(),
  method: 'POST',
  path: '/v1/purchase-lists',
  body: { id, companyCode: '10001', name },
});
const addItem = (listId: string, productId: string, quantity: number, id = randomUUID()): SyncChange => ({
  key: key(),
  method: 'POST',
  path: `/v1/purchase-lists/${listId}/items`,
  body: { id, productId, quantity },
});
const setQuantity = (listId: string, itemId: string, quantity: number): SyncChange => ({
  key: key(),
  method: 'PATCH',
  path: `/v1/purchase-lists/${listId}/items/${itemId}`,
  body: { quantity },
});
const rename = (listId: string, name: string): SyncChange => ({
  key: key(),
  method: 'PATCH',
  path: `/v1/purchase-lists/${listId}`,
  body: { name },
});

describe('POST /v1/sync, each change once at a lower cost', () => {
  it('keeps the changes around a refused one applied once, and stores only their keys', async () => {
    const listId = randomUUID();
    const itemId = randomUUID();
    await push(app, [create(listId, 'Försök'), addItem(listId, productIds[0]!, 1, itemId)]);
    const before = [setQuantity(listId, itemId, 5), rename(listId, 'Försök 2')];
    const refused = addItem(listId, productIds[0]!, 9); // the same article again: 409
    const after = setQuantity(listId, itemId, 7);
    const { results } = await push(app, [...before, refused, after]);
    expect(results.map((r) => [r.status, r.replayed])).toEqual([
      [200, false],
      [200, false],
      [409, false],
      [200, false],
    ]);
    expect(await listOnServer(listId)).toMatchObject({ name: 'Försök 2', items: [{ id: itemId, quantity: 7 }] });
    // The applied changes' keys were stored once (a resend replays); the refused one's was not (a resend runs it).
    const resent = await perCall(app, before[0]!);
    expect(resent.headers['idempotency-replayed']).toBe('true');
    expect(resent.json()).toEqual(results[0]!.body);
    const again = await perCall(app, refused);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect((await listOnServer(listId))!.items).toEqual([expect.objectContaining({ id: itemId, quantity: 7 })]);
  });

  it('answers a key stored before the batch from the one read up front, and refuses it with another body', async () => {
    const listId = randomUUID();
    await push(app, [create(listId, 'Nycklar')]);
    const sent = addItem(listId, productIds[1]!, 2);
    const first = await perCall(app, sent);
    expect(first.statusCode).toBe(201);
    const { results } = await push(app, [sent, rename(listId, 'Nycklar 2')]);
    expect(results.map((r) => [r.status, r.replayed])).toEqual([
      [201, true],
      [200, false],
    ]);
    expect(results[0]!.body).toEqual(first.json());
    const reused = { ...rename(listId, 'Annat innehåll'), key: sent.key };
    const refused = await push(app, [reused]);
    expect(refused.results[0]).toMatchObject({ status: 422, body: { code: 'IdempotencyKeyReused' } });
    expect(await listOnServer(listId)).toMatchObject({ name: 'Nycklar 2', items: [{ productId: productIds[1] }] });
  });

  it('refuses the changes after a deletion in the batch as their own calls would be refused', async () => {
    const listId = randomUUID();
    await push(app, [create(listId, 'Borta')]);
    const remove: SyncChange = { key: key(), method: 'DELETE', path: `/v1/purchase-lists/${listId}` };
    const late = rename(listId, 'För sent');
    const { results } = await push(app, [rename(listId, 'Borta snart'), remove, late]);
    const asOwnCall = await perCall(app, { ...late, key: key() });
    expect(results.map((r) => r.status)).toEqual([200, 204, asOwnCall.statusCode]);
    expect(results[2]!.body).toEqual(asOwnCall.json());
    expect(await listOnServer(listId)).toBeNull();
  });

  it('applies a change once when another instance gets its key per call while the batch runs', async () => {
    const other = await createSecondInstance(app);
    try {
      const listId = randomUUID();
      await push(app, [create(listId, 'Två instanser')]);
      const changes = [productIds[0]!, productIds[1]!, productIds[2]!].map((p) => addItem(listId, p, 1));
      const raced = changes[2]!;
      const [batch, single] = await Promise.all([push(app, changes), perCall(other, raced)]);
      // Either the batch went first (the call replays it), or the call did: the batch replays it, read before it
      // began or — on PostgreSQL, when the call committed while the batch ran — found when its own write of the keys
      // met it, and the batch was run again (decision 0092).
      expect(single.statusCode).toBe(201);
      expect(batch.status).toBe(200);
      expect(batch.results.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(batch.results[2]!.replayed || single.headers['idempotency-replayed'] === 'true').toBe(true);
      const items = (await listOnServer(listId))!.items;
      expect(items.map((i) => i.productId).sort()).toEqual([...productIds].sort());
    } finally {
      await other.closeAll();
    }
  });
});
