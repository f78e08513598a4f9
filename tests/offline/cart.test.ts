import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import type { NextDeliveryResponse } from '../../contract/calendar';
import { products as productsTable } from '../../server/db/schema';
import { mutateCart } from '../../src/offline/cart/mutate';
import { readMirror } from '../../src/offline/cart/state';
import type { CartProductSnapshot } from '../../src/offline/cart/operations';
import type { OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { MutationError } from '../../src/offline/engine/messages';
import { rebaseAll } from '../../src/offline/engine/rebase';
import { refresh } from '../../src/offline/engine/refresh';
import { describeEntry } from '../../src/offline/engine/registry';
import { storeSession } from '../../src/offline/engine/session';
import { sync } from '../../src/offline/engine/sync';
import { DEMO, api, controlledTransport, freshDb, isChange, logIn, loginAs, startServer, type Server } from './harness';

let server: Server;
let products: CartProductSnapshot[];
let wholeUnit: CartProductSnapshot;

/** Products of the seeded catalogue as the add-to-cart control hands them over. */
async function cartProducts(count: number, where?: { wholeUnitsOnly: boolean }): Promise<CartProductSnapshot[]> {
  const { db } = server.app.services.database;
  const rows = await db
    .select()
    .from(productsTable)
    .where(
      and(
        eq(productsTable.discontinued, false),
        ...(where ? [eq(productsTable.wholeUnitsOnly, where.wholeUnitsOnly)] : []),
      ),
    )
    .orderBy(productsTable.sku)
    .limit(count);
  return rows.map((p) => ({
    id: p.id,
    sku: p.sku,
    slug: p.slug,
    name: p.name,
    brandName: p.brandName,
    imageUrl: p.images[0]?.url ?? null,
    unit: p.unit,
    piecesPerCarton: p.piecesPerCarton,
    wholeUnitsOnly: p.wholeUnitsOnly,
    stockStatus: p.stockStatus,
    discontinued: p.discontinued,
    expired: false,
    expiresAt: null,
    replacement: null,
    vatRate: p.vatRate,
  }));
}

beforeAll(async () => {
  server = await startServer();
  products = await cartProducts(8);
  wholeUnit = (await cartProducts(1, { wholeUnitsOnly: true }))[0]!;
});
afterAll(() => server.close());

async function send(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Cart };
}

const serverCart = async (token: string, company: string) =>
  (await api<Cart>(server, token, `/v1/company/${company}/cart`)).body;

/** A fresh device with kund logged in, and kund's cart of the company emptied on the server. */
async function setUp(company = '10001') {
  const db = freshDb();
  const session = await logIn(db, server, DEMO.kund);
  await send(session.token, 'DELETE', `/v1/company/${company}/cart`);
  const net = controlledTransport(server.transport);
  return { db, session, net };
}

const lines = (cart: { items: readonly { itemId: string; productId: string; quantity: number; unit: string }[] }) =>
  cart.items.map((i) => ({ itemId: i.itemId, productId: i.productId, quantity: i.quantity, unit: i.unit }));

async function mirror(db: OfflineDb, company: string) {
  return (await readMirror(db, company))!;
}

