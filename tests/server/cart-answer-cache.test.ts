// The cart's answer cache (decisions 0039, 0042). On the embedded database this process is the only writer: a kept
// answer is served without asking the database, until a write of its user is answered — by any app on the same
// database — and a change made outside the app shows after at most the time to live. On PostgreSQL (the second run
// of the server tests) every kept answer is checked against the cart's version instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartItems, carts, products } from '../../server/db/schema';
import type { Cart } from '../../contract/cart';
import { ProcessWrites } from '../../server/lib/process-writes';
import { bearer, createClockedApp, createTestApp, DEMO, login, SEED_NOW, type TestApp } from './helpers';

let base: TestApp;
let other: FastifyInstance;
let kund: string;
let product: typeof products.$inferSelect;
const clock = { now: new Date(SEED_NOW) };

beforeAll(async () => {
  base = await createTestApp({ AUTH_CACHE_SECONDS: '10' });
  // A second app on the same database, with a clock the test moves.
  other = await createClockedApp(base, clock);
  kund = await login(base, DEMO.kund);
  const found = await base.services.database.db
    .select()
    .from(products)
    .where(and(eq(products.discontinued, false), isNull(products.expiresAt), eq(products.wholeUnitsOnly, true)))
    .limit(1);
  product = found[0]!;
});
afterAll(async () => {
  await other.close();
  await base.closeAll();
});

const url = (rest = '') => `/v1/company/10001/cart${rest}`;
const getCart = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: url(), headers: bearer(kund) });
  expect(res.statusCode).toBe(200);
  return res.json<Cart>();
};
const quantityIn = (cart: Cart) => cart.items.find((i) => i.productId === product.id)?.quantity ?? 0;

describe('cart answers kept in the process', () => {
  it('a change answered by another app on the same database shows in the next answer at once', async () => {
    await base.inject({ method: 'DELETE', url: url(), headers: bearer(kund) });
    expect(quantityIn(await getCart(other))).toBe(0);
    expect(quantityIn(await getCart(other))).toBe(0); // kept
    const put = await base.inject({
      method: 'PUT',
      url: url('/product'),
      headers: bearer(kund),
      payload: { productId: product.id, quantity: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(quantityIn(await getCart(other))).toBe(3);
  });

  it('a change written past the app: PGlite answers it after at most the time to live, PostgreSQL at once', async () => {
    const before = quantityIn(await getCart(other));
    expect(before).toBeGreaterThan(0);
    const { db } = base.services.database;
    const [cart] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.id, (await getCart(other)).id));
    await db
      .update(cartItems)
      .set({ quantity: String(before + 4) })
      .where(and(eq(cartItems.cartId, cart!.id), eq(cartItems.productId, product.id)));
    await db
      .update(carts)
      .set({ version: sql`${carts.version} + 1` })
      .where(eq(carts.id, cart!.id));
    if (base.services.database.kind === 'pglite') {
      // This process is the only writer it knows of: the kept answer, until its time is up.
      expect(quantityIn(await getCart(other))).toBe(before);
      clock.now = new Date(clock.now.getTime() + 10_001);
    }
    // With PostgreSQL every kept answer is checked against the cart's version (other instances write too).
    expect(quantityIn(await getCart(other))).toBe(before + 4);
  });
});

describe('ProcessWrites', () => {
  it("counts a customer's writes for that customer only, and a staff write for everyone", () => {
    const writes = new ProcessWrites();
    const [a, b] = [writes.of('a'), writes.of('b')];
    writes.wrote('a', false);
    expect(writes.of('a')).not.toBe(a);
    expect(writes.of('b')).toBe(b);
    const [a2, b2] = [writes.of('a'), writes.of('b')];
    writes.wrote('staff', true);
    expect(writes.of('a')).not.toBe(a2);
    expect(writes.of('b')).not.toBe(b2);
  });
});
