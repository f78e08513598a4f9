import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, orderRows, orders, products } from '../../server/db/schema';
import type { CalendarResponse } from '../../contract/calendar';
import type { Cart } from '../../contract/cart';
import type { CheckoutResponse, OrderDetail, OrderHistoryResponse } from '../../contract/orders';
import { stockholmInstant } from '../../server/modules/cart/delivery';
import { bearer, createClockedApp, createTestApp, DEMO, login, SEED_NOW, type TestApp } from './helpers';

let base: TestApp;
let app: FastifyInstance;
let kund: string;
let personal: string;
let ny: string;
let kundId: string;
let nyId: string;
let personalName: string;
let kundName: string;
let goods: (typeof products.$inferSelect)[];
const clock = { now: SEED_NOW };

beforeAll(async () => {
  base = await createTestApp();
  app = await createClockedApp(base, clock);
  [kund, personal, ny] = await Promise.all([login(base, DEMO.kund), login(base, DEMO.personal), login(base, DEMO.ny)]);
  const me = async (token: string) =>
    (await base.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(token) })).json<{
      id: string;
      firstName: string;
      lastName: string;
    }>();
  const [k, p, n] = await Promise.all([me(kund), me(personal), me(ny)]);
  kundId = k.id;
  nyId = n.id;
  kundName = `${k.firstName} ${k.lastName}`;
  personalName = `${p.firstName} ${p.lastName}`;
  goods = await base.services.database.db
    .select()
    .from(products)
    .where(and(eq(products.discontinued, false), isNull(products.expiresAt), eq(products.wholeUnitsOnly, true)))
    .orderBy(products.sku);
});
afterAll(async () => {
  await app.close();
  await base.closeAll();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  key?: string,
) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const checkout = (code: string, token = kund, payload: Record<string, unknown> = {}, key?: string) =>
  inject('POST', `/v1/checkout/company/${code}/cart`, token, payload, key);

/** Fills the user's cart for a company with `n` products (from `offset`) and, unless told not to, the next date. */
async function fill(code: string, token = kund, { n = 3, offset = 0, date = true } = {}): Promise<Cart> {
  await inject('DELETE', `/v1/company/${code}/cart`, token);
  const items = goods.slice(offset, offset + n).map((p, i) => ({ productId: p.id, quantity: i + 1 }));
  let cart = (await inject('PUT', `/v1/company/${code}/cart/products`, token, { items })).json<Cart>();
  if (date) {
    const calendar = (await inject('GET', `/v1/company/${code}/calendar`, token)).json<CalendarResponse>();
    if (calendar.data[0]) {
      cart = (
        await inject('PUT', `/v1/company/${code}/cart/delivery-date`, token, { deliveryDate: calendar.data[0].date })
      ).json<Cart>();
    }
  }
  return cart;
}

const expectError = (
  res: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  message?: string | RegExp,
) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { code: string; message: string };
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
};

