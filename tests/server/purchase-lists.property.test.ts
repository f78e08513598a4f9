/**
 * Nothing lost, nothing doubled: random sequences of purchase-list changes, sent as the offline engine sends them
 * (client-generated ids, one uuid Idempotency-Key per change, strictly in order), with random duplicate deliveries
 * (again at once, or later after further changes), lost answers (the change reached the server, the client never saw
 * the answer and sends it again) and token renewals in between. The server must end in exactly the state of applying
 * each change once, in order, to a plain in-memory model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { products } from '../../server/db/schema';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

const COMPANIES = ['10001', '10002'] as const;
const NAMES = ['Veckohandel', 'Bar', 'Kalla köket', 'Ölkyl', 'åkerbär', 'Städ', 'Fredag'];

type Product = {
  id: string;
  sku: string;
  gtinPiece: string | null;
  gtinCarton: string | null;
  wholeUnitsOnly: boolean;
};
type Via = 'productId' | 'articleNumber' | 'ean' | 'carton';
type Delivery = { mode: 'once' | 'twice' | 'lost' | 'later'; after: number };

type Op =
  | { kind: 'createList'; company: number; name: string }
  | { kind: 'rename'; list: number; name: string }
  | { kind: 'addItem'; list: number; product: number; via: Via; quantity: number }
  | { kind: 'setQuantity'; item: number; quantity: number }
  | { kind: 'removeItem'; item: number }
  | { kind: 'reset'; list: number }
  | { kind: 'deleteList'; list: number }
  | { kind: 'renewToken' };
type Step = { op: Op; delivery: Delivery };

type ModelList = {
  id: string;
  company: string;
  name: string;
  items: Map<string, { productId: string; quantity: number }>;
};
type Model = Map<string, ModelList>;
type Request = { method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; key: string };

let app: TestApp;
let token: string;
let pool: Product[];

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.kund);
  const columns = {
    id: products.id,
    sku: products.sku,
    gtinPiece: products.gtinPiece,
    gtinCarton: products.gtinCarton,
    wholeUnitsOnly: products.wholeUnitsOnly,
  };
  const { db } = app.services.database;
  const wholeOnes = await db
    .select(columns)
    .from(products)
    .where(and(eq(products.wholeUnitsOnly, true), isNotNull(products.gtinCarton)))
    .orderBy(products.sku)
    .limit(4);
  const [looseOne] = await db.select(columns).from(products).where(eq(products.wholeUnitsOnly, false)).limit(1);
  pool = [...wholeOnes, looseOne as Product];
  expect(pool).toHaveLength(5);
});
afterAll(() => app.closeAll());

// --- generators ------------------------------------------------------------------------------------------------

const selector = fc.nat({ max: 50 });
const tenths = (min: number, max: number) => fc.integer({ min, max }).map((n) => n / 10);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('createList' as const),
      company: fc.nat({ max: 1 }),
      name: fc.constantFrom(...NAMES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), list: selector, name: fc.constantFrom(...NAMES) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('addItem' as const),
      list: selector,
      product: fc.nat({ max: 4 }),
      via: fc.constantFrom<Via>('productId', 'articleNumber', 'ean', 'carton'),
      quantity: tenths(1, 300),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('setQuantity' as const), item: selector, quantity: tenths(0, 300) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('removeItem' as const), item: selector }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), list: selector }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteList' as const), list: selector }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'renewToken' as const }) },
);
const delivery: fc.Arbitrary<Delivery> = fc.record({
  mode: fc.constantFrom<Delivery['mode']>('once', 'once', 'twice', 'lost', 'later'),
  after: fc.integer({ min: 1, max: 6 }),
});
/** Up to 30 changes; the first one creates a list, so most later ones have something to work on. */
const steps = fc
  .tuple(
    fc.record({ company: fc.nat({ max: 1 }), name: fc.constantFrom(...NAMES) }),
    delivery,
    fc.array(fc.record({ op, delivery }), { maxLength: 29, size: 'max' }),
  )
  .map(([first, how, rest]): Step[] => [{ op: { kind: 'createList', ...first }, delivery: how }, ...rest]);

