import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { FastifyInstance } from 'fastify';
import { companies, orderRows, orders, products } from '../../server/db/schema';
import type { Cart } from '../../contract/cart';
import type { OrderDetail, OrderHistoryResponse, PopularArticlesResponse } from '../../contract/orders';
import { money } from '../../server/modules/orders/pdf';
import { bearer, createClockedApp, createTestApp, DEMO, login, SEED_NOW, type TestApp } from './helpers';

let base: TestApp;
let app: FastifyInstance;
let kund: string;
let personal: string;
let admin: string;
let companyIds: Map<string, string>;
const clock = { now: SEED_NOW };

beforeAll(async () => {
  base = await createTestApp();
  app = await createClockedApp(base, clock);
  [kund, personal, admin] = await Promise.all([
    login(base, DEMO.kund),
    login(base, DEMO.personal),
    login(base, DEMO.admin),
  ]);
  const rows = await base.services.database.db.select({ id: companies.id, code: companies.code }).from(companies);
  companyIds = new Map(rows.map((r) => [r.code, r.id]));
});
afterAll(async () => {
  await app.close();
  await base.closeAll();
});

const get = (url: string, token = kund) => app.inject({ method: 'GET', url, headers: bearer(token) });
const history = async (query = '', code = '10001', token = kund) => {
  const res = await get(`/v1/company/${code}/order-history${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderHistoryResponse>();
};
const seededOrders = (code: string) =>
  base.services.database.db
    .select()
    .from(orders)
    .where(eq(orders.companyId, companyIds.get(code)!))
    .orderBy(desc(orders.orderDate), desc(orders.orderNumber));

describe('GET …/order-history', () => {
  it("pages the company's orders newest first", async () => {
    const all = await seededOrders('10001');
    expect(all.length).toBeGreaterThan(40);
    const first = await history('?pageSize=10');
    expect(first).toMatchObject({ totalRecords: all.length, currentPage: 1, totalPages: Math.ceil(all.length / 10) });
    expect(first.data.map((o) => o.orderNumber)).toEqual(all.slice(0, 10).map((o) => o.orderNumber));
    const third = await history('?pageSize=10&page=3');
    expect(third.data.map((o) => o.orderNumber)).toEqual(all.slice(20, 30).map((o) => o.orderNumber));
    const o = first.data[0]!;
    expect(o).toMatchObject({ total: all[0]!.total, deliveryDate: all[0]!.deliveryDate, status: all[0]!.status });
    expect(o.rowCount).toBeGreaterThan(0);
    const beyond = await history('?page=999');
    expect(beyond.data).toEqual([]);
  });

  it('filters by status, order dates (Stockholm days) and an order number or reference', async () => {
    const all = await seededOrders('10001');
    const received = await history('?status=received&pageSize=100');
    expect(received.totalRecords).toBe(all.filter((o) => o.status === 'received').length);
    expect(received.data.every((o) => o.status === 'received')).toBe(true);

    const ranged = await history('?from=2026-10-01&to=2026-10-31&pageSize=100');
    const inOctober = all.filter((o) => {
      const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(o.orderDate);
      return day >= '2026-10-01' && day <= '2026-10-31';
    });
    expect(ranged.totalRecords).toBe(inOctober.length);

    const target = all[5]!;
    const byNumber = await history(`?q=${target.orderNumber}`);
    expect(byNumber.data.map((o) => o.orderNumber)).toEqual([target.orderNumber]);
    const withRef = all.find((o) => o.reference)!;
    const word = withRef.reference!.split(' ')[0]!;
    const byRef = await history(`?q=${encodeURIComponent(word.toLowerCase())}&pageSize=100`);
    expect(byRef.data.map((o) => o.orderNumber)).toContain(withRef.orderNumber);
    expect(byRef.totalRecords).toBe(
      all.filter(
        (o) =>
          o.orderNumber.startsWith(word) ||
          o.reference?.toLowerCase().includes(word.toLowerCase()) ||
          o.theirReference?.toLowerCase().includes(word.toLowerCase()),
      ).length,
    );
  });

  it('refuses another company (403), no token (401) and bad queries (400)', async () => {
    expect((await get('/v1/company/10003/order-history')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/v1/company/10001/order-history' })).statusCode).toBe(401);
    for (const query of ['?page=0', '?pageSize=101', '?status=lost', '?from=2026-02-30', '?to=igår']) {
      const res = await get(`/v1/company/10001/order-history${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ValidationError' });
    }
    // Staff may read any company's history.
    expect((await history('', '10003', personal)).totalRecords).toBeGreaterThan(0);
  });
});