describe('POST /v1/checkout/company/:companyCode/cart', () => {
  it('turns the cart into an order at the A-prices, with its totals, and empties the cart', async () => {
    clock.now = SEED_NOW;
    const cart = await fill('10001');
    expect(cart.canCheckout).toBe(true);
    const [{ max }] = (await base.services.database.db
      .select({ max: sql<string>`max(${orders.orderNumber}::bigint)` })
      .from(orders)) as [{ max: string }];
    const res = await checkout('10001', kund, { reference: 'Köket v. 47', theirReference: 'Åsa Öberg' });
    expect(res.statusCode).toBe(201);
    const { order, cart: after } = res.json<CheckoutResponse>();
    expect(order.orderNumber).toBe(String(Number(max) + 1));
    expect(order).toMatchObject({
      orderType: 'web',
      status: 'pending',
      deliveryDate: cart.deliveryDate,
      reference: 'Köket v. 47',
      theirReference: 'Åsa Öberg',
      userName: kundName,
      placedBy: null,
      companyCode: '10001',
      rowCount: 3,
    });
    expect(order.orderDate).toBe(SEED_NOW.toISOString());
    expect(order.rows.map((r) => [r.lineNumber, r.productId, r.quantity, r.aPrice, r.rowTotal])).toEqual(
      cart.items.map((i, n) => [n + 1, i.productId, i.quantity, i.aPrice, i.rowTotal]),
    );
    const { freeShippingFrom: _f, leftToFreeShipping: _l, ...totals } = cart.totals;
    expect(order.totals).toEqual(totals);
    expect(order.total).toBe(cart.totals.total);
    const [company] = await base.services.database.db.select().from(companies).where(eq(companies.code, '10001'));
    expect(order.address).toEqual({
      name: company!.name,
      street: company!.street,
      postalCode: company!.postalCode,
      city: company!.city,
    });
    expect(after).toMatchObject({ items: [], deliveryDate: null, canCheckout: false });

    const history = (
      await inject('GET', '/v1/company/10001/order-history?pageSize=1', kund)
    ).json<OrderHistoryResponse>();
    expect(history.data[0]!.orderNumber).toBe(order.orderNumber);
    const detail = (await inject('GET', `/v1/company/10001/order/${order.orderNumber}`, kund)).json<OrderDetail>();
    expect(detail).toEqual(order);
  });

  it('takes a delivery address of its own', async () => {
    await fill('10001');
    const address = { name: 'Restaurang Öst, bakdörren', street: 'Ågatan 3', postalCode: '11122', city: 'Göteborg' };
    const res = await checkout('10001', kund, { address });
    expect(res.statusCode).toBe(201);
    expect(res.json<CheckoutResponse>().order.address).toEqual(address);
  });

  it('never places two orders for one Idempotency-Key, and refuses an emptied cart without one', async () => {
    await fill('10001');
    const { db } = base.services.database;
    const [{ n: before }] = (await db.select({ n: count() }).from(orders)) as [{ n: number }];
    const key = randomUUID();
    const first = await checkout('10001', kund, { reference: 'En gång' }, key);
    expect(first.statusCode).toBe(201);
    const again = await checkout('10001', kund, { reference: 'En gång' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json<CheckoutResponse>().order.orderNumber).toBe(first.json<CheckoutResponse>().order.orderNumber);
    const [{ n: after }] = (await db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before + 1);
    expectError(await checkout('10001'), 409, 'CartEmpty', 'Ordern kunde inte skapas: varukorgen är tom.');
  });

  it('refuses a cart without a delivery date', async () => {
    await fill('10001', kund, { date: false });
    expectError(await checkout('10001'), 409, 'NoDeliveryDate', 'Välj en leveransdag innan du skickar beställningen.');
  });

  it('checks the deadline again at order time: refused, the date moved and named, then ordered for that date', async () => {
    clock.now = SEED_NOW;
    const cart = await fill('10001');
    const deadline = new Date(cart.deadline!.deadline);
    clock.now = new Date(deadline.getTime() + 60_000);
    const res = await checkout('10001');
    expectError(res, 409, 'DeliveryDeadlinePassed', /^Sista beställningstid för \w+dag \d+ \w+ har passerat\./);
    const moved = (await inject('GET', '/v1/company/10001/cart', kund)).json<Cart>();
    expect(moved.deliveryDate! > cart.deliveryDate!).toBe(true);
    expect(res.json<{ message: string }>().message).toContain('Kontrollera och skicka beställningen igen.');
    const ok = await checkout('10001');
    expect(ok.statusCode).toBe(201);
    expect(ok.json<CheckoutResponse>().order.deliveryDate).toBe(moved.deliveryDate);
    clock.now = SEED_NOW;
  });

  it('refuses companies that cannot order: no routes, no users, inactive', async () => {
    await fill('10026', personal);
    expectError(
      await checkout('10026', personal),
      409,
      'NoDeliveryRoutes',
      'Företaget saknar leveransturer och kan inte beställa. Kontakta din säljare.',
    );
    await fill('10030', personal);
    expectError(
      await checkout('10030', personal),
      409,
      'CompanyHasNoUsers',
      'Företaget har inga användare kopplade och kan inte handla.',
    );
    await fill('10027', personal);
    expectError(await checkout('10027', personal), 409, 'CompanyInactive', 'Företaget är inte aktivt.');
  });

  it('refuses expired and discontinued products, with and without a replacement, naming each line', async () => {
    const { db } = base.services.database;
    const cart = await fill('10001', kund, { n: 3, offset: 10 });
    const [a, b] = cart.items;
    const replacement = goods[20]!;
    const set = (id: string, values: Partial<typeof products.$inferInsert>) =>
      db.update(products).set(values).where(eq(products.id, id));
    try {
      await set(a!.productId, { expiresAt: '2026-11-01' });
      let res = await checkout('10001');
      expectError(
        res,
        409,
        'ProductExpired',
        `${a!.product.name} har passerat sitt bäst före-datum och kan inte beställas. Ta bort raden.`,
      );
      expect(res.json<{ fields: unknown[] }>().fields).toEqual([
        { path: 'items.1', message: expect.stringContaining(a!.product.name) as unknown },
      ]);

      await set(a!.productId, { replacementProductId: replacement.id });
      await set(b!.productId, { discontinued: true });
      res = await checkout('10001');
      expectError(
        res,
        409,
        'ProductExpiredWithReplacement',
        `${a!.product.name} har passerat sitt bäst före-datum. Byt till ersättningsartikeln ${replacement.name} (${replacement.sku}).`,
      );
      expect(res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual(['items.1', 'items.2']);

      await set(a!.productId, { expiresAt: null, replacementProductId: null });
      res = await checkout('10001');
      expectError(
        res,
        409,
        'ProductDiscontinued',
        `${b!.product.name} har utgått och kan inte beställas. Ta bort raden.`,
      );
      await set(b!.productId, { replacementProductId: replacement.id });
      expectError(
        await checkout('10001'),
        409,
        'ProductDiscontinuedWithReplacement',
        `${b!.product.name} har utgått. Byt till ersättningsartikeln ${replacement.name} (${replacement.sku}).`,
      );
    } finally {
      await set(a!.productId, { expiresAt: null, replacementProductId: null });
      await set(b!.productId, { discontinued: false, replacementProductId: null });
    }
    // Nothing was ordered: the cart is as it was.
    expect((await inject('GET', '/v1/company/10001/cart', kund)).json<Cart>().items).toHaveLength(3);
  });

  it('answers 500 OrderNotCreated when the order cannot be stored, and leaves the cart as it was', async () => {
    const { db } = base.services.database;
    await fill('10001');
    await db.execute(sql`alter table orders add constraint test_refuse check (reference is distinct from 'FEL')`);
    try {
      expectError(
        await checkout('10001', kund, { reference: 'FEL' }),
        500,
        'OrderNotCreated',
        'Ordern kunde inte skapas. Försök igen om en stund eller kontakta din säljare.',
      );
    } finally {
      await db.execute(sql`alter table orders drop constraint test_refuse`);
    }
    const cart = (await inject('GET', '/v1/company/10001/cart', kund)).json<Cart>();
    expect(cart.items).toHaveLength(3);
    expect(cart.deliveryDate).not.toBeNull();
  });

  it('refuses other companies, no token and bad input', async () => {
    expectError(await checkout('10003'), 403, 'Forbidden');
    expect((await app.inject({ method: 'POST', url: '/v1/checkout/company/10001/cart', payload: {} })).statusCode).toBe(
      401,
    );
    const long = await checkout('10001', kund, { reference: 'x'.repeat(51), address: { name: 'A', street: 'B' } });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ fields: { path: string; message: string }[] }>().fields).toEqual(
      expect.arrayContaining([
        { path: 'reference', message: 'Värdet är för långt.' },
        { path: 'address.postalCode', message: 'Fältet är obligatoriskt.' },
        { path: 'address.city', message: 'Fältet är obligatoriskt.' },
      ]),
    );
  });
});