// --- the model: each change applied once, in order -------------------------------------------------------------

function settle(product: Product, requested: number, minimum: 0 | 1): number {
  return product.wholeUnitsOnly ? Math.max(minimum, Math.round(requested)) : Math.round(requested * 1000) / 1000;
}

/** The expected status of a change on the model's state; a successful change is applied to the model. */
function applyToModel(model: Model, req: Request, op: Op, ids: { list?: string; item?: string }): number {
  const list = ids.list ? model.get(ids.list) : undefined;
  switch (op.kind) {
    case 'createList':
      model.set(ids.list!, { id: ids.list!, company: COMPANIES[op.company]!, name: op.name, items: new Map() });
      return 201;
    case 'rename':
      if (!list) return 404;
      list.name = op.name;
      return 200;
    case 'addItem': {
      if (!list) return 404;
      const product = pool[op.product]!;
      if ([...list.items.values()].some((i) => i.productId === product.id)) return 409;
      list.items.set(ids.item!, { productId: product.id, quantity: settle(product, op.quantity, 1) });
      return 201;
    }
    case 'setQuantity': {
      const item = list?.items.get(ids.item!);
      if (!item) return 404;
      item.quantity = settle(
        pool.find((p) => p.id === item.productId)!,
        op.quantity,
        0,
      );
      return 200;
    }
    case 'removeItem':
      if (!list?.items.delete(ids.item!)) return 404;
      return 204;
    case 'reset':
      if (!list) return 404;
      for (const item of list.items.values()) item.quantity = 0;
      return 200;
    case 'deleteList':
      if (!list) return 404;
      model.delete(list.id);
      return 204;
    case 'renewToken':
      throw new Error(`not a change: ${req.url}`);
  }
}

// --- the client ----------------------------------------------------------------------------------------------------

const deliver = (req: Request) =>
  app.inject({
    method: req.method,
    url: req.url,
    headers: { ...bearer(token), 'idempotency-key': req.key },
    ...(req.body ? { payload: req.body } : {}),
  });

function expectReplayOf(first: LightMyRequestResponse, again: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers['idempotency-replayed']).toBe('true');
  expect(again.body).toBe(first.body);
}