describe('cart kind', () => {
  it('drains offline adds once and in order, and the mirror becomes the server cart', async () => {
    const { db, session, net } = await setUp();
    net.offline = true;
    const a = await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[0]!, quantity: 2 });
    await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[1]!, quantity: 1 });
    // The same product and unit again goes to the same line, on the device as on the server.
    const again = await mutateCart(db, {
      type: 'addProduct',
      companyCode: '10001',
      product: products[0]!,
      quantity: 3,
    });
    expect(again.id).toBe(a.id);
    const c = await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[2]!, quantity: 4 });
    await mutateCart(db, { type: 'setQuantity', companyCode: '10001', itemId: c.id!, quantity: 7 });
    await mutateCart(db, { type: 'removeLine', companyCode: '10001', itemId: a.id! });
    const next = await api<NextDeliveryResponse>(server, session.token, '/v1/company/10001/calendar/next');
    await mutateCart(db, {
      type: 'setDeliveryDate',
      companyCode: '10001',
      date: next.body.next!.date,
      delivery: next.body.next,
    });

    const local = await mirror(db, '10001');
    expect(local).toMatchObject({ pending: true, loaded: false, itemCount: 2, deliveryDate: next.body.next!.date });
    const offline = await drain({ db, transport: net.transport });
    expect(offline).toMatchObject({ sent: 0, stopped: 'network', remaining: 7 });
    expect(net.changes()).toHaveLength(0);

    net.offline = false;
    const queued = await db.outbox.toArray();
    const result = await sync({ db, transport: net.transport, companyCodes: ['10001'], force: true });
    expect(result.drain).toMatchObject({ sent: 7, rejected: 0, remaining: 0, stopped: null });
    const changes = net.changes();
    expect(changes.map((s) => `${s.method} ${s.path}`)).toEqual(queued.map((e) => `${e.method} ${e.path}`));
    expect(changes.map((s) => s.key)).toEqual(queued.map((e) => e.mutationId));

    const onServer = await serverCart(session.token, '10001');
    const settled = (p: CartProductSnapshot, q: number) => (p.wholeUnitsOnly ? Math.max(1, Math.round(q)) : q);
    expect(lines(onServer)).toEqual([
      {
        itemId: expect.any(String),
        productId: products[1]!.id,
        quantity: settled(products[1]!, 1),
        unit: products[1]!.unit,
      },
      { itemId: c.id, productId: products[2]!.id, quantity: settled(products[2]!, 7), unit: products[2]!.unit },
    ]);
    expect(onServer.deliveryDate).toBe(next.body.next!.date);
    const after = await mirror(db, '10001');
    expect(after).toMatchObject({ pending: false, loaded: true, itemCount: 2, totals: onServer.totals });
    expect(lines(after)).toEqual(lines(onServer));

    // Replay-safe: sending the same entries again (same keys) changes nothing on the server.
    for (const entry of queued) {
      await server.transport({
        method: entry.method,
        path: entry.path,
        ...(entry.body === null ? {} : { body: entry.body }),
        headers: { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': entry.mutationId },
      });
    }
    expect(lines(await serverCart(session.token, '10001'))).toEqual(lines(onServer));
  });

  it('an add whose answer was lost is sent again with its key and counted once', async () => {
    const { db, session, net } = await setUp();
    await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[3]!, quantity: 2 });
    net.loseAnswer(isChange);
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 0, stopped: 'network' });
    expect((await serverCart(session.token, '10001')).items).toHaveLength(1);
    expect(await drain({ db, transport: net.transport, force: true })).toMatchObject({ sent: 1, remaining: 0 });
    const onServer = await serverCart(session.token, '10001');
    expect(onServer.items.map((i) => i.quantity)).toEqual([products[3]!.wholeUnitsOnly ? 2 : 2]);
    expect(net.changes().map((c) => c.key)).toEqual([net.changes()[0]!.key, net.changes()[0]!.key]);
  });

  it('rebase keeps waiting changes on top of the server cart read meanwhile', async () => {
    const { db, session, net } = await setUp();
    // The cart is read: status success.
    await refresh({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(await mirror(db, '10001')).toMatchObject({ loaded: true, itemCount: 0, pending: false });

    // Another device adds a product; this one adds another while its changes cannot get through.
    const other = await send(session.token, 'PUT', '/v1/company/10001/cart/product', {
      productId: products[4]!.id,
      quantity: 1,
    });
    expect(other.status).toBe(200);
    const close = net.gateway(isChange, 503);
    const mine = await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[5]!, quantity: 3 });
    expect(await drain({ db, transport: net.transport })).toMatchObject({ stopped: 'network', remaining: 1 });
    await refresh({ db, transport: net.transport, companyCodes: ['10001'] });
    const rebased = await mirror(db, '10001');
    expect(rebased.items.map((i) => [i.productId, i.pending])).toEqual([
      [products[4]!.id, false],
      [products[5]!.id, true],
    ]);
    expect(rebased.items[1]!.itemId).toBe(mine.id);
    expect(rebased.pending).toBe(true);

    close();
    await sync({ db, transport: net.transport, companyCodes: ['10001'], force: true });
    const onServer = await serverCart(session.token, '10001');
    expect(lines(onServer).map((l) => l.productId)).toEqual([products[4]!.id, products[5]!.id]);
    expect(lines(await mirror(db, '10001'))).toEqual(lines(onServer));
  });

  it('rounds whole-unit quantities with the notice the server gives', async () => {
    const { db } = await setUp();
    const result = await mutateCart(db, {
      type: 'addProduct',
      companyCode: '10001',
      product: wholeUnit,
      quantity: 2.4,
    });
    expect(result.notices).toEqual([
      { code: 'QuantityRounded', message: 'Artikeln säljs bara i hela enheter. Antalet har avrundats till 2.' },
    ]);
    expect((await mirror(db, '10001')).items[0]!.quantity).toBe(2);
    await expect(
      mutateCart(db, { type: 'setQuantity', companyCode: '10001', itemId: result.id!, quantity: 20_000 }),
    ).rejects.toBeInstanceOf(MutationError);
    await expect(
      mutateCart(db, { type: 'removeLine', companyCode: '10001', itemId: '0190a000-0000-7000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'CartItemNotFound' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('a change to a line whose add was refused is refused on the device, and described in Swedish', async () => {
    const { db, net } = await setUp();
    const ghost = { ...products[0]!, id: '0190a000-0000-7000-8000-00000000dead', name: 'Spökvara' };
    const add = await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: ghost, quantity: 1 });
    await mutateCart(db, { type: 'setQuantity', companyCode: '10001', itemId: add.id!, quantity: 5 });
    const summary = await drain({ db, transport: net.transport });
    expect(summary).toMatchObject({ sent: 0, rejected: 2, remaining: 0 });
    const refused = await db.outbox.orderBy('seq').toArray();
    expect(refused.map((e) => e.lastError?.code)).toEqual(['UnknownProduct', 'CartItemNotAdded']);
    expect(net.changes()).toHaveLength(1);
    expect(describeEntry(refused[0]!)).toBe('Lägg Spökvara (1) i varukorgen för 10001');
    expect(describeEntry(refused[1]!)).toBe('Ändra antal till 5 i varukorgen för 10001');
    // The refused lines are gone from the mirror after the rebase (nothing read yet: no cart at all, status idle).
    expect((await readMirror(db, '10001'))?.items ?? []).toEqual([]);
  });

  it('keeps one cart per company and per user; another user does not see them', async () => {
    const { db, session, net } = await setUp('10002');
    await send(session.token, 'DELETE', '/v1/company/10001/cart');
    await send(session.token, 'PUT', '/v1/company/10002/cart/product', { productId: products[6]!.id, quantity: 1 });
    await refresh({ db, transport: net.transport, companyCodes: ['10001', '10002'] });
    expect((await mirror(db, '10001')).items).toHaveLength(0);
    expect((await mirror(db, '10002')).items.map((i) => i.productId)).toEqual([products[6]!.id]);

    // A live query (what useCart runs) sees a local add at once.
    const seen: number[] = [];
    const subscription = liveQuery(() => readMirror(db, '10001')).subscribe((c) => seen.push(c?.itemCount ?? -1));
    await mutateCart(db, { type: 'addProduct', companyCode: '10001', product: products[7]!, quantity: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(seen.at(-1)).toBe(1);

    // Admin logs in on the same device: kund's carts and waiting change are not theirs.
    const admin = await loginAs(server, DEMO.admin);
    await storeSession(db, admin);
    await rebaseAll(db);
    expect(await db.carts.count()).toBe(0);
    expect(await db.cartItems.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
