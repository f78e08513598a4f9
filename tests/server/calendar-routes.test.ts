import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, deliveryExceptions, deliveryRoutes, products } from '../../server/db/schema';
import type { CalendarResponse, NextDeliveryResponse } from '../../contract/calendar';
import type { Cart } from '../../contract/cart';
import { stockholmInstant } from '../../server/modules/cart/delivery';
import { bearer, createClockedApp, createTestApp, DEMO, login, SEED_NOW, type TestApp } from './helpers';

let base: TestApp;
let app: FastifyInstance;
let kund: string;
let personal: string;
let productId: string;
/** The clock every date rule of `app` reads; each test sets it. */
const clock = { now: SEED_NOW };
/** Stockholm wall-clock time → the instant the clock is set to. */
const at = (local: string) => (clock.now = stockholmInstant(local));

beforeAll(async () => {
  base = await createTestApp();
  app = await createClockedApp(base, clock);
  [kund, personal] = await Promise.all([login(base, DEMO.kund), login(base, DEMO.personal)]);
  const { db } = base.services.database;
  // 10002 gets one route with a late deadline (Monday deliveries, ordered by 23:30 the working day before) and no
  // closed days, so that times around midnight can be tested; 10001 keeps its seeded Tuesday and Thursday routes.
  const [c10002] = await db.select().from(companies).where(eq(companies.code, '10002'));
  await db.delete(deliveryRoutes).where(eq(deliveryRoutes.companyId, c10002!.id));
  await db.delete(deliveryExceptions).where(eq(deliveryExceptions.companyId, c10002!.id));
  await db.insert(deliveryRoutes).values({
    companyId: c10002!.id,
    name: 'Tur 7 måndag kväll',
    weekday: 1,
    deadlineDaysBefore: 1,
    deadlineTime: '23:30',
  });
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.discontinued, false))
    .limit(1);
  productId = product!.id;
});
afterAll(async () => {
  await app.close();
  await base.closeAll();
});

const get = <T>(path: string, token = kund) =>
  app
    .inject({ method: 'GET', url: path, headers: bearer(token) })
    .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const calendar = (code: string, query = '') => get<CalendarResponse>(`/v1/company/${code}/calendar${query}`);
const next = (code: string) => get<NextDeliveryResponse>(`/v1/company/${code}/calendar/next`);

