import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SearchKeyResponse } from '../../contract/search';
import { companies, companyPrices, products } from '../../server/db/schema';
import { DEMO, bearer, createSecondInstance, createTestApp, login, type TestApp } from './helpers';

/**
 * Issue #13 point 8, search part: two server instances on one database. A key from A is good on B (one parent key,
 * kept in the database), and a change announced on A reaches B's index through the bus.
 */

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  // Both indexes built, as two running servers would have them.
  await Promise.all([a.searchIndex.ready(), b.searchIndex.ready()]);
});
afterAll(async () => {
  await b?.closeAll();
  await a?.closeAll();
});

type Result = { found: number; hits: { document: Record<string, unknown> }[] };

const search = (app: TestApp, collection: string, params: Record<string, string>, key: string) =>
  app.inject({
    method: 'GET',
    url: `/v1/search/collections/${collection}/documents/search`,
    query: { ...params, 'x-typesense-api-key': key },
  });

/** Polls until `check` holds (each try a real request), failing after `ms`: no fixed sleep. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('search on two instances', () => {
  it('accepts on B the public and a company key that A handed out', async () => {
    const publicKey = (await a.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>().key;
    const onB = await search(b, 'products', { q: '*' }, publicKey);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.json<Result>().found).toBeGreaterThan(0);

    const token = await login(a, DEMO.kund);
    const companyKey = await a.inject({ method: 'GET', url: '/v1/typesense/key/10001', headers: bearer(token) });
    const key = companyKey.json<SearchKeyResponse>();
    const items = await search(b, 'tender_items', { q: '*' }, key.key);
    expect(items.statusCode, items.body).toBe(200);
    for (const hit of items.json<Result>().hits) expect(['public', key.companyId]).toContain(hit.document.company_id);
  });

  it('finds on B a product renamed in the database and announced on A, by its new name', async () => {
    const key = (await b.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>().key;
    const { db } = a.services.database;
    const [product] = await db.select().from(products).limit(1);
    const name = 'Hjortronsylt Instansprovet';
    const found = async (app: TestApp) => {
      const res = await search(app, 'products', { q: 'hjortronsylt instansprovet', query_by: 'name' }, key);
      return res.json<Result>().hits.some((hit) => hit.document.id === product!.id && hit.document.name === name);
    };
    expect(await found(b)).toBe(false);
    await db.update(products).set({ name }).where(eq(products.id, product!.id));
    await a.searchIndex.productsChanged([product!.id]);
    // A has applied it when the call resolves; B when the notice arrives.
    expect(await found(a)).toBe(true);
    await eventually(() => found(b));
  });

  it('shows on B a tender price announced on A for a company', async () => {
    const { db } = a.services.database;
    const [company] = await db.select().from(companies).where(eq(companies.code, '10003'));
    const [product] = await db.select().from(products).limit(1).offset(5);
    const token = await login(b, DEMO.personal);
    const keyRes = await b.inject({ method: 'GET', url: `/v1/typesense/key/${company!.id}`, headers: bearer(token) });
    const key = keyRes.json<SearchKeyResponse>().key;
    const has = async () => {
      const res = await search(b, 'tender_items', { q: '*', filter_by: `product_id:=${product!.id}` }, key);
      return res.json<Result>().hits.some((hit) => hit.document.company_id === company!.id);
    };
    await db.delete(companyPrices).where(eq(companyPrices.productId, product!.id));
    await a.searchIndex.productsChanged([product!.id]);
    await eventually(async () => !(await has()));
    await db.insert(companyPrices).values({
      companyId: company!.id,
      productId: product!.id,
      kind: 'tender',
      price: 100,
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    await a.searchIndex.companyPricesChanged(company!.id);
    await eventually(has);
  });
});