describe('GET …/order/:orderNumber', () => {
  it('answers the order with address, rows at A-price and totals', async () => {
    const [order] = await seededOrders('10001');
    const rows = await base.services.database.db.select().from(orderRows).where(eq(orderRows.orderId, order!.id));
    const res = await get(`/v1/company/10001/order/${order!.orderNumber}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<OrderDetail>();
    expect(detail).toMatchObject({
      orderNumber: order!.orderNumber,
      companyCode: '10001',
      address: { name: order!.addressName, street: order!.street, postalCode: order!.postalCode, city: order!.city },
      totals: {
        subtotal: order!.subtotal,
        vat: order!.vat,
        shipping: order!.shipping,
        discount: order!.discount,
        otherCosts: order!.otherCosts,
        total: order!.total,
        vatLines: order!.vatLines,
      },
    });
    expect(detail.rows).toHaveLength(rows.length);
    expect(detail.rows.reduce((s, r) => s + r.rowTotal, 0)).toBe(order!.subtotal);
    for (const r of detail.rows) expect(r.rowTotal).toBe(Math.round(r.aPrice * r.quantity));
  });

  it("answers 404 OrderDocumentNotFound for an unknown number and for another company's order", async () => {
    const [theirs] = await seededOrders('10003');
    for (const url of [
      `/v1/company/10001/order/${theirs!.orderNumber}`,
      '/v1/company/10001/order/99999999',
      '/v1/company/10001/order/<script>',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'OrderDocumentNotFound', message: 'Orderdokumentet kunde inte hittas.' });
    }
    // Through the company it belongs to, kund is not even allowed in.
    expect((await get(`/v1/company/10003/order/${theirs!.orderNumber}`)).statusCode).toBe(403);
    expect((await get(`/v1/company/10003/order/${theirs!.orderNumber}`, admin)).statusCode).toBe(200);
  });
});

describe('GET /v1/order/:orderNumber/export/pdf', () => {
  it('is a PDF with the company, the order number, the rows and the totals, Swedish letters intact', async () => {
    const [order] = await seededOrders('10001');
    const res = await get(`/v1/order/${order!.orderNumber}/export/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-${order!.orderNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text: raw } = await extractText(pdf, { mergePages: true });
    // Amounts are grouped with a no-break space; the extracted text may carry either kind.
    const plain = (s: string) => s.replace(/\s+/g, ' ');
    const text = plain(raw);
    const [company] = await base.services.database.db.select().from(companies).where(eq(companies.code, '10001'));
    expect(text).toContain(`Order ${order!.orderNumber}`);
    expect(text).toContain(company!.name); // "Brasseriet Östermalm AB"
    expect(text).toContain('Att betala inkl. moms');
    expect(text).toContain(plain(money(order!.total)));
    expect(text).toContain(plain(money(order!.subtotal)));
    expect(text).toContain(`Summa exkl. moms ${plain(money(order!.subtotal))}`);
    const [row] = await base.services.database.db.select().from(orderRows).where(eq(orderRows.orderId, order!.id));
    expect(text).toContain(row!.sku);
  });

  it('answers 404 for an order of a company the user may not see, and 401 without a token', async () => {
    const [theirs] = await seededOrders('10003');
    const res = await get(`/v1/order/${theirs!.orderNumber}/export/pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'OrderDocumentNotFound' });
    expect((await get('/v1/order/1/export/pdf')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/v1/order/${theirs!.orderNumber}/export/pdf` })).statusCode).toBe(
      401,
    );
    expect((await get(`/v1/order/${theirs!.orderNumber}/export/pdf`, personal)).statusCode).toBe(200);
  });
});

