import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartItems, carts, products } from '../../server/db/schema';
import type { Cart } from '../../contract/cart';
import { bearer, createClockedApp, createTestApp, DEMO, login, SEED_NOW, type TestApp } from './helpers';

let base: TestApp;
let app: FastifyInstance;
let kund: string;
let personal: string;
let admin: string;
const clock = { now: SEED_NOW };

type P = typeof products.$inferSelect;
let whole: P[];
let loose: P;
let food: P;
let other: P;
let withReplacement: P;

beforeAll(async () => {
  base = await createTestApp();
  app = await createClockedApp(base, clock);
  [kund, personal, admin] = await Promise.all([
    login(base, DEMO.kund),
    login(base, DEMO.personal),
    login(base, DEMO.admin),
  ]);
  const { db } = base.services.database;
  const current = and(eq(products.discontinued, false), isNull(products.expiresAt));
  whole = await db
    .select()
    .from(products)
    .where(and(current, eq(products.wholeUnitsOnly, true), eq(products.unit, 'piece')))
    .orderBy(products.sku);
  loose = (
    await db
      .select()
      .from(products)
      .where(and(current, eq(products.wholeUnitsOnly, false)))
      .limit(1)
  )[0]!;
  food = whole.find((p) => p.vatRate === 12)!;
  other = whole.find((p) => p.vatRate === 25)!;
  // A product taken out of the range with a replacement (the 60-product test seed may have none of its own).
  const retired = whole.at(-1)!;
  withReplacement = (
    await db
      .update(products)
      .set({ discontinued: true, replacementProductId: whole.at(-2)!.id })
      .where(eq(products.id, retired.id))
      .returning()
  )[0]!;
  whole = whole.slice(0, -1);
  if (!loose || !food || !other || !withReplacement) throw new Error('seed lacks a product kind');
});
afterAll(async () => {
  await app.close();
  await base.closeAll();
});

