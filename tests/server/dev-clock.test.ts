import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CalendarResponse, NextDeliveryResponse } from '../../contract/calendar';
import type { Cart } from '../../contract/cart';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { products } from '../../server/db/schema';
import { swedishDay } from '../../server/modules/cart/delivery';
import { bearer, createTestApp, DEMO, login, type TestApp } from './helpers';

let clocked: TestApp;
/** The same server on the same database without DEV_CLOCK. */
let plain: FastifyInstance;
let kund: string;

beforeAll(async () => {
  clocked = await createTestApp({ DEV_CLOCK: 'true' });
  plain = await buildApp(
    loadConfig({
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://skafferi.test',
    }),
    { database: clocked.services.database },
  );
  kund = await login(clocked, DEMO.kund);
});
afterAll(async () => {
  await plain.close();
  await clocked.closeAll();
});
afterEach(async () => {
  await clocked.inject({ method: 'DELETE', url: '/v1/dev/clock' });
});

const get = <T>(path: string) =>
  clocked.inject({ method: 'GET', url: path, headers: bearer(kund) }).then((r) => r.json<T>());
const moveClock = (offsetMinutes: unknown) =>
  clocked.inject({ method: 'PUT', url: '/v1/dev/clock', payload: { offsetMinutes } });
/** Whole minutes from now to just after `deadline` (ISO). */
const minutesPast = (deadline: string) => Math.ceil((Date.parse(deadline) - Date.now()) / 60_000) + 1;

describe('DEV_CLOCK setting', () => {
  it('is off by default', () => {
    expect(loadConfig({}).devClock).toBe(false);
    expect(loadConfig({ DEV_CLOCK: 'true' }).devClock).toBe(true);
  });

  it('stops start-up when turned on in production', () => {
    expect(() => loadConfig({ DEV_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/DEV_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).devClock).toBe(false);
  });
});

describe('/v1/dev/clock', () => {
  it('does not exist without DEV_CLOCK', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await plain.inject({ method, url: '/v1/dev/clock', payload: { offsetMinutes: 60 } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toMatchObject({ code: 'NotFound', message: expect.any(String) });
    }
    expect((await plain.inject({ method: 'GET', url: '/api/docs/json' })).body).not.toContain('/v1/dev/clock');
    expect((await clocked.inject({ method: 'GET', url: '/api/docs/json' })).body).toContain('/v1/dev/clock');
  });

  it('moves the calendar past the first deadline, and DELETE brings real time back', async () => {
    const before = await get<NextDeliveryResponse>('/v1/company/10001/calendar/next');
    const first = before.next!;
    const offset = minutesPast(first.deadline);

    const moved = await moveClock(offset);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ offsetMinutes: offset });
    expect(Date.parse(moved.json<{ now: string }>().now)).toBeGreaterThan(Date.parse(first.deadline));

    const after = await get<NextDeliveryResponse>('/v1/company/10001/calendar/next');
    expect(after.next!.date > first.date).toBe(true);
    const list = await get<CalendarResponse>('/v1/company/10001/calendar');
    expect(list.data.map((d) => d.date)).not.toContain(first.date);
    expect(list.data[0]!.date).toBe(after.next!.date);

    const reset = await clocked.inject({ method: 'DELETE', url: '/v1/dev/clock' });
    expect(reset.json()).toMatchObject({ offsetMinutes: 0 });
    expect((await get<NextDeliveryResponse>('/v1/company/10001/calendar/next')).next).toEqual(first);
  });

  it("moves the cart's chosen date once its deadline has passed, and says so", async () => {
    const cartUrl = '/v1/company/10001/cart';
    const { db } = clocked.services.database;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.discontinued, false))
      .limit(1);
    await clocked.inject({ method: 'DELETE', url: cartUrl, headers: bearer(kund) });
    await clocked.inject({
      method: 'PUT',
      url: `${cartUrl}/product`,
      headers: bearer(kund),
      payload: { productId: product!.id, quantity: 1 },
    });
    const first = (await get<NextDeliveryResponse>('/v1/company/10001/calendar/next')).next!;
    const chosen = await clocked.inject({
      method: 'PUT',
      url: `${cartUrl}/delivery-date`,
      headers: bearer(kund),
      payload: { deliveryDate: first.date },
    });
    expect(chosen.json<Cart>()).toMatchObject({ deliveryDate: first.date, deadline: { deadline: first.deadline } });

    expect((await moveClock(minutesPast(first.deadline))).statusCode).toBe(200);
    const next = (await get<NextDeliveryResponse>('/v1/company/10001/calendar/next')).next!;
    const cart = await get<Cart>(cartUrl);
    expect(cart.deliveryDate).toBe(next.date);
    expect(cart.messages).toContainEqual({
      code: 'DeliveryDateMoved',
      severity: 'info',
      message: `Sista beställningstid för ${swedishDay(first.date)} har passerat. Leveransdagen har ändrats till ${swedishDay(next.date)}.`,
    });
    await clocked.inject({ method: 'DELETE', url: cartUrl, headers: bearer(kund) });
  });

  it('answers bad input with 400 and a Swedish {code, message}', async () => {
    for (const bad of [undefined, '60', 1.5, 366 * 24 * 60 + 1, -(366 * 24 * 60 + 1)]) {
      const res = await moveClock(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ValidationError',
        message: expect.any(String),
        fields: [{ path: 'offsetMinutes', message: expect.any(String) }],
      });
    }
    // Nothing moved.
    expect((await clocked.inject({ method: 'GET', url: '/v1/dev/clock' })).json()).toMatchObject({ offsetMinutes: 0 });
  });
});