describe('GET …/calendar', () => {
  it('lists route days with deadlines 14:00 the working day before, skipping Christmas and New Year', async () => {
    at('2026-12-22T09:00:00');
    const { status, body } = await calendar('10001', '?from=2026-12-22&to=2027-01-10');
    expect(status).toBe(200);
    expect(body.hasDeliveryRoutes).toBe(true);
    // Tue 22 Dec: deadline Mon 21 passed; Thu 24 julafton and Thu 31 nyårsafton are no delivery days;
    // Thu 7 Jan is ordered by Tue 5 Jan because Wed 6 Jan is Trettondedag jul.
    expect(body.data).toEqual([
      { date: '2026-12-29', deadline: '2026-12-28T13:00:00.000Z', deadlineLocal: '2026-12-28T14:00:00' },
      { date: '2027-01-05', deadline: '2027-01-04T13:00:00.000Z', deadlineLocal: '2027-01-04T14:00:00' },
      { date: '2027-01-07', deadline: '2027-01-05T13:00:00.000Z', deadlineLocal: '2027-01-05T14:00:00' },
    ]);
  });

  it('gives deadlines in summer time as instants two hours before Stockholm time', async () => {
    at('2027-06-14T09:00:00');
    const { body } = await calendar('10001', '?from=2027-06-15&to=2027-06-15');
    expect(body.data).toEqual([
      { date: '2027-06-15', deadline: '2027-06-14T12:00:00.000Z', deadlineLocal: '2027-06-14T14:00:00' },
    ]);
  });

  it('starts at today in Stockholm, which after midnight there is still yesterday in UTC', async () => {
    at('2026-11-21T00:30:00'); // 2026-11-20T23:30Z
    expect(clock.now.toISOString()).toBe('2026-11-20T23:30:00.000Z');
    const { body } = await calendar('10002');
    expect(body.from).toBe('2026-11-21');
    expect(body.to).toBe('2027-01-20');
  });

  it('keeps a date open until its deadline minute and drops it at the deadline', async () => {
    at('2026-11-20T23:29:59');
    expect((await next('10002')).body.next).toEqual({
      date: '2026-11-23',
      deadline: '2026-11-20T22:30:00.000Z',
      deadlineLocal: '2026-11-20T23:30:00',
    });
    at('2026-11-20T23:30:00');
    expect((await next('10002')).body.next?.date).toBe('2026-11-30');
  });

  it('answers no dates for a company without routes', async () => {
    at('2026-11-20T10:00:00');
    const { status, body } = await get<CalendarResponse>('/v1/company/10026/calendar', personal);
    expect(status).toBe(200);
    expect(body).toMatchObject({ hasDeliveryRoutes: false, data: [] });
    expect((await get<NextDeliveryResponse>('/v1/company/10026/calendar/next', personal)).body).toEqual({
      hasDeliveryRoutes: false,
      next: null,
    });
  });

  it('refuses a company the user is not linked to, and bad ranges', async () => {
    expect((await calendar('10003')).status).toBe(403);
    expect((await next('10003')).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/v1/company/10001/calendar' })).statusCode).toBe(401);
    for (const [query, path] of [
      ['?from=2026-13-01', 'from'],
      ['?from=2026-02-31', 'from'],
      ['?from=2026-12-01&to=2026-11-01', 'to'],
      ['?from=2026-01-01&to=2027-06-01', 'to'],
    ] as const) {
      const res = await calendar('10001', query);
      expect(res.status, query).toBe(400);
      expect((res.body as unknown as { fields: { path: string }[] }).fields[0]!.path).toBe(path);
    }
  });
});

describe('the cart follows the deadline', () => {
  const cartUrl = '/v1/company/10002/cart';
  const put = (path: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `${cartUrl}${path}`, headers: bearer(kund), payload });

  it('moves a chosen date whose deadline has passed to the next one when the cart is read again, and says so', async () => {
    at('2026-11-20T10:00:00');
    await put('/product', { productId, quantity: 1 });
    const chosen = await put('/delivery-date', { deliveryDate: '2026-11-23' });
    expect(chosen.json<Cart>()).toMatchObject({
      deliveryDate: '2026-11-23',
      deadline: { deadlineLocal: '2026-11-20T23:30:00' },
      messages: [],
    });

    at('2026-11-20T23:29:00');
    expect((await get<Cart>(cartUrl)).body).toMatchObject({ deliveryDate: '2026-11-23', messages: [] });

    at('2026-11-20T23:31:00');
    const moved = (await get<Cart>(cartUrl)).body;
    expect(moved.deliveryDate).toBe('2026-11-30');
    expect(moved.messages).toEqual([
      {
        code: 'DeliveryDateMoved',
        severity: 'info',
        message:
          'Sista beställningstid för måndag 23 november har passerat. Leveransdagen har ändrats till måndag 30 november.',
      },
    ]);
    // The move is saved: the next read has nothing more to say.
    expect((await get<Cart>(cartUrl)).body).toMatchObject({ deliveryDate: '2026-11-30', messages: [] });
  });

  it('choosing a delivery day whose deadline just passed picks the next one with a notice', async () => {
    at('2026-11-20T23:45:00');
    const res = await put('/delivery-date', { deliveryDate: '2026-11-23' });
    expect(res.statusCode).toBe(200);
    const cart = res.json<Cart>();
    expect(cart.deliveryDate).toBe('2026-11-30');
    expect(cart.messages.map((m) => m.code)).toEqual(['DeliveryDateMoved']);
  });

  it('skips a holiday Monday (annandag påsk) when moving, and refuses it as a choice', async () => {
    at('2027-03-19T10:00:00'); // Friday
    expect((await put('/delivery-date', { deliveryDate: '2027-03-22' })).json<Cart>().deliveryDate).toBe('2027-03-22');
    at('2027-03-19T23:31:00');
    const moved = (await get<Cart>(cartUrl)).body;
    // 2027-03-29 is Annandag påsk: the next delivery is Monday 5 April, ordered by Friday 2 April 23:30.
    expect(moved).toMatchObject({ deliveryDate: '2027-04-05', deadline: { deadlineLocal: '2027-04-02T23:30:00' } });
    expect(moved.messages[0]!.message).toContain('måndag 5 april');
    const holiday = await put('/delivery-date', { deliveryDate: '2027-03-29' });
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json()).toMatchObject({
      code: 'DeliveryDateNotAvailable',
      message: 'Företaget kan inte få leverans den dagen. Välj en dag i leveranskalendern.',
    });
    const { body } = await calendar('10002', '?from=2027-03-22&to=2027-04-12');
    expect(body.data.map((d) => d.date)).toEqual(['2027-04-05', '2027-04-12']);
  });
});