describe('POST /v1/admin-checkout/cart', () => {
  it("lets staff order a customer's cart on their behalf, as a sale order marked with who placed it", async () => {
    await fill('10001');
    const body = { companyCode: '10001', customerId: kundId, reference: 'Telefonorder' };
    expectError(await inject('POST', '/v1/admin-checkout/cart', kund, body), 403, 'Forbidden');
    expectError(
      await inject('POST', '/v1/admin-checkout/cart', personal, { ...body, customerId: nyId }),
      404,
      'CustomerNotFound',
    );
    expectError(
      await inject('POST', '/v1/admin-checkout/cart', personal, { ...body, companyCode: '99999' }),
      404,
      'CompanyNotFound',
    );
    const bad = await inject('POST', '/v1/admin-checkout/cart', personal, { companyCode: '10001' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: unknown[] }>().fields).toContainEqual({
      path: 'customerId',
      message: 'Fältet är obligatoriskt.',
    });

    const key = randomUUID();
    const res = await inject('POST', '/v1/admin-checkout/cart', personal, body, key);
    expect(res.statusCode).toBe(201);
    const { order } = res.json<CheckoutResponse>();
    expect(order).toMatchObject({
      orderType: 'sale',
      userName: kundName,
      placedBy: personalName,
      reference: 'Telefonorder',
    });
    const replay = await inject('POST', '/v1/admin-checkout/cart', personal, body, key);
    expect(replay.json<CheckoutResponse>().order.orderNumber).toBe(order.orderNumber);
    // The customer's cart is empty and the customer sees the order in the company's history.
    expect((await inject('GET', '/v1/company/10001/cart', kund)).json<Cart>().items).toEqual([]);
    const seen = (await inject('GET', `/v1/company/10001/order/${order.orderNumber}`, kund)).json<OrderDetail>();
    expect(seen.placedBy).toBe(personalName);
    const rows = await base.services.database.db
      .select({ n: count() })
      .from(orderRows)
      .innerJoin(orders, eq(orders.id, orderRows.orderId))
      .where(eq(orders.orderNumber, order.orderNumber));
    expect(rows[0]!.n).toBe(3);
    expect((await inject('GET', '/v1/customer/', ny)).statusCode).toBe(200);
  });
});

it('the deadline instant helper agrees with Stockholm time', () => {
  expect(stockholmInstant('2026-03-29T03:30:00').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  expect(stockholmInstant('2026-10-25T12:00:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
});
