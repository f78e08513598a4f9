import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import { createSyncController, type SyncController, type SyncStatus } from '../../src/offline/engine/controller';
import {
  DEMO,
  controlledTransport,
  freshDb,
  isChange,
  loginAs,
  serverLists,
  startServer,
  type Server,
} from './harness';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

// Node has no window: give globalThis the events a page gets ('online', 'offline').
const events = new EventTarget();
const g = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown };
beforeAll(() => {
  g.addEventListener = events.addEventListener.bind(events);
  g.removeEventListener = events.removeEventListener.bind(events);
});
afterAll(() => {
  delete g.addEventListener;
  delete g.removeEventListener;
});

let controller: SyncController | undefined;
afterEach(async () => {
  await controller?.stop();
  controller = undefined;
});

function until(c: SyncController, test: (s: SyncStatus) => boolean, ms = 10_000): Promise<SyncStatus> {
  return new Promise((resolve, reject) => {
    if (test(c.getStatus())) return resolve(c.getStatus());
    const timer = setTimeout(() => {
      off();
      reject(new Error(`status never matched: ${JSON.stringify(c.getStatus())}`));
    }, ms);
    const off = c.subscribe((s) => {
      if (!test(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    });
  });
}

async function setUp() {
  const db = freshDb();
  const net = controlledTransport(server.transport);
  controller = createSyncController({ db, transport: net.transport, debounceMs: 20, backgroundSync: false });
  const session = await loginAs(server, DEMO.kund);
  await controller.setSession(session);
  await controller.setActiveCompany('10001');
  await controller.start();
  return { db, net, session, controller };
}

describe('SyncController', () => {
  it('syncs on start, sends a change shortly after it is made, and tells the status', async () => {
    const { db, net, session, controller: c } = await setUp();
    expect(c.getStatus()).toMatchObject({ userId: session.userId, pending: 0, blocked: false, draining: false });
    expect(c.getStatus().lastSyncedAt).not.toBeNull();

    const { id } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Automatisk' });
    await until(c, (s) => s.pending === 1);
    await until(c, (s) => s.pending === 0 && !s.draining);
    expect(net.changes()).toHaveLength(1);
    expect((await serverLists(server, session.token, '10001')).some((l) => l.id === id)).toBe(true);
    expect(await db.purchaseLists.get(id!)).toMatchObject({ pending: false });
  });

  it('waits while the device is offline and drains when the network comes back', async () => {
    const { db, net, controller: c } = await setUp();
    const before = net.attempts;
    events.dispatchEvent(new Event('offline'));
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kylrum 1' });
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kylrum 2' });
    const waiting = await until(c, (s) => s.pending === 2);
    expect(waiting.online).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(net.attempts).toBe(before); // no request while the device says it is offline

    events.dispatchEvent(new Event('online'));
    const back = await until(c, (s) => s.pending === 0 && !s.draining);
    expect(back.online).toBe(true);
    expect(net.changes()).toHaveLength(2);
  });

  it('retries on a timer with backoff while the network fails (online, but no answer)', async () => {
    const { db, net, controller: c } = await setUp();
    net.offline = true; // the radio says online; nothing gets through
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Halv stapel' });
    const failing = await until(c, (s) => s.lastError?.code === 'NetworkError' && !s.draining);
    expect(failing.pending).toBe(1);
    expect(failing.retryAt).toBeGreaterThan(Date.now());
    expect(failing.lastError!.message).toMatch(/Servern gick inte att nå/);
    await until(c, (s) => (s.retryAt ?? 0) > failing.retryAt!); // tried again by the timer, waits longer now

    net.offline = false;
    await until(c, (s) => s.pending === 0 && !s.draining);
    expect(net.changes()).toHaveLength(1);
  });

  it('"Synka nu" sends at once even during a backoff', async () => {
    const { db, net, controller: c } = await setUp();
    const close = net.gateway(isChange, 503, '600');
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Synka nu' });
    await until(c, (s) => s.lastError?.status === 503 && !s.draining);
    close();
    const result = await c.syncNow();
    expect(result?.drain).toMatchObject({ sent: 1, remaining: 0 });
    expect(c.getStatus().pending).toBe(0);
  });

  it('shows refused changes with the server’s message; retry sends them again, discard drops them and rebases', async () => {
    const { db, net, controller: c } = await setUp();
    // Kund may not create lists for 10003: refused (403). The line added to it is refused with it.
    const { id: foreign } = await mutate(db, { type: 'createList', companyCode: '10003', name: 'Fel' });
    await mutate(db, {
      type: 'addItem',
      listId: foreign!,
      quantity: 1,
      product: {
        productId: '0190a3b4-0000-7000-8000-000000000099',
        sku: 'X',
        name: 'X',
        brandName: 'X',
        unit: 'piece',
        piecesPerCarton: 1,
        gtinPiece: null,
        gtinCarton: null,
        imageUrl: null,
        stockStatus: 'in_stock',
        discontinued: false,
        wholeUnitsOnly: true,
      },
    });
    const refused = await until(c, (s) => s.rejected.length === 2 && !s.draining);
    expect(refused.pending).toBe(0);
    expect(refused.rejected.map((e) => e.lastError?.code)).toEqual(['Forbidden', 'ListNotCreated']);
    expect(refused.rejected[0]!.lastError!.message).toBe('Du har inte behörighet till det här.');
    expect(await db.purchaseLists.get(foreign!)).toBeUndefined();

    // Retry: both go back in the queue (the mirror shows them again) and are refused again.
    const sentBefore = net.changes().length;
    await c.retry(refused.rejected[0]!.seq);
    await until(c, (s) => s.rejected.length === 2 && !s.draining);
    expect(net.changes().length).toBe(sentBefore + 1);

    // Discard: both are gone for good and the mirror has nothing of them.
    await c.discard(c.getStatus().rejected[0]!.seq);
    await until(c, (s) => s.rejected.length === 0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.purchaseLists.get(foreign!)).toBeUndefined();
  });

  it('counts a user’s waiting changes for the logout question, and rebuilds the mirror when the user changes', async () => {
    const { db, net, session, controller: c } = await setUp();
    net.offline = true;
    const { id } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kunds egen' });
    expect(await c.pendingCountFor(session.userId)).toBe(1);

    await c.setSession(null); // the app asked, the user chose to log out anyway
    expect(await db.purchaseLists.get(id!)).toBeUndefined(); // not shown to whoever comes next
    expect(await c.pendingCountFor(session.userId)).toBe(1); // but kept for its user

    net.offline = false;
    const staff = await loginAs(server, DEMO.personal);
    await c.setSession(staff);
    const other = await until(c, (s) => s.userId === staff.userId && !s.draining);
    expect(other).toMatchObject({ pending: 0, otherUsersPending: 1 });
    expect(net.changes()).toEqual([]);

    await c.setSession(await loginAs(server, DEMO.kund));
    await until(c, (s) => s.userId === session.userId && s.pending === 0 && !s.draining);
    expect(await db.purchaseLists.get(id!)).toMatchObject({ name: 'Kunds egen', pending: false });
  });
});