async function run(plan: Step[]) {
  const model: Model = new Map();
  /** Every list and item the client made in this run, deleted ones included (an outbox may still refer to them). */
  const lists: string[] = [];
  const items: { list: string; item: string }[] = [];
  const later: { at: number; req: Request; first: LightMyRequestResponse }[] = [];
  const baseline = new Map<string, number>();
  for (const company of COMPANIES) baseline.set(company, (await listsOf(company)).length);

  const pick = <T>(from: T[], n: number): T | undefined => (from.length ? from[n % from.length] : undefined);
  /** Mostly a list or item that still exists; now and then a deleted one, as a stale outbox entry would. */
  const pickList = (n: number) => (n % 8 === 0 ? pick(lists, n) : (pick([...model.keys()], n) ?? pick(lists, n)));
  const pickItem = (n: number) => {
    if (n % 8 === 0) return pick(items, n);
    const live = items.filter((i) => model.get(i.list)?.items.has(i.item));
    return pick(live, n) ?? pick(items, n);
  };

  for (let at = 0; at < plan.length; at++) {
    // Late duplicates due now: the server answers from its store and changes nothing.
    for (const due of later.filter((l) => l.at === at)) expectReplayOf(due.first, await deliver(due.req));

    const { op, delivery: how } = plan[at]!;
    if (op.kind === 'renewToken') {
      const res = await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      token = res.json<{ token: string }>().token;
      continue;
    }

    const key = randomUUID();
    let req: Request;
    const ids: { list?: string; item?: string } = {};
    switch (op.kind) {
      case 'createList':
        ids.list = randomUUID();
        lists.push(ids.list);
        req = {
          method: 'POST',
          url: '/v1/purchase-lists',
          body: { id: ids.list, companyCode: COMPANIES[op.company], name: op.name },
          key,
        };
        break;
      case 'addItem': {
        ids.list = pickList(op.list) ?? randomUUID();
        ids.item = randomUUID();
        const product = pool[op.product]!;
        const lookup =
          op.via === 'productId'
            ? { productId: product.id }
            : op.via === 'articleNumber'
              ? { articleNumber: product.sku }
              : { ean: (op.via === 'carton' ? product.gtinCarton : null) ?? product.gtinPiece };
        req = {
          method: 'POST',
          url: `/v1/purchase-lists/${ids.list}/items`,
          body: { id: ids.item, quantity: op.quantity, ...lookup },
          key,
        };
        break;
      }
      case 'rename':
      case 'reset':
      case 'deleteList': {
        ids.list = pickList(op.list) ?? randomUUID();
        const url = `/v1/purchase-lists/${ids.list}`;
        req =
          op.kind === 'rename'
            ? { method: 'PATCH', url, body: { name: op.name }, key }
            : op.kind === 'reset'
              ? { method: 'POST', url: `${url}/items/reset`, key }
              : { method: 'DELETE', url, key };
        break;
      }
      case 'setQuantity':
      case 'removeItem': {
        const target = pickItem(op.item) ?? { list: randomUUID(), item: randomUUID() };
        Object.assign(ids, target);
        const url = `/v1/purchase-lists/${target.list}/items/${target.item}`;
        req =
          op.kind === 'setQuantity'
            ? { method: 'PATCH', url, body: { quantity: op.quantity }, key }
            : { method: 'DELETE', url, key };
        break;
      }
    }

    const expected = applyToModel(model, req, op, ids);
    if (op.kind === 'addItem' && expected === 201) items.push({ list: ids.list!, item: ids.item! });

    let answer = await deliver(req);
    if (how.mode === 'lost') answer = await deliver(req); // the first answer never reached the client
    expect(answer.statusCode, `${req.method} ${req.url} ${JSON.stringify(req.body)}`).toBe(expected);
    if (how.mode === 'twice') {
      const again = await deliver(req);
      if (expected < 300) expectReplayOf(answer, again);
      else expect(again.statusCode).toBe(expected); // a refused change stored nothing and is refused again
    }
    // A refused change is shown to the user and never sent again; an accepted one may be duplicated later.
    if (how.mode === 'later' && expected < 300) later.push({ at: at + how.after, req, first: answer });
  }
  for (const due of later.filter((l) => l.at >= plan.length)) expectReplayOf(due.first, await deliver(due.req));

  // The server's state, through the API, equals the model's.
  for (const company of COMPANIES) {
    const server = await listsOf(company);
    const ours = [...model.values()].filter((l) => l.company === company);
    expect(server).toHaveLength(baseline.get(company)! + ours.length);
    const mine = server.filter((l) => lists.includes(l.id));
    expect(mine.map((l) => ({ id: l.id, name: l.name, itemCount: l.itemCount })).sort(byId)).toEqual(
      ours.map((l) => ({ id: l.id, name: l.name, itemCount: l.items.size })).sort(byId),
    );
  }
  for (const id of lists) {
    const res = await app.inject({ method: 'GET', url: `/v1/purchase-lists/${id}`, headers: bearer(token) });
    const expected = model.get(id);
    if (!expected) {
      expect(res.statusCode).toBe(404);
      continue;
    }
    const detail = res.json<{ name: string; items: { id: string; productId: string; quantity: number }[] }>();
    expect(detail.name).toBe(expected.name);
    expect(
      detail.items.map(({ id: itemId, productId, quantity }) => ({ id: itemId, productId, quantity })).sort(byId),
    ).toEqual([...expected.items].map(([itemId, i]) => ({ id: itemId, ...i })).sort(byId));
  }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function listsOf(company: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/purchase-lists?company=${company}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: string; name: string; itemCount: number }[] }>().data;
}

describe('purchase lists under duplicate deliveries and lost answers', () => {
  it('end in the state of applying each change once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (plan) => {
        await run(plan);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