describe('GET …/popular-articles', () => {
  it("lists the company's most ordered products with counts and today's data", async () => {
    const res = await get('/v1/company/10001/popular-articles?limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json<PopularArticlesResponse>();
    expect(body.to).toBe('2026-11-20');
    expect(body.from).toBe('2025-11-20');
    expect(body.data).toHaveLength(5);
    const counts = body.data.map((a) => a.orderCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const top = body.data[0]!;
    // Check the top one against the stored rows.
    const { db } = base.services.database;
    const theirOrders = (await seededOrders('10001')).map((o) => o.id);
    const rows = await db
      .select({ orderId: orderRows.orderId, quantity: orderRows.quantity, unit: orderRows.unit })
      .from(orderRows)
      .where(and(inArray(orderRows.orderId, theirOrders), eq(orderRows.productId, top.product.id)));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(top.orderCount);
    expect(top.price).toBeGreaterThan(0);
    expect(top.product.name).toBeTruthy();
    expect(top.unit).toBe(top.product.unit);

    const narrow = (
      await get('/v1/company/10001/popular-articles?from=2026-11-20&to=2026-11-20&limit=100')
    ).json<PopularArticlesResponse>();
    expect(narrow.data.length).toBeLessThan(body.data.length + 100);
    expect((await get('/v1/company/10003/popular-articles')).statusCode).toBe(403);
    expect((await get('/v1/company/10001/popular-articles?limit=0')).statusCode).toBe(400);
  });
});

describe('POST …/order/:orderNumber/reorder', () => {
  it("puts the order's rows into the cart and leaves out discontinued products with a message", async () => {
    const { db } = base.services.database;
    await app.inject({ method: 'DELETE', url: '/v1/company/10001/cart', headers: bearer(kund) });
    const all = await seededOrders('10001');
    const order = all.find((o) => o.status === 'received')!;
    const rows = await db.select().from(orderRows).where(eq(orderRows.orderId, order.id)).orderBy(orderRows.lineNumber);
    const gone = rows[0]!;
    await db.update(products).set({ discontinued: true }).where(eq(products.id, gone.productId!));
    try {
      const key = randomUUID();
      const res = await app.inject({
        method: 'POST',
        url: `/v1/company/10001/order/${order.orderNumber}/reorder`,
        headers: { ...bearer(kund), 'idempotency-key': key },
      });
      expect(res.statusCode).toBe(200);
      const cart = res.json<Cart>();
      const expected = rows.filter((r) => r.productId !== gone.productId);
      expect(cart.items.map((i) => [i.productId, i.quantity, i.unit])).toEqual(
        expected.map((r) => [r.productId, Number(r.quantity), r.unit]),
      );
      expect(cart.messages).toContainEqual({
        code: 'ReorderSkipped',
        severity: 'info',
        productId: gone.productId,
        message: `${gone.name} (${gone.sku}) finns inte längre i sortimentet och lades inte i varukorgen.`,
      });
      // A replay of the same key adds nothing more.
      const replay = await app.inject({
        method: 'POST',
        url: `/v1/company/10001/order/${order.orderNumber}/reorder`,
        headers: { ...bearer(kund), 'idempotency-key': key },
      });
      expect(replay.headers['idempotency-replayed']).toBe('true');
      const now = (await get('/v1/company/10001/cart')).json<Cart>();
      expect(now.items.map((i) => i.quantity)).toEqual(cart.items.map((i) => i.quantity));
    } finally {
      await db.update(products).set({ discontinued: false }).where(eq(products.id, gone.productId!));
    }
    const [theirs] = await seededOrders('10003');
    const other = await app.inject({
      method: 'POST',
      url: `/v1/company/10001/order/${theirs!.orderNumber}/reorder`,
      headers: bearer(kund),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'OrderDocumentNotFound' });
  });
});
