import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { companies, products } from '../../server/db/schema';
import type { PricesResponse } from '../../contract/catalog';
import type { CalendarResponse } from '../../contract/calendar';
import type { OrderHistoryResponse } from '../../contract/orders';
import type { PurchaseListDetail } from '../../contract/purchase-lists';
import {
  DEMO,
  bearer,
  createClockedApp,
  createSecondInstance,
  createTestApp,
  login,
  SEED_NOW,
  type TestApp,
} from './helpers';
import { lagMeter } from './lag';

/**
 * The read caches of prices, a purchase list and order history (decision 0076) on two instances of one database: A
 * (the test app with the seed's clock, for placing orders) and B (on PostgreSQL with connections and a LISTEN of its
 * own). Both answer reads from what they kept; a commit that changes a kept answer, whoever wrote it, shows in the
 * next read on both — no waiting for the news to arrive.
 */

let base: TestApp;
let a: FastifyInstance;
let b: TestApp;
let kund: string;
let company: string;
let goods: string[];

beforeAll(async () => {
  base = await createTestApp();
  a = await createClockedApp(base, { now: SEED_NOW });
  b = await createSecondInstance(base);
  kund = await login(a, DEMO.kund);
  const { db } = base.services.database;
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, '10001'));
  company = row!.id;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.discontinued, false), isNull(products.expiresAt), eq(products.wholeUnitsOnly, true)))
    .orderBy(asc(products.sku));
  goods = rows.map((r) => r.id);
});
afterAll(async () => {
  await b?.closeAll();
  await a?.close();
  await base?.closeAll();
});

const lagUntil = lagMeter('read cache');

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: bearer(kund) });
const send = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: { ...bearer(kund), 'idempotency-key': crypto.randomUUID() }, payload });

const pricesUrl = (ids: string[]) => `/v1/products/prices?company=10001&ids=${ids.join(',')}`;

describe('kept answers', () => {
  it('are served byte for byte as the fresh read, with the same type', async () => {
    const url = pricesUrl(goods.slice(0, 12));
    const before = b.services.readCache.size().entries;
    const fresh = await get(b, url);
    expect(fresh.statusCode).toBe(200);
    expect(b.services.readCache.size().entries).toBe(before + 1);
    const kept = await get(b, url);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(fresh.body);
    expect(kept.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(kept.headers['cache-control']).toBe('private, no-store');
    expect(kept.json<PricesResponse>().data).toHaveLength(12);
  });
});

describe('changes seen on both instances', () => {
  it('a price changed straight in the database, in the next read on A and on B', async () => {
    const ids = goods.slice(20, 28);
    const url = pricesUrl(ids);
    const listPrice = async (app: FastifyInstance) =>
      (await get(app, url)).json<PricesResponse>().data.find((p) => p.productId === ids[0])!.listPrice;
    const was = await listPrice(a);
    // Both have kept the answer.
    for (const app of [a, b]) expect(await listPrice(app)).toBe(was);

    const { db } = base.services.database;
    await db.execute(sql`update products set public_price = public_price + 1000 where id = ${ids[0]}`);
    // At once: the next read on either instance, not after some delay.
    expect(await listPrice(a)).toBe(was + 1000);
    expect(await listPrice(b)).toBe(was + 1000);

    // The company's own price, written as the wholesaler's ERP does.
    await db.execute(
      sql`insert into company_prices (company_id, product_id, kind, price) values (${company}, ${ids[1]}, 'agreement', 7)`,
    );
    const price = async (app: FastifyInstance) =>
      (await get(app, url)).json<PricesResponse>().data.find((p) => p.productId === ids[1])!;
    expect(await price(a)).toMatchObject({ price: 7, kind: 'agreement' });
    expect(await price(b)).toMatchObject({ price: 7, kind: 'agreement' });
  });

  it('an item added to a purchase list on A, in the next read on A and on B', async () => {
    const created = await send(a, 'POST', '/v1/purchase-lists', { companyCode: '10001', name: 'Två instanser' });
    expect(created.statusCode).toBe(201);
    const url = `/v1/purchase-lists/${created.json<{ id: string }>().id}`;
    const count = async (app: FastifyInstance) => (await get(app, url)).json<PurchaseListDetail>().items.length;
    for (const app of [a, b, a, b]) expect(await count(app)).toBe(0);

    const added = await send(a, 'POST', `${url}/items`, { productId: goods[3], quantity: 2 });
    expect(added.statusCode).toBe(201);
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(1);
    const detail = (await get(b, url)).json<PurchaseListDetail>();
    expect(detail.items[0]).toMatchObject({ productId: goods[3], quantity: 2 });
  });

  it("an order placed on A, in B's next order history", async () => {
    const url = '/v1/company/10001/order-history';
    const total = async (app: FastifyInstance) => (await get(app, url)).json<OrderHistoryResponse>().totalRecords;
    const was = await total(b);
    expect(await total(b)).toBe(was);

    const items = goods.slice(5, 7).map((productId) => ({ productId, quantity: 1 }));
    expect((await send(a, 'PUT', '/v1/company/10001/cart/products', { items })).statusCode).toBe(200);
    const calendar = (await get(a, '/v1/company/10001/calendar')).json<CalendarResponse>();
    const deliveryDate = calendar.data[0]!.date;
    expect((await send(a, 'PUT', '/v1/company/10001/cart/delivery-date', { deliveryDate })).statusCode).toBe(200);
    const placed = await send(a, 'POST', '/v1/checkout/company/10001/cart', { reference: 'Två instanser' });
    expect(placed.statusCode).toBe(201);

    expect(await total(b)).toBe(was + 1);
    const [newest] = (await get(b, url)).json<OrderHistoryResponse>().data;
    expect(newest).toMatchObject({ reference: 'Två instanser', rowCount: 2 });
  });
});

describe('news lost while an instance is not listening', () => {
  // PGlite runs in this process and never loses its listeners.
  it.skipIf(!process.env.DATABASE_URL)('B keeps nothing while its LISTEN connection is down', async () => {
    const url = pricesUrl(goods.slice(30, 34));
    expect((await get(b, url)).statusCode).toBe(200);
    expect(b.services.readCache.size().entries).toBeGreaterThan(0);
    await base.services.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    await lagUntil('B deaf', async () => !b.services.readCache.keeping);
    // Dropped what it kept; a read begun while deaf is not kept, even if B listens again before it ends.
    expect(b.services.readCache.size().entries).toBe(0);
    expect((await get(b, url)).statusCode).toBe(200);
    expect(b.services.readCache.size().entries).toBe(0);

    await lagUntil('B listening again', async () => b.services.readCache.keeping);
    expect((await get(b, url)).statusCode).toBe(200);
    expect(b.services.readCache.size().entries).toBe(1);
  });
});
