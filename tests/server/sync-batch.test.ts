import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SYNC_BATCH_MAX, type SyncChange, type SyncResult } from '../../contract/sync';
import { DEMO, bearer, createTestApp, listableProductIds, login, type TestApp } from './helpers';

/** POST /v1/sync (decision 0067): each change as its own call would be answered, in order, in one transaction. */
let app: TestApp;
let kund: string;
let admin: string;
let productIds: string[];

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  admin = await login(app, DEMO.admin);
  productIds = await listableProductIds(app, 6);
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const key = () => `m-${randomUUID()}`;

async function push(token: string | undefined, changes: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/sync',
    headers: token ? bearer(token) : {},
    payload: { changes },
  });
  return { status: res.statusCode, body: res.json<{ results: SyncResult[]; code?: string; message?: string }>() };
}

async function listOnServer(token: string, id: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/purchase-lists/${id}`, headers: bearer(token) });
  return res.statusCode === 200 ? res.json<{ name: string; items: { productId: string; quantity: number }[] }>() : null;
}

const create = (id: string, name: string, companyCode = '10001'): SyncChange => ({
  key: key(),
  method: 'POST',
  path: '/v1/purchase-lists',
  body: { id, companyCode, name },
});
const addItem = (listId: string, productId: string, quantity: number, after?: string[]): SyncChange => ({
  key: key(),
  method: 'POST',
  path: `/v1/purchase-lists/${listId}/items`,
  body: { productId, quantity },
  ...(after ? { after } : {}),
});

describe('POST /v1/sync', () => {
  it('applies the changes in order and answers each as its own call would', async () => {
    const listId = randomUUID();
    const changes = [
      create(listId, 'Batchen'),
      addItem(listId, productIds[0]!, 2),
      { key: key(), method: 'PATCH', path: `/v1/purchase-lists/${listId}`, body: { name: 'Batchen, fredag' } },
    ];
    const { status, body } = await push(kund, changes);
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.key, r.status, r.replayed])).toEqual([
      [changes[0]!.key, 201, false],
      [changes[1]!.key, 201, false],
      [changes[2]!.key, 200, false],
    ]);
    expect(body.results[2]!.body).toMatchObject({ id: listId, name: 'Batchen, fredag' });
    const onServer = await listOnServer(kund, listId);
    expect(onServer).toMatchObject({ name: 'Batchen, fredag', items: [{ productId: productIds[0], quantity: 2 }] });
  });

  it('refuses a change in the middle without blocking the independent ones after it', async () => {
    const listId = randomUUID();
    await push(kund, [create(listId, 'Mitten')]);
    const changes = [
      addItem(listId, productIds[1]!, 1),
      addItem(listId, productIds[1]!, 5), // the same article again: 409 ArticleAlreadyInList
      addItem(listId, productIds[2]!, 3),
    ];
    const { body } = await push(kund, changes);
    expect(body.results.map((r) => r.status)).toEqual([201, 409, 201]);
    expect(body.results[1]!.body).toMatchObject({
      code: 'ArticleAlreadyInList',
      message: 'Artikeln finns redan i listan. Ändra antalet på raden i stället.',
    });
    const onServer = await listOnServer(kund, listId);
    expect(onServer!.items.map((i) => [i.productId, i.quantity])).toEqual([
      [productIds[1], 1],
      [productIds[2], 3],
    ]);
  });

  it('refuses a change that depends on a refused one, with it', async () => {
    const foreign = randomUUID();
    const fine = randomUUID();
    const refusedCreate = create(foreign, 'Fel företag', '10003'); // kund is not linked to 10003
    const dependent = addItem(foreign, productIds[0]!, 1, [refusedCreate.key]);
    const { body } = await push(kund, [refusedCreate, dependent, create(fine, 'Rätt företag')]);
    expect(body.results.map((r) => r.status)).toEqual([403, 424, 201]);
    expect(body.results[1]!.body).toEqual({
      code: 'DependencyRefused',
      message: 'Ändringen kunde inte sparas eftersom en tidigare ändring som den bygger på inte kunde sparas.',
    });
    expect(await listOnServer(admin, foreign)).toBeNull();
    expect(await listOnServer(kund, fine)).toMatchObject({ name: 'Rätt företag' });
  });

  it("refuses another company's row exactly as the call itself does", async () => {
    const lists = await app.inject({ method: 'GET', url: '/v1/purchase-lists?company=10003', headers: bearer(admin) });
    const foreign = lists.json<{ data: { id: string; name: string }[] }>().data[0]!;
    const rename = { method: 'PATCH' as const, path: `/v1/purchase-lists/${foreign.id}`, body: { name: 'Kapad' } };
    const perCall = await app.inject({
      method: rename.method,
      url: rename.path,
      headers: { ...bearer(kund), 'idempotency-key': key() },
      payload: rename.body,
    });
    const { body } = await push(kund, [{ key: key(), ...rename }]);
    expect(body.results[0]).toMatchObject({ status: perCall.statusCode, body: perCall.json() });
    expect([403, 404]).toContain(perCall.statusCode);
    expect((await listOnServer(admin, foreign.id))!.name).toBe(foreign.name);
  });

  it('replays a change first sent per call, and a per-call resend of a batched change, never running it twice', async () => {
    const listId = randomUUID();
    await push(kund, [create(listId, 'Två vägar')]);
    const first = addItem(listId, productIds[3]!, 4);
    const perCall = await app.inject({
      method: 'POST',
      url: first.path,
      headers: { ...bearer(kund), 'idempotency-key': first.key },
      payload: first.body as object,
    });
    expect(perCall.statusCode).toBe(201);
    const second = addItem(listId, productIds[4]!, 1);
    const { body } = await push(kund, [first, second]);
    expect(body.results.map((r) => [r.status, r.replayed])).toEqual([
      [201, true],
      [201, false],
    ]);
    expect(body.results[0]!.body).toEqual(perCall.json());
    const resent = await app.inject({
      method: 'POST',
      url: second.path,
      headers: { ...bearer(kund), 'idempotency-key': second.key },
      payload: second.body as object,
    });
    expect(resent.statusCode).toBe(201);
    expect(resent.headers['idempotency-replayed']).toBe('true');
    expect((await listOnServer(kund, listId))!.items).toHaveLength(2);
  });

  it('answers bad input with 400 in Swedish, and refuses a call the batch does not carry', async () => {
    for (const changes of [[], 'inte en lista', [{ key: 'kort', method: 'POST', path: '/v1/purchase-lists' }]]) {
      const { status, body } = await push(kund, changes);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'ValidationError', message: expect.stringMatching(/[a-zåäö]/) });
    }
    const tooMany = Array.from({ length: SYNC_BATCH_MAX + 1 }, () => create(randomUUID(), 'För många'));
    expect((await push(kund, tooMany)).status).toBe(400);
    const twice = create(randomUUID(), 'Samma nyckel');
    expect((await push(kund, [twice, twice])).status).toBe(400);

    const login = { key: key(), method: 'POST', path: '/v1/auth/logout' };
    const { status, body } = await push(kund, [login]);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({
      status: 400,
      body: { code: 'NotSyncable', message: 'Ändringen kan inte skickas med synkroniseringen.' },
    });
  });

  it('tells the other phones of a count once the batch has committed', async () => {
    const [product] = productIds;
    const created = await app.inject({
      method: 'POST',
      url: '/v1/company/10001/inventory-list',
      headers: bearer(kund),
      payload: { name: `Batch ${randomUUID().slice(0, 8)}` },
    });
    const listId = created.json<{ id: string }>().id;
    const added = await app.inject({
      method: 'POST',
      url: `/v1/company/10001/inventory-list/${listId}/item`,
      headers: bearer(kund),
      payload: { productId: product, unit: 'piece' },
    });
    const itemId = added.json<{ id: string }>().id;
    const heard: string[][] = [];
    app.services.bus.on('inventory-changed', (event) => {
      if (event.listId === listId) heard.push(event.itemIds);
    });
    const count = (quantity: number): SyncChange => ({
      key: key(),
      method: 'POST',
      path: `/v1/company/10001/inventory-list/${listId}/item/${itemId}/count`,
      body: {
        kind: 'delta',
        amount: quantity,
        id: randomUUID(),
        unit: 'piece',
        countedAt: new Date().toISOString(),
        deviceId: 'batch-test',
      },
    });
    const { body } = await push(kund, [count(3), count(4)]);
    expect(body.results.map((r) => r.status)).toEqual([201, 201]);
    await expect.poll(() => heard.flat()).toContain(itemId);
  });

  it('answers 401 without a token, and runs nothing', async () => {
    const listId = randomUUID();
    const { status, body } = await push(undefined, [create(listId, 'Utan inloggning')]);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'Unauthorized' });
    expect(await listOnServer(admin, listId)).toBeNull();
  });
});
