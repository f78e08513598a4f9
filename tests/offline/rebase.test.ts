import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineDb } from '../../src/offline';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import type { ProductSnapshot } from '../../src/offline/purchase-lists/operations';
import { refresh } from '../../src/offline/engine/refresh';
import { sync } from '../../src/offline/engine/sync';
import {
  DEMO,
  controlledTransport,
  freshDb,
  logIn,
  loginAs,
  productSnapshots,
  serverList,
  startServer,
  type Server,
} from './harness';

let server: Server;
let products: ProductSnapshot[];
beforeAll(async () => {
  server = await startServer();
  products = await productSnapshots(server, 6);
});
afterAll(() => server.close());

/** Every name the UI's live query saw for a list, in order. */
async function watchName(db: OfflineDb, listId: string) {
  const seen: (string | undefined)[] = [];
  let first: () => void;
  const ready = new Promise<void>((resolve) => (first = resolve));
  const sub = liveQuery(() => db.purchaseLists.get(listId)).subscribe((list) => {
    if (seen.at(-1) !== list?.name) seen.push(list?.name);
    first();
  });
  await ready;
  return {
    seen,
    stop: async () => {
      await new Promise((r) => setTimeout(r, 50));
      sub.unsubscribe();
    },
  };
}

async function syncedList(db: OfflineDb, net: ReturnType<typeof controlledTransport>, name: string) {
  const { id } = await mutate(db, { type: 'createList', companyCode: '10001', name });
  await sync({ db, transport: net.transport, companyCodes: ['10001'] });
  return id!;
}

describe('mirror refresh and rebase', () => {
  it('picks up changes made during a drain and never shows an older value again', async () => {
    const db = freshDb();
    const session = await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    const listId = await syncedList(db, net, 'Start');
    const watch = await watchName(db, listId);

    await mutate(db, { type: 'renameList', listId, name: 'A' });
    // While the drain sends "A", the user renames the list to "B".
    net.before(
      (r) => r.method === 'PATCH',
      async () => {
        await mutate(db, { type: 'renameList', listId, name: 'B' });
      },
    );
    // While the refresh reads the lists, the user renames it to "C" and adds a line.
    net.before(
      (r) => r.method === 'GET' && r.path === '/v1/purchase-lists?company=10001',
      async () => {
        await mutate(db, { type: 'renameList', listId, name: 'C' });
        await mutate(db, { type: 'addItem', listId, product: products[0]!, quantity: 2 });
      },
    );
    const first = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(first.drain).toMatchObject({ sent: 2, remaining: 0 });
    expect(first.refresh).toMatchObject({ stopped: null, companies: ['10001'] });

    // The server has "B"; the mirror shows the server's state with the two waiting changes on top.
    expect((await serverList(server, session.token, listId))!.name).toBe('B');
    expect(await db.purchaseLists.get(listId)).toMatchObject({ name: 'C', itemCount: 1, pending: true });
    expect(await db.outbox.count()).toBe(2);

    const second = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(second.drain).toMatchObject({ sent: 2, remaining: 0 });
    const onServer = (await serverList(server, session.token, listId))!;
    expect(onServer.name).toBe('C');
    expect(onServer.items).toHaveLength(1);
    expect(await db.purchaseLists.get(listId)).toMatchObject({ name: 'C', itemCount: 1, pending: false });

    await watch.stop();
    expect(watch.seen).toEqual(['Start', 'A', 'B', 'C']);
  });

  it('puts the server’s news under the changes still waiting', async () => {
    const db = freshDb();
    const session = await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    const listId = await syncedList(db, net, 'Gemensam');
    const mine = await mutate(db, { type: 'addItem', listId, product: products[1]!, quantity: 1 });
    await sync({ db, transport: net.transport, companyCodes: ['10001'] });

    // Another phone renames the list and adds a line; this one, offline, changes its own line's quantity.
    const other = await loginAs(server, DEMO.kund);
    const headers = { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' };
    await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: 'Gemensam (ändrad)' }),
    });
    const theirs = (await (
      await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}/items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ productId: products[2]!.productId, quantity: 4 }),
      })
    ).json()) as { id: string; quantity: number };
    await mutate(db, { type: 'setItemQuantity', listId, itemId: mine.id!, quantity: 7 });

    const result = await refresh({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(result.stopped).toBeNull();
    expect(await db.purchaseLists.get(listId)).toMatchObject({
      name: 'Gemensam (ändrad)',
      itemCount: 2,
      pending: true,
    });
    expect(await db.purchaseListItems.get(theirs.id)).toMatchObject({ quantity: theirs.quantity, pending: false });
    expect(await db.purchaseListItems.get(mine.id!)).toMatchObject({ quantity: 7, pending: true });
    expect((await serverList(server, session.token, listId))!.items.find((i) => i.id === mine.id)!.quantity).toBe(1);
    // A list deleted on the server disappears from the mirror, unless a waiting change recreates it.
    const deleted = await fetch(`${server.baseUrl}/v1/purchase-lists/${listId}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    expect(deleted.status).toBe(204);
    await refresh({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(await db.purchaseLists.get(listId)).toBeUndefined();
    expect(await db.purchaseListItems.where('listId').equals(listId).count()).toBe(0);
  });

  it('reads only the lists whose updatedAt moved', async () => {
    const db = freshDb();
    await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    await syncedList(db, net, 'Oförändrad');
    const before = net.sent.length;
    await refresh({ db, transport: net.transport, companyCodes: ['10001'] });
    // The refresh reads every kind of the company (cart, inventory too); of the purchase lists only the overview.
    const listReads = net.sent
      .slice(before)
      .map((s) => s.path)
      .filter((path) => path.startsWith('/v1/purchase-lists'));
    expect(listReads).toEqual(['/v1/purchase-lists?company=10001']);
  });
});