const url = (code = '10001', rest = '') => `/v1/company/${code}/cart${rest}`;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  token = kund,
  payload?: unknown,
  key?: string,
) =>
  app.inject({
    method,
    url: path,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const clear = async (code = '10001', token = kund) =>
  expect((await call('DELETE', url(code), token)).statusCode).toBe(200);
const put = (productId: string, quantity: number, extra: Record<string, unknown> = {}, code = '10001') =>
  call('PUT', url(code, '/product'), kund, { productId, quantity, ...extra });

describe('GET/POST/DELETE the cart', () => {
  it('answers an empty cart with zero totals, a suggested date and no notices', async () => {
    const res = await call('GET', url());
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart).toMatchObject({ companyCode: '10001', items: [], itemCount: 0, deliveryDate: null, messages: [] });
    expect(cart.totals).toMatchObject({ subtotal: 0, vat: 0, shipping: 0, total: 0, vatLines: [] });
    expect(cart.canCheckout).toBe(false);
    expect(cart.nextDeliveryDate?.date).toMatch(/^2026-11-\d\d$/);
  });

  it('creates once: 201 with a client id, then 200 with the same cart', async () => {
    const id = randomUUID();
    const first = await call('POST', url('10002'), kund, { id });
    expect(first.statusCode).toBe(201);
    expect(first.json<Cart>().id).toBe(id);
    const again = await call('POST', url('10002'), kund, { id: randomUUID() });
    expect(again.statusCode).toBe(200);
    expect(again.json<Cart>().id).toBe(id);
  });

  it('refuses without a token (401) and for a company the user is not linked to (403)', async () => {
    expect((await app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    const other = await call('GET', url('10003'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'Forbidden', message: 'Du har inte behörighet till det här.' });
    expect((await call('PUT', url('10003', '/product'), kund, { productId: food.id, quantity: 1 })).statusCode).toBe(
      403,
    );
  });

  it('empties the cart with DELETE: lines and date go, the cart stays', async () => {
    await put(food.id, 2);
    const before = (await call('GET', url())).json<Cart>();
    const res = await call('DELETE', url());
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>()).toMatchObject({ id: before.id, items: [], deliveryDate: null });
  });
});

describe('several server instances on one database', () => {
  it('never answers a kept cart after another instance changed it', async () => {
    await clear();
    // `app` keeps the answer of this GET; `base` is another instance on the same database.
    expect((await call('GET', url())).json<Cart>().items).toEqual([]);
    const added = await base.inject({
      method: 'PUT',
      url: url('10001', '/product'),
      headers: bearer(kund),
      payload: { productId: food.id, quantity: 3 },
    });
    expect(added.statusCode).toBe(200);
    const seen = (await call('GET', url())).json<Cart>();
    expect(seen.items.map((i) => [i.productId, i.quantity])).toEqual([[food.id, 3]]);
  });
});

describe('PUT …/product and …/products', () => {
  it('adds to the line of the same product and unit, and makes a new line for another unit', async () => {
    await clear();
    const first = (await put(food.id, 2)).json<Cart>();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ lineNumber: 1, productId: food.id, quantity: 2, unit: 'piece' });
    expect(first.items[0]!.product).toMatchObject({
      id: food.id,
      sku: food.sku,
      slug: food.slug,
      name: food.name,
      wholeUnitsOnly: true,
      discontinued: false,
      expired: false,
      replacement: null,
      vatRate: 12,
    });
    const second = (await put(food.id, 3)).json<Cart>();
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.quantity).toBe(5);
    const carton = (await put(food.id, 1, { unit: 'carton' })).json<Cart>();
    expect(carton.items.map((i) => [i.lineNumber, i.unit, i.quantity])).toEqual([
      [1, 'piece', 5],
      [2, 'carton', 1],
    ]);
    // A carton of a product priced per piece costs piecesPerCarton pieces.
    expect(carton.items[1]!.aPrice).toBe(carton.items[0]!.aPrice * Math.max(1, food.piecesPerCarton));
  });

  it('rounds a quantity of a whole-units product with a Swedish notice, and keeps decimals of a loose one', async () => {
    await clear();
    const res = await put(food.id, 2.4);
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.items[0]!.quantity).toBe(2);
    expect(cart.messages).toContainEqual(
      expect.objectContaining({
        code: 'QuantityRounded',
        severity: 'info',
        lineNumber: 1,
        message: 'Artikeln säljs bara i hela enheter. Antalet har avrundats till 2.',
      }),
    );
    const third = whole.find((p) => p.id !== food.id)!;
    const small = (await put(third.id, 0.2)).json<Cart>();
    expect(small.items.find((i) => i.productId === third.id)!.quantity).toBe(1);
    const weighed = (await put(loose.id, 1.2345)).json<Cart>();
    expect(weighed.items.find((i) => i.productId === loose.id)!.quantity).toBe(1.235);
    expect(weighed.messages.filter((m) => m.code === 'QuantityRounded')).toHaveLength(0);
  });

  it("prices each line at the company's price (lowest of list, agreement, campaign, tender)", async () => {
    await clear();
    const ids = whole.slice(0, 30).map((p) => p.id);
    const res = await call('PUT', url('10001', '/products'), kund, {
      items: ids.map((productId) => ({ productId, quantity: 3 })),
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    const prices = (
      await base.inject({
        method: 'GET',
        url: `/v1/products/prices?company=10001&ids=${ids.join(',')}`,
        headers: bearer(kund),
      })
    ).json<{ data: { productId: string; price: number; kind: string; listPrice: number }[] }>().data;
    expect(prices.some((p) => p.kind !== 'list')).toBe(true);
    for (const item of cart.items) {
      const price = prices.find((p) => p.productId === item.productId)!;
      expect(item.aPrice).toBe(price.price);
      expect(item.priceKind).toBe(price.kind);
      expect(item.aPrice).toBeLessThanOrEqual(item.listPrice);
      expect(item.rowTotal).toBe(Math.round(item.aPrice * item.quantity));
    }
    expect(cart.items.map((i) => i.lineNumber)).toEqual(ids.map((_, i) => i + 1));
  });

  it('computes VAT per rate (12 % food, 25 % other goods), shipping below 3 000 kr and the total', async () => {
    await clear();
    const cart = (
      await call('PUT', url('10001', '/products'), kund, {
        items: [
          { productId: food.id, quantity: 1 },
          { productId: other.id, quantity: 1 },
        ],
      })
    ).json<Cart>();
    const foodLine = cart.items.find((i) => i.productId === food.id)!;
    const otherLine = cart.items.find((i) => i.productId === other.id)!;
    const t = cart.totals;
    expect(t.subtotal).toBe(foodLine.rowTotal + otherLine.rowTotal);
    expect(t.subtotal).toBeLessThan(300_000);
    expect(t.shipping).toBe(29_500);
    expect(t.leftToFreeShipping).toBe(300_000 - t.subtotal);
    expect(t.vatLines.map((l) => l.rate)).toEqual([12, 25]);
    // Shipping is spread over the rates by amount; the bases add up to subtotal + shipping.
    expect(t.vatLines.reduce((s, l) => s + l.base, 0)).toBe(t.subtotal + t.shipping);
    for (const l of t.vatLines) expect(l.vat).toBe(Math.round((l.base * l.rate) / 100));
    expect(t.vat).toBe(t.vatLines.reduce((s, l) => s + l.vat, 0));
    expect(t.total).toBe(t.subtotal - t.discount + t.shipping + t.otherCosts + t.vat);

    // Enough for free shipping.
    const big = Math.ceil(300_000 / otherLine.aPrice) + 1;
    const free = (
      await call('PATCH', url('10001', `/item/${otherLine.itemId}`), kund, { quantity: Math.min(big, 10_000) })
    ).json<Cart>();
    if (free.totals.subtotal >= 300_000) {
      expect(free.totals.shipping).toBe(0);
      expect(free.totals.leftToFreeShipping).toBe(0);
    }
  });

  it('answers 400 naming an unknown product id, and 400 with Swedish field messages for bad input', async () => {
    const unknown = randomUUID();
    const res = await put(unknown, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UnknownProduct',
      message: `Artikeln med id ${unknown} finns inte.`,
      fields: [{ path: 'productId', message: `Artikeln med id ${unknown} finns inte.` }],
    });
    const many = await call('PUT', url('10001', '/products'), kund, {
      items: [
        { productId: food.id, quantity: 1 },
        { productId: unknown, quantity: 1 },
      ],
    });
    expect(many.statusCode).toBe(400);
    expect(many.json<{ fields: { path: string }[] }>().fields[0]!.path).toBe('items.1.productId');

    const bad = [
      [{ productId: food.id, quantity: 0 }, 'quantity', 'Värdet är för litet.'],
      [{ productId: food.id, quantity: 10_001 }, 'quantity', 'Värdet är för stort.'],
      [{ productId: food.id, quantity: 'två' }, 'quantity', 'Fältet måste vara ett tal.'],
      [{ quantity: 1 }, 'productId', 'Fältet är obligatoriskt.'],
      [{ productId: 'abc', quantity: 1 }, 'productId', 'Ogiltigt värde.'],
      [{ productId: food.id, quantity: 1, unit: 'pall' }, 'unit', 'Ogiltigt värde.'],
    ] as const;
    for (const [payload, path, message] of bad) {
      const r = await call('PUT', url('10001', '/product'), kund, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json<{ fields: { path: string; message: string }[] }>().fields, r.body).toContainEqual({
        path,
        message,
      });
    }
    // Adding to a line beyond the largest quantity is refused too.
    await clear();
    await put(food.id, 9_999);
    expect((await put(food.id, 2)).statusCode).toBe(400);
  });
});

