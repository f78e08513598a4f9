import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SyncResult } from '../../contract/sync';
import { DEMO, bearer, createTestApp, listableProductIds, login, type TestApp } from './helpers';

/**
 * A batch's change runs its route without `app.inject` (decision 0081): refused by the route's access, its schemas and
 * its handler exactly as its own call is — the same status and the same body — and nothing of it is stored.
 */
let app: TestApp;
let kund: string;
let admin: string;
let productId: string;
let ownList: string;
let foreignList: string;

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  admin = await login(app, DEMO.admin);
  productId = (await listableProductIds(app, 1))[0]!;
  ownList = randomUUID();
  const created = await app.inject({
    method: 'POST',
    url: '/v1/purchase-lists',
    headers: { ...bearer(kund), 'idempotency-key': key() },
    payload: { id: ownList, companyCode: '10001', name: 'Egen lista' },
  });
  expect(created.statusCode).toBe(201);
  const lists = await app.inject({ method: 'GET', url: '/v1/purchase-lists?company=10003', headers: bearer(admin) });
  foreignList = lists.json<{ data: { id: string }[] }>().data[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const key = () => `d-${randomUUID()}`;

type Change = { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string; body?: unknown };

/** The change sent alone (its own call) and in a batch of one, each under a fresh key: status and body of each. */
async function bothWays(token: string, change: Change) {
  const call = await app.inject({
    method: change.method,
    url: change.path,
    headers: {
      ...bearer(token),
      'idempotency-key': key(),
      ...(change.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(change.body === undefined ? {} : { payload: JSON.stringify(change.body) }),
  });
  const batch = await app.inject({
    method: 'POST',
    url: '/v1/sync',
    headers: bearer(token),
    payload: { changes: [{ key: key(), ...change }] },
  });
  expect(batch.statusCode).toBe(200);
  const [result] = batch.json<{ results: SyncResult[] }>().results;
  return { call: { status: call.statusCode, body: call.body === '' ? null : call.json() }, batched: result! };
}

const cases: [string, () => Change, number][] = [
  [
    'a company the user may not act for (access)',
    () => ({
      method: 'POST',
      path: '/v1/purchase-lists',
      body: { id: randomUUID(), companyCode: '10003', name: 'Fel företag' },
    }),
    403,
  ],
  [
    "another company's row (access)",
    () => ({
      method: 'PATCH',
      path: `/v1/purchase-lists/${foreignList}`,
      body: { name: 'Kapad' },
    }),
    404,
  ],
  [
    'a missing row (access)',
    () => ({
      method: 'DELETE',
      path: `/v1/purchase-lists/${randomUUID()}`,
    }),
    404,
  ],
  [
    'an empty name (body schema)',
    () => ({ method: 'PATCH', path: `/v1/purchase-lists/${ownList}`, body: { name: '' } }),
    400,
  ],
  [
    'a name that is no text (body schema)',
    () => ({ method: 'PATCH', path: `/v1/purchase-lists/${ownList}`, body: { name: 42 } }),
    400,
  ],
  ['no body at all (body schema)', () => ({ method: 'POST', path: `/v1/purchase-lists/${ownList}/items` }), 400],
  [
    'a negative quantity (body schema)',
    () => ({
      method: 'POST',
      path: `/v1/purchase-lists/${ownList}/items`,
      body: { productId, quantity: -1 },
    }),
    400,
  ],
  [
    'a malformed id in the path (as unknown as a missing row)',
    () => ({ method: 'PATCH', path: '/v1/purchase-lists/inte-ett-id', body: { name: 'Ny' } }),
    404,
  ],
  [
    'a company code longer than any (params schema)',
    () => ({ method: 'POST', path: `/v1/company/${'1'.repeat(70)}/cart` }),
    400,
  ],
  [
    'a company code with a control character (clean input)',
    () => ({
      method: 'POST',
      path: '/v1/company/10001%01/cart',
    }),
    400,
  ],
  [
    "the service's own refusal (handler)",
    () => ({
      method: 'PATCH',
      path: `/v1/purchase-lists/${ownList}/items/${randomUUID()}`,
      body: { quantity: 2 },
    }),
    404,
  ],
];

describe('a change in a batch is refused as its own call', () => {
  it.each(cases)('%s', async (_what, make, expected) => {
    const { call, batched } = await bothWays(kund, make());
    expect(call.status).toBe(expected);
    expect(call.body).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/[a-zåäö]/) });
    expect({ status: batched.status, body: batched.body }).toEqual(call);
    expect(batched.replayed).toBe(false);
  });

  it('stores nothing of a refused change: the list is as it was', async () => {
    const list = await app.inject({ method: 'GET', url: `/v1/purchase-lists/${ownList}`, headers: bearer(kund) });
    expect(list.json()).toMatchObject({ name: 'Egen lista', items: [] });
  });
});
