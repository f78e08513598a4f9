import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { products } from '../../server/db/schema';
import type { CompanyProduct, PagedCompanyProducts } from '../../contract/company-products';
import { isValidGtin } from '../../contract/company-products';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let admin: string;

async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: path,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T, headers: res.headers };
}
type Err = { code: string; message: string; fields?: { path: string; message: string }[] };

beforeAll(async () => {
  app = await createTestApp();
  [kund, admin] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.admin)]);
}, 180_000);
afterAll(() => app.closeAll());

describe('company products', () => {
  it('lists the seeded own articles of 10001 by name, with GTINs, searchable and paged', async () => {
    const res = await call<PagedCompanyProducts>(kund, 'GET', '/v1/company/10001/products');
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBeGreaterThanOrEqual(3);
    const names = res.body.data.map((p) => p.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('sv', { sensitivity: 'base', numeric: true }).compare));
    const withGtin = res.body.data.filter((p) => p.gtin);
    expect(withGtin.length).toBeGreaterThanOrEqual(3);
    for (const p of withGtin) expect(isValidGtin(p.gtin!)).toBe(true);
    const q = await call<PagedCompanyProducts>(
      kund,
      'GET',
      `/v1/company/10001/products?q=${encodeURIComponent(withGtin[0]!.gtin!)}`,
    );
    expect(q.body.data.map((p) => p.id)).toEqual([withGtin[0]!.id]);
    const page = await call<PagedCompanyProducts>(kund, 'GET', '/v1/company/10001/products?page=2&pageSize=2');
    expect(page.body).toMatchObject({ currentPage: 2, totalPages: Math.ceil(res.body.totalRecords / 2) });
    expect(page.body.data[0]!.id).toBe(res.body.data[2]!.id);
  });

  it('creates (client id, resend), reads, replaces and deletes an own article', async () => {
    const id = randomUUID();
    const body = {
      id,
      name: 'Äppelmust från gården',
      articleNumber: 'ÄM-1',
      unit: 'carton',
      piecesPerCarton: 6,
      price: 15900,
      account: '1465',
      zone: null,
      gtin: '7310865004703',
    };
    const created = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', body);
    if (created.status === 400) {
      // 10001 may not have the drinks account; use the common one.
      body.account = '1460';
    }
    const ok =
      created.status === 201 ? created : await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', body);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      id,
      companyCode: '10001',
      name: 'Äppelmust från gården',
      articleNumber: 'ÄM-1',
      unit: 'carton',
      piecesPerCarton: 6,
      price: 15900,
      gtin: '7310865004703',
    });
    const resend = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', body);
    expect(resend.status).toBe(201);
    const clash = await call<Err>(kund, 'POST', '/v1/company/10001/product', { ...body, articleNumber: 'ÄM-2' });
    expect(clash.body.code).toBe('ClientIdTaken');

    const got = await call<CompanyProduct>(kund, 'GET', `/v1/company/10001/product/${id}`);
    expect(got.body.name).toBe('Äppelmust från gården');
    const put = await call<CompanyProduct>(kund, 'PUT', `/v1/company/10001/product/${id}`, {
      name: 'Äppelmust',
      articleNumber: 'ÄM-1',
      price: 100,
    });
    expect(put.body).toMatchObject({
      name: 'Äppelmust',
      unit: 'piece',
      piecesPerCarton: 1,
      price: 100,
      account: null,
      gtin: null,
    });
    expect((await call(kund, 'DELETE', `/v1/company/10001/product/${id}`)).status).toBe(204);
    const gone = await call<Err>(kund, 'GET', `/v1/company/10001/product/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      code: 'CompanyProductNotFound',
      message: 'Artikeln finns inte bland dina artiklar.',
    });
  });

  it('keeps article numbers unique per company and apart from catalogue SKUs, with the hint', async () => {
    const first = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', {
      id: randomUUID(),
      name: 'Ett',
      articleNumber: 'UNIK-1',
    });
    expect(first.status).toBe(201);
    const again = await call<Err>(kund, 'POST', '/v1/company/10001/product', {
      id: randomUUID(),
      name: 'Två',
      articleNumber: 'UNIK-1',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ArticleNumberTaken',
      message: 'Artikelnumret används redan. Välj ett annat artikelnummer.',
    });
    expect(again.body.fields).toEqual([
      { path: 'articleNumber', message: 'Artikelnumret används redan. Välj ett annat artikelnummer.' },
    ]);
    // Another company may use it.
    expect(
      (
        await call(admin, 'POST', '/v1/company/10003/product', {
          id: randomUUID(),
          name: 'Ett',
          articleNumber: 'UNIK-1',
        })
      ).status,
    ).toBe(201);
    const [sku] = await app.services.database.db.select({ sku: products.sku }).from(products).limit(1);
    const catalogue = await call<Err>(kund, 'POST', '/v1/company/10001/product', {
      id: randomUUID(),
      name: 'SKU',
      articleNumber: sku!.sku,
    });
    expect(catalogue.body.code).toBe('ArticleNumberTaken');
    const second = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', {
      id: randomUUID(),
      name: 'Två',
      articleNumber: 'UNIK-2',
    });
    const rename = await call<Err>(kund, 'PUT', `/v1/company/10001/product/${second.body.id}`, {
      name: 'Två',
      articleNumber: 'UNIK-1',
    });
    expect(rename.status).toBe(409);
  });

  it('refuses bad input with Swedish field messages', async () => {
    const res = await call<Err>(kund, 'POST', '/v1/company/10001/product', {
      id: 'x',
      name: '',
      articleNumber: 'a b',
      unit: 'låda',
      price: -1,
      gtin: '7310865004704',
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(res.body.fields!.map((f) => [f.path, f.message]));
    expect(fields).toMatchObject({
      name: 'Fältet är obligatoriskt.',
      articleNumber: 'Ogiltigt värde.',
      unit: 'Ogiltigt värde.',
      price: 'Värdet är för litet.',
      gtin: 'Ogiltigt värde.',
      id: 'Ogiltigt värde.',
    });
    const account = await call<Err>(kund, 'POST', '/v1/company/10001/product', {
      name: 'K',
      articleNumber: 'K-1',
      account: '9999',
    });
    expect(account.body.fields).toEqual([{ path: 'account', message: 'Kontot finns inte i företagets kontoplan.' }]);
    const zone = await call<Err>(kund, 'POST', '/v1/company/10001/product', {
      name: 'K',
      articleNumber: 'K-1',
      zone: 'Månen',
    });
    expect(zone.body.fields).toEqual([{ path: 'zone', message: 'Zonen finns inte bland företagets zoner.' }]);
  });

  it("answers 401, 403 for another company and 404 for another company's product", async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/company/10001/products' })).statusCode).toBe(401);
    expect((await call(kund, 'GET', '/v1/company/10003/products')).status).toBe(403);
    expect((await call(kund, 'POST', '/v1/company/10003/product', { name: 'x', articleNumber: 'x' })).status).toBe(403);
    const theirs = await call<PagedCompanyProducts>(admin, 'GET', '/v1/company/10003/products');
    const id = theirs.body.data[0]!.id;
    // kund may act for 10002 but the product is 10003's.
    expect((await call(kund, 'GET', `/v1/company/10002/product/${id}`)).status).toBe(404);
    expect((await call(kund, 'DELETE', `/v1/company/10002/product/${id}`)).status).toBe(404);
    expect((await call(kund, 'GET', '/v1/company/10001/product/nope')).status).toBe(404);
  });

  it('replays a create with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { id: randomUUID(), name: 'Nyckel', articleNumber: 'NYCKEL-1' };
    const first = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', body, {
      'idempotency-key': key,
    });
    const again = await call<CompanyProduct>(kund, 'POST', '/v1/company/10001/product', body, {
      'idempotency-key': key,
    });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