describe('client ids and Idempotency-Key', () => {
  it('creates a line with the client id; a resend changes nothing; the id for another product is 409', async () => {
    await clear();
    const itemId = randomUUID();
    const first = (await put(food.id, 2, { itemId })).json<Cart>();
    expect(first.items[0]).toMatchObject({ itemId, quantity: 2 });
    const resend = (await put(food.id, 2, { itemId })).json<Cart>();
    expect(resend.items).toHaveLength(1);
    expect(resend.items[0]).toMatchObject({ itemId, quantity: 2 });
    const taken = await put(other.id, 1, { itemId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ClientIdTaken' });
  });

  it('answers a replayed key with the stored cart without adding again', async () => {
    await clear();
    const key = randomUUID();
    const first = await call('PUT', url('10001', '/product'), kund, { productId: food.id, quantity: 4 }, key);
    const replay = await call('PUT', url('10001', '/product'), kund, { productId: food.id, quantity: 4 }, key);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await call('GET', url())).json<Cart>().items[0]!.quantity).toBe(4);
    const reused = await call('PUT', url('10001', '/product'), kund, { productId: food.id, quantity: 5 }, key);
    expect(reused.statusCode).toBe(422);
  });
});

describe('PATCH and DELETE lines', () => {
  it('sets a quantity, merges on a unit change, and removes with 0', async () => {
    await clear();
    await put(food.id, 2);
    const cart = (await put(food.id, 1, { unit: 'carton' })).json<Cart>();
    const [piece, carton] = cart.items;
    const set = (await call('PATCH', url('10001', `/item/${piece!.itemId}`), kund, { quantity: 7.6 })).json<Cart>();
    expect(set.items.find((i) => i.itemId === piece!.itemId)!.quantity).toBe(8);
    expect(set.messages.map((m) => m.code)).toContain('QuantityRounded');
    const merged = (
      await call('PATCH', url('10001', `/item/${carton!.itemId}`), kund, { quantity: 2, unit: 'piece' })
    ).json<Cart>();
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0]).toMatchObject({ itemId: piece!.itemId, quantity: 10 });
    const removed = (await call('PATCH', url('10001', `/item/${piece!.itemId}`), kund, { quantity: 0 })).json<Cart>();
    expect(removed.items).toHaveLength(0);
  });

  it('removes by line number (numbers stay stable), by several numbers or ids, and all', async () => {
    await clear();
    const cart = (
      await call('PUT', url('10001', '/products'), kund, {
        items: whole.slice(0, 5).map((p) => ({ productId: p.id, quantity: 1 })),
      })
    ).json<Cart>();
    const after = (await call('DELETE', url('10001', '/item/2'))).json<Cart>();
    expect(after.items.map((i) => i.lineNumber)).toEqual([1, 3, 4, 5]);
    const added = (await put(food.id === whole[0]!.id ? whole[6]!.id : food.id, 1)).json<Cart>();
    expect(added.items.at(-1)!.lineNumber).toBe(6);
    const some = (
      await call('DELETE', url('10001', '/items'), kund, { lineNumbers: [1, 99], itemIds: [cart.items[2]!.itemId] })
    ).json<Cart>();
    expect(some.items.map((i) => i.lineNumber)).toEqual([4, 5, 6]);
    const byId = (await call('DELETE', url('10001', `/item/${some.items[0]!.itemId}`))).json<Cart>();
    expect(byId.items.map((i) => i.lineNumber)).toEqual([5, 6]);
    const none = await call('DELETE', url('10001', '/items'), kund, {});
    expect(none.statusCode).toBe(400);
    expect((await call('DELETE', url('10001', '/items'), kund, { all: true })).json<Cart>().items).toEqual([]);
  });

  it("answers 404 for a line that is not in the user's cart, also another user's line", async () => {
    await clear('10001', personal);
    const staffCart = (
      await call('PUT', url('10001', '/product'), personal, { productId: food.id, quantity: 1 })
    ).json<Cart>();
    const theirs = staffCart.items[0]!.itemId;
    for (const res of [
      await call('PATCH', url('10001', `/item/${theirs}`), kund, { quantity: 3 }),
      await call('PATCH', url('10001', `/item/${randomUUID()}`), kund, { quantity: 3 }),
      await call('PATCH', url('10001', '/item/not-an-id'), kund, { quantity: 3 }),
      await call('DELETE', url('10001', `/item/${theirs}`)),
      await call('DELETE', url('10001', '/item/999')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CartItemNotFound', message: 'Raden finns inte i varukorgen.' });
    }
    const still = (await call('GET', url('10001'), personal)).json<Cart>();
    expect(still.items[0]).toMatchObject({ itemId: theirs, quantity: 1 });
  });

  it("does not find the user's own line through their cart in another company (scope by construction)", async () => {
    await clear('10001');
    const line = (await put(food.id, 2)).json<Cart>().items[0]!;
    // kund is a user of 10002 as well: the line's id and number are not that cart's.
    for (const res of [
      await call('PATCH', url('10002', `/item/${line.itemId}`), kund, { quantity: 5 }),
      await call('DELETE', url('10002', `/item/${line.itemId}`)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CartItemNotFound' });
    }
    const removed = await call('DELETE', url('10002', '/items'), kund, { itemIds: [line.itemId] });
    expect(removed.statusCode).toBe(200);
    const still = (await call('GET', url('10001'))).json<Cart>();
    expect(still.items).toEqual([expect.objectContaining({ itemId: line.itemId, quantity: 2 })]);
    await clear('10001');
  });
});

describe('notices about products and the company', () => {
  it('flags a discontinued product and offers its replacement; checkout is blocked', async () => {
    await clear();
    const cart = (await put(withReplacement.id, 1)).json<Cart>();
    const line = cart.items[0]!;
    expect(line.product.discontinued).toBe(true);
    expect(line.product.replacement?.id).toBe(withReplacement.replacementProductId);
    const notice = cart.messages.find((m) => m.code === 'ProductDiscontinuedWithReplacement')!;
    expect(notice).toMatchObject({ severity: 'warning', lineNumber: 1, productId: withReplacement.id });
    expect(notice.message).toContain(withReplacement.name);
    expect(notice.message).toContain(line.product.replacement!.name);
    expect(cart.canCheckout).toBe(false);
  });

  it('flags an expired product', async () => {
    await clear();
    const { db } = base.services.database;
    const target = whole[10]!;
    await db.update(products).set({ expiresAt: '2026-11-01' }).where(eq(products.id, target.id));
    try {
      const cart = (await put(target.id, 1)).json<Cart>();
      expect(cart.items[0]!.product).toMatchObject({ expired: true, expiresAt: '2026-11-01' });
      expect(cart.messages.map((m) => m.code)).toContain('ProductExpired');
    } finally {
      await db.update(products).set({ expiresAt: null }).where(eq(products.id, target.id));
    }
  });

  it('tells that a company without delivery routes cannot order, and one without users cannot shop', async () => {
    const noRoutes = (await call('GET', url('10026'), personal)).json<Cart>();
    expect(noRoutes.messages).toContainEqual(
      expect.objectContaining({
        code: 'NoDeliveryRoutes',
        message: 'Företaget saknar leveransturer och kan inte beställa. Kontakta din säljare.',
      }),
    );
    expect(noRoutes.nextDeliveryDate).toBeNull();
    const date = await call('PUT', url('10026', '/delivery-date'), personal, { deliveryDate: '2026-11-24' });
    expect(date.statusCode).toBe(409);
    expect(date.json()).toMatchObject({ code: 'NoDeliveryRoutes' });
    const noUsers = (await call('GET', url('10030'), personal)).json<Cart>();
    expect(noUsers.messages).toContainEqual(
      expect.objectContaining({
        code: 'CompanyHasNoUsers',
        message: 'Företaget har inga användare kopplade och kan inte handla.',
      }),
    );
  });
});

describe('PUT …/delivery-date', () => {
  it('takes a date from the calendar, refuses a day without delivery, and validates the format', async () => {
    await clear();
    const calendar = (await call('GET', '/v1/company/10001/calendar')).json<{
      data: { date: string; deadline: string }[];
    }>();
    const chosen = calendar.data[1]!;
    const res = await call('PUT', url('10001', '/delivery-date'), kund, { deliveryDate: chosen.date });
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>()).toMatchObject({ deliveryDate: chosen.date, deadline: { date: chosen.date } });
    const sunday = await call('PUT', url('10001', '/delivery-date'), kund, { deliveryDate: '2026-11-29' });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json()).toMatchObject({
      code: 'DeliveryDateNotAvailable',
      fields: [{ path: 'deliveryDate' }],
    });
    const past = await call('PUT', url('10001', '/delivery-date'), kund, { deliveryDate: '2026-11-10' });
    expect(past.statusCode).toBe(400);
    const bad = await call('PUT', url('10001', '/delivery-date'), kund, { deliveryDate: '24/11' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'ValidationError' });
    expect(bad.json<{ fields: unknown[] }>().fields).toContainEqual({
      path: 'deliveryDate',
      message: 'Ange ett giltigt datum (ÅÅÅÅ-MM-DD).',
    });
  });

  it("keeps carts apart: admin's 10003 cart is not kund's", async () => {
    const res = await call('GET', url('10003'), admin);
    expect(res.statusCode).toBe(200);
    const { db } = base.services.database;
    const rows = await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, res.json<Cart>().id));
    expect(rows).toHaveLength(1);
    expect((await db.select().from(cartItems).where(eq(cartItems.cartId, res.json<Cart>().id))).length).toBe(0);
  });
});
