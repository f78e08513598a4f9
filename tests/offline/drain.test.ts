import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS } from '../../src/offline/engine/backoff';
import type { OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { inProcessLock, defaultLock } from '../../src/offline/engine/lock';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import type { ProductSnapshot } from '../../src/offline/purchase-lists/operations';
import { sync } from '../../src/offline/engine/sync';
import {
  DEMO,
  controlledTransport,
  freshDb,
  isChange,
  logIn,
  manualClock,
  productSnapshots,
  serverList,
  serverLists,
  startServer,
  type Server,
} from './harness';

let server: Server;
let products: ProductSnapshot[];
beforeAll(async () => {
  server = await startServer();
  products = await productSnapshots(server, 12);
});
afterAll(() => server.close());

async function setUp() {
  const db = freshDb();
  const session = await logIn(db, server, DEMO.kund);
  const net = controlledTransport(server.transport);
  return { db, session, net };
}

/** The mirror of one list without the engine's flags, in the server's shape. */
async function mirrorOf(db: OfflineDb, listId: string) {
  const list = await db.purchaseLists.get(listId);
  const items = await db.purchaseListItems.where('listId').equals(listId).toArray();
  return {
    name: list?.name,
    itemCount: list?.itemCount,
    items: items
      .map((i) => ({ id: i.id, productId: i.productId, quantity: i.quantity }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}
const shape = (d: {
  name: string;
  itemCount: number;
  items: { id: string; productId: string; quantity: number }[];
}) => ({
  name: d.name,
  itemCount: d.itemCount,
  items: d.items
    .map((i) => ({ id: i.id, productId: i.productId, quantity: i.quantity }))
    .sort((a, b) => (a.id < b.id ? -1 : 1)),
});

describe('drain', () => {
  it('sends strictly in seq order, each change with its Idempotency-Key and the Bearer token, once', async () => {
    const { db, session, net } = await setUp();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Veckohandel' });
    const a = await mutate(db, { type: 'addItem', listId: listId!, product: products[0]!, quantity: 2 });
    await mutate(db, { type: 'addItem', listId: listId!, product: products[1]!, quantity: 1.5 });
    await mutate(db, { type: 'setItemQuantity', listId: listId!, itemId: a.id!, quantity: 6 });
    await mutate(db, { type: 'renameList', listId: listId!, name: 'Fredag' });
    await mutate(db, { type: 'removeItem', listId: listId!, itemId: a.id! });
    const queued = await db.outbox.toArray();

    const summary = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(summary.drain).toMatchObject({ sent: 6, rejected: 0, remaining: 0, blocked: false, stopped: null });

    const changes = net.changes();
    expect(changes.map((c) => `${c.method} ${c.path}`)).toEqual(queued.map((e) => `${e.method} ${e.path}`));
    expect(changes.map((c) => c.key)).toEqual(queued.map((e) => e.mutationId));
    expect(new Set(changes.map((c) => c.auth))).toEqual(new Set([`Bearer ${session.token}`]));
    expect(await db.outbox.count()).toBe(0);

    const onServer = (await serverList(server, session.token, listId!))!;
    expect(onServer.name).toBe('Fredag');
    const settled = products[1]!.wholeUnitsOnly ? 2 : 1.5; // whole-unit articles are rounded (half up)
    expect(onServer.items.map((i) => [i.productId, i.quantity])).toEqual([[products[1]!.productId, settled]]);
    expect(await mirrorOf(db, listId!)).toEqual(shape(onServer));
    expect((await db.purchaseLists.get(listId!))!.pending).toBe(false);
  });

  it('keeps an entry and backs off exponentially (with jitter, capped) while the network is down', async () => {
    const { db, net } = await setUp();
    const clock = manualClock();
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kylrum' });
    net.offline = true;

    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      const summary = await drain({ db, transport: net.transport, now: clock.now, random: () => 1 });
      expect(summary).toMatchObject({ sent: 0, remaining: 1, stopped: 'network' });
      delays.push(summary.retryAt! - clock.now());
      // Before the backoff has run out, a drain sends nothing at all.
      const attempts = net.attempts;
      clock.advance(summary.retryAt! - clock.now() - 1);
      expect(await drain({ db, transport: net.transport, now: clock.now })).toMatchObject({
        stopped: 'backoff',
        sent: 0,
      });
      expect(net.attempts).toBe(attempts);
      clock.advance(1);
    }
    expect(delays.slice(0, 9)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000]);
    expect(delays.slice(9)).toEqual([BACKOFF_CAP_MS, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ attempts: 12, status: 'pending', lastError: { status: 0, code: 'NetworkError' } });

    // Jitter: half of the wait is random.
    const jittered = await drain({ db, transport: net.transport, now: clock.now, random: () => 0, force: true });
    expect(jittered.retryAt! - clock.now()).toBe(BACKOFF_CAP_MS / 2);

    net.offline = false;
    expect(await drain({ db, transport: net.transport, now: clock.now, force: true })).toMatchObject({
      sent: 1,
      remaining: 0,
    });
    expect(net.changes()).toHaveLength(1);
  });

  it('keeps an entry on 503 and 429 and waits at least Retry-After', async () => {
    const { db, session, net } = await setUp();
    const clock = manualClock();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Lager' });
    const reopen = net.gateway(isChange, 503, '30');
    const first = await drain({ db, transport: net.transport, now: clock.now, random: () => 0 });
    expect(first).toMatchObject({ sent: 0, remaining: 1, stopped: 'network' });
    expect(first.retryAt! - clock.now()).toBe(30_000);
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, lastError: { status: 503 } });
    reopen();

    const slowDown = net.gateway(isChange, 429);
    clock.advance(30_000);
    const second = await drain({ db, transport: net.transport, now: clock.now, random: () => 1 });
    expect(second).toMatchObject({ sent: 0, remaining: 1, stopped: 'network' });
    expect(second.retryAt! - clock.now()).toBe(2000);
    slowDown();

    clock.advance(2000);
    expect(await drain({ db, transport: net.transport, now: clock.now })).toMatchObject({ sent: 1, remaining: 0 });
    expect((await serverLists(server, session.token, '10001')).filter((l) => l.id === listId)).toHaveLength(1);
  });

  it('leaves no duplicate on the server when a drain is cut after the server committed', async () => {
    const { db, session, net } = await setUp();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Avbrott' });
    const item = await mutate(db, { type: 'addItem', listId: listId!, product: products[2]!, quantity: 3 });
    await mutate(db, { type: 'setItemQuantity', listId: listId!, itemId: item.id!, quantity: 4 });
    await mutate(db, { type: 'removeItem', listId: listId!, itemId: item.id! });
    await mutate(db, { type: 'addItem', listId: listId!, product: products[2]!, quantity: 9 });

    // Each drain is cut at its second change: the server commits it, the answer never arrives.
    for (let round = 1; round <= 4; round++) {
      let changes = 0;
      net.loseAnswer((r) => isChange(r) && ++changes === 2);
      const cut = await drain({ db, transport: net.transport, force: true });
      expect(cut).toMatchObject({ sent: 1, stopped: 'network', remaining: 5 - round });
    }
    expect(await drain({ db, transport: net.transport, force: true })).toMatchObject({ sent: 1, remaining: 0 });

    const lists = (await serverLists(server, session.token, '10001')).filter((l) => l.name === 'Avbrott');
    expect(lists).toHaveLength(1);
    const detail = (await serverList(server, session.token, listId!))!;
    expect(detail.items.map((i) => [i.productId, i.quantity])).toEqual([[products[2]!.productId, 9]]);
    // The four changes whose answers were lost went twice, with the same key; the first one once.
    const keys = net.changes().map((c) => c.key);
    expect(keys).toHaveLength(9);
    expect(new Set(keys).size).toBe(5);
  });

  it('a resent change does not bring back what another phone removed meanwhile (Idempotency-Key)', async () => {
    const { db, session, net } = await setUp();
    const other = await logIn(freshDb(), server, DEMO.kund);
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Återuppstånden?' });
    await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    const item = await mutate(db, { type: 'addItem', listId: listId!, product: products[5]!, quantity: 2 });
    net.loseAnswer(isChange); // the line reaches the server, the answer does not reach the phone
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 0, remaining: 1, stopped: 'network' });
    // The other phone removes the line before this one resends.
    const removed = await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}/items/${item.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(removed.status).toBe(204);

    expect(await sync({ db, transport: net.transport, force: true, companyCodes: ['10001'] })).toMatchObject({
      drain: { sent: 1, remaining: 0 },
    });
    expect((await serverList(server, session.token, listId!))!.items).toEqual([]);
    expect(await db.purchaseListItems.get(item.id!)).toBeUndefined();
  });

  it('marks a refused change rejected with the server’s Swedish message, refreshes the list and goes on', async () => {
    const { db, session, net } = await setUp();
    const other = await logIn(freshDb(), server, DEMO.kund); // the same company on another phone
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Delad' });
    await sync({ db, transport: net.transport, companyCodes: ['10001'] });

    // Offline, this phone adds an article; meanwhile the other phone adds the same article.
    const mine = await mutate(db, { type: 'addItem', listId: listId!, product: products[3]!, quantity: 2 });
    await mutate(db, { type: 'renameList', listId: listId!, name: 'Delad lista' });
    const theirs = await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: products[3]!.productId, quantity: 5 }),
    });
    expect(theirs.status).toBe(201);
    const theirItem = ((await theirs.json()) as { id: string }).id;

    const result = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(result.drain).toMatchObject({ sent: 1, rejected: 1, remaining: 0 });
    const [rejected] = await db.outbox.toArray();
    expect(rejected).toMatchObject({
      seq: mine.seq,
      status: 'rejected',
      lastError: {
        status: 409,
        code: 'ArticleAlreadyInList',
        message: 'Artikeln finns redan i listan. Ändra antalet på raden i stället.',
      },
    });
    // The later rename went on; the mirror shows the server's list: their line, not the refused one.
    const onServer = (await serverList(server, session.token, listId!))!;
    expect(onServer.name).toBe('Delad lista');
    expect(await mirrorOf(db, listId!)).toEqual(shape(onServer));
    expect(await db.purchaseListItems.get(mine.id!)).toBeUndefined();
    expect((await db.purchaseListItems.get(theirItem))!.quantity).toBe(5);
  });

  it('refuses on the device the changes that depend on a refused create, with a clear message', async () => {
    const { db, session, net } = await setUp();
    // Kund is not linked to 10003: the server refuses the create (403).
    const { id: foreign } = await mutate(db, { type: 'createList', companyCode: '10003', name: 'Fel företag' });
    const item = await mutate(db, { type: 'addItem', listId: foreign!, product: products[4]!, quantity: 1 });
    await mutate(db, { type: 'setItemQuantity', listId: foreign!, itemId: item.id!, quantity: 2 });
    const { id: fine } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Rätt företag' });

    const result = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(result.drain).toMatchObject({ sent: 1, rejected: 3, remaining: 0 });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.status, e.lastError?.code])).toEqual([
      ['rejected', 'Forbidden'],
      ['rejected', 'ListNotCreated'],
      ['rejected', 'ListNotCreated'],
    ]);
    expect(entries[1]!.lastError!.message).toBe(
      'Ändringen kunde inte sparas eftersom inköpslistan den gäller inte kunde skapas.',
    );
    // Only the create reached the server; the dependent changes never did.
    expect(net.changes().map((c) => c.path)).toEqual(['/v1/purchase-lists', '/v1/purchase-lists']);
    expect(await db.purchaseLists.get(foreign!)).toBeUndefined();
    expect((await serverLists(server, session.token, '10001')).some((l) => l.id === fine)).toBe(true);
  });

  it('counts a deletion of something already gone as done', async () => {
    const { db, session, net } = await setUp();
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Borta' });
    await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    await mutate(db, { type: 'deleteList', listId: listId! });
    await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 1, rejected: 0, remaining: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('runs one drain at a time: two concurrent drains send each entry once', async () => {
    const { db, net } = await setUp();
    for (let i = 0; i < 8; i++) await mutate(db, { type: 'createList', companyCode: '10001', name: `Samtidig ${i}` });
    const queued = (await db.outbox.toArray()).map((e) => e.mutationId);
    const [one, two, three] = await Promise.all([
      drain({ db, transport: net.transport }),
      drain({ db, transport: net.transport }),
      drain({ db, transport: net.transport, lock: defaultLock }),
    ]);
    expect(one.sent + two.sent + three.sent).toBe(8);
    expect(net.changes().map((c) => c.key)).toEqual(queued);
  });

  it('uses navigator.locks when the context has it', async () => {
    const requested: string[] = [];
    const g = globalThis as { navigator?: unknown };
    const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', {
      configurable: true,
      value: {
        locks: {
          request: (name: string, _options: unknown, task: () => Promise<unknown>) => {
            requested.push(name);
            return inProcessLock(name, task);
          },
        },
      },
    });
    try {
      const { db, net } = await setUp();
      await mutate(db, { type: 'createList', companyCode: '10001', name: 'Lås' });
      await drain({ db, transport: net.transport });
      expect(requested).toEqual(['skafferi-drain']);
    } finally {
      if (had) Object.defineProperty(globalThis, 'navigator', had);
      else delete g.navigator;
    }
  });
});
