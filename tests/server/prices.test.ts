import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { companies, companyPrices, products } from '../../server/db/schema';
import type { CustomerPrice, PricesResponse } from '../../contract/catalog';
import { stockholmToday } from '../../server/modules/catalog/service';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let personal: string;
let ny: string;
let ids: string[];
let companyId: (code: string) => Promise<string>;

beforeAll(async () => {
  app = await createTestApp();
  [kund, personal, ny] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.personal), login(app, DEMO.ny)]);
  const rows = await app.services.database.db.select({ id: products.id }).from(products).orderBy(asc(products.sku));
  ids = rows.map((r) => r.id);
  companyId = async (code) => {
    const [row] = await app.services.database.db.select().from(companies).where(eq(companies.code, code));
    return row!.id;
  };
});
afterAll(() => app.closeAll());

const prices = (query: string, token?: string) =>
  app.inject({ method: 'GET', url: `/v1/products/prices?${query}`, headers: token ? bearer(token) : {} });

const day = (offset: number) => {
  const d = new Date(`${stockholmToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('GET /v1/products/prices', () => {
  it('needs a token', async () => {
    const res = await prices(`company=10001&ids=${ids[0]}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'Unauthorized' });
  });

  it("answers the company's lowest valid price for every product asked for, else the list price", async () => {
    const { db } = app.services.database;
    const company = await companyId('10001');
    const res = await prices(`company=10001&ids=${ids.join(',')}`, kund);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { data } = res.json<PricesResponse>();
    expect(data.map((p) => p.productId)).toEqual(ids);

    const today = stockholmToday();
    const own = await db.select().from(companyPrices).where(eq(companyPrices.companyId, company));
    const all = await db.select().from(products);
    let companyPriced = 0;
    for (const entry of data) {
      const product = all.find((p) => p.id === entry.productId)!;
      const valid = own.filter(
        (r) =>
          r.productId === entry.productId &&
          (r.validFrom === null || r.validFrom <= today) &&
          (r.validTo === null || r.validTo >= today),
      );
      const best = valid.sort((a, b) => a.price - b.price)[0];
      expect(entry.listPrice).toBe(product.publicPrice);
      if (best) {
        companyPriced++;
        expect(entry).toMatchObject({ price: best.price, kind: best.kind, validTo: best.validTo });
      } else {
        expect(entry).toMatchObject({
          price: product.publicPrice,
          comparisonPrice: product.comparisonPrice,
          kind: 'list',
          validTo: product.priceValidUntil,
        });
      }
      expect(Number.isInteger(entry.price) && Number.isInteger(entry.comparisonPrice)).toBe(true);
    }
    expect(companyPriced).toBeGreaterThan(0);
  });

  it('picks the lowest price valid today and ignores expired and future ones', async () => {
    const { db } = app.services.database;
    const company = await companyId('10002');
    const productId = ids[5]!;
    await db
      .delete(companyPrices)
      .where(and(eq(companyPrices.companyId, company), eq(companyPrices.productId, productId)));
    const [product] = await db.select().from(products).where(eq(products.id, productId));
    const list = product!.publicPrice;
    await db.insert(companyPrices).values([
      { companyId: company, productId, kind: 'agreement', price: list - 100, validFrom: day(-100), validTo: null },
      { companyId: company, productId, kind: 'campaign', price: list - 300, validFrom: day(-2), validTo: day(0) },
      { companyId: company, productId, kind: 'tender', price: list - 500, validFrom: day(-400), validTo: day(-1) },
    ]);
    const pick = async () => (await prices(`company=10002&ids=${productId}`, kund)).json<PricesResponse>().data[0];
    expect(await pick()).toEqual<CustomerPrice>({
      productId,
      price: list - 300,
      comparisonPrice: Math.max(1, Math.round((product!.comparisonPrice * (list - 300)) / list)),
      kind: 'campaign',
      validTo: day(0),
      listPrice: list,
    });

    // The campaign starts tomorrow instead: the agreement price is the one valid today.
    await db
      .update(companyPrices)
      .set({ validFrom: day(1), validTo: day(10) })
      .where(
        and(
          eq(companyPrices.companyId, company),
          eq(companyPrices.kind, 'campaign'),
          eq(companyPrices.productId, productId),
        ),
      );
    expect(await pick()).toMatchObject({ price: list - 100, kind: 'agreement', validTo: null });

    // Another company's user never sees these prices: staff asking for 10004 get 10004's own (here: the list price).
    const other = await companyId('10004');
    await db
      .delete(companyPrices)
      .where(and(eq(companyPrices.companyId, other), eq(companyPrices.productId, productId)));
    const res = await prices(`company=10004&ids=${productId}`, personal);
    expect(res.json<PricesResponse>().data[0]).toMatchObject({ price: list, kind: 'list' });
  });

  it("refuses another company's prices with 403, for a customer and for a user without companies", async () => {
    for (const [token, code] of [
      [kund, '10003'],
      [kund, '99999'],
      [ny, '10001'],
    ] as const) {
      const res = await prices(`company=${code}&ids=${ids[0]}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'Forbidden', message: 'Du har inte behörighet till det här.' });
    }
  });

  it('lets staff read any company, 404 for an unknown one', async () => {
    expect((await prices(`company=10003&ids=${ids[0]}`, personal)).statusCode).toBe(200);
    const res = await prices(`company=99999&ids=${ids[0]}`, personal);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CompanyNotFound' });
  });

  it('leaves unknown ids out, ignores duplicates and accepts a repeated ids parameter', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await prices(`company=10001&ids=${ids[1]},${unknown},${ids[1]}&ids=${ids[2]}`, kund);
    expect(res.statusCode).toBe(200);
    expect(res.json<PricesResponse>().data.map((p) => p.productId)).toEqual([ids[1], ids[2]]);
  });

  it('answers 400 with Swedish field messages for bad ids and a missing company', async () => {
    const bad = await prices('company=10001&ids=abc,123', kund);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'ValidationError',
      message: 'Kontrollera de markerade fälten.',
      fields: expect.arrayContaining([{ path: 'ids.0', message: 'Ogiltigt värde.' }]),
    });

    const tooMany = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const many = await prices(`company=10001&ids=${tooMany.join(',')}`, kund);
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ fields: [{ path: 'ids', message: 'Värdet är för stort.' }] });

    const none = await prices('ids=', kund);
    expect(none.statusCode).toBe(400);
    const paths = none.json<{ fields: { path: string }[] }>().fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['company', 'ids']));
  });
});
