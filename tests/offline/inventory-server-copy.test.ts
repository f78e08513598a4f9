/**
 * The device's copy of what the server last said of a list (decision 0086): a full read is one row, the items the
 * server answered for since lie over it, a deleted item leaves both, and the next full read replaces them. A phone
 * whose copy was written item by item (schema version 3) keeps counting on it. Against the real server.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedArticle, InventoryListDetail } from '../../contract/inventory';
import type { OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { refresh } from '../../src/offline/engine/refresh';
import { sync } from '../../src/offline/engine/sync';
import { mutateInventory, openInventoryList } from '../../src/offline/inventory/mutate';
import { readServerItems } from '../../src/offline/inventory/state';
import { DEMO, api, controlledTransport, freshDb, logIn, startServer, type Server } from './harness';

const COMPANY = '10001';
let server: Server;
let token: string;
let articles: IndexedArticle[];

beforeAll(async () => {
  server = await startServer();
  const db = freshDb();
  token = (await logIn(db, server, DEMO.kund)).token;
  db.close();
  const index = await api<{ articles: IndexedArticle[] }>(server, token, `/v1/company/${COMPANY}/article-index`);
  articles = index.body.articles.filter((a) => a.kind === 'product').slice(0, 3);
  expect(articles).toHaveLength(3);
});
afterAll(() => server.close());

async function post(path: string, body: unknown): Promise<{ id: string }> {
  const res = await fetch(`${server.baseUrl}/v1/company/${COMPANY}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

/** A list of three articles counted in pieces, made on the server (another phone), and its items' ids. */
async function serverList(name: string): Promise<{ listId: string; itemIds: string[] }> {
  const { id: listId } = await post('/inventory-list', { name });
  const itemIds: string[] = [];
  for (const a of articles)
    itemIds.push((await post(`/inventory-list/${listId}/item`, { productId: a.id, unit: 'piece' })).id);
  return { listId, itemIds };
}

async function detail(id: string): Promise<InventoryListDetail> {
  const res = await api<InventoryListDetail>(server, token, `/v1/company/${COMPANY}/inventory-list/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Another phone's scan, straight to the server. */
const countOnServer = (listId: string, itemId: string, amount: number) =>
  post(`/inventory-list/${listId}/item/${itemId}/count`, {
    kind: 'delta',
    amount,
    unit: 'piece',
    id: randomUUID(),
    countedAt: new Date().toISOString(),
    deviceId: 'another-phone',
  });

const quantities = (items: { id: string; quantity: number }[]) =>
  Object.fromEntries(items.map((i) => [i.id, i.quantity]));

async function phoneWithList(listId: string) {
  const db = freshDb();
  await logIn(db, server, DEMO.kund);
  const net = controlledTransport(server.transport);
  await openInventoryList(db, listId);
  await refresh({ db, transport: net.transport, companyCodes: [COMPANY] });
  return { db, net };
}

const mirrorQuantities = async (db: OfflineDb, listId: string) =>
  quantities(await db.inventoryItems.where('listId').equals(listId).toArray());

describe('the server copy of a list on the device', () => {
  it('is one row per full read; answers lie over it; a deleted item leaves it; the next read replaces both', async () => {
    const { listId, itemIds } = await serverList('Kopian');
    const [a, b, c] = itemIds as [string, string, string];
    const { db, net } = await phoneWithList(listId);
    expect((await db.serverInventoryItemSets.get(listId))?.items.map((i) => i.id).sort()).toEqual([a, b, c].sort());
    expect(await db.serverInventoryItems.where('listId').equals(listId).count()).toBe(0);

    // Counted offline, then the answers only (no read yet): the answered item lies over the read one.
    net.offline = true;
    await mutateInventory(db, { type: 'countSet', listId, itemId: a, quantity: 7, unit: 'piece' });
    await mutateInventory(db, { type: 'deleteItem', listId, itemId: b });
    net.offline = false;
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 2, rejected: 0, remaining: 0 });
    expect((await db.serverInventoryItems.get(a))?.quantity).toBe(7);
    const set = await db.serverInventoryItemSets.get(listId);
    expect(set?.items.map((i) => i.id).sort()).toEqual([a, c].sort());
    expect(quantities(await readServerItems(db, listId))).toEqual({ [a]: 7, [c]: 0 });
    expect(await mirrorQuantities(db, listId)).toEqual({ [a]: 7, [c]: 0 });

    // Another phone counts; the next read replaces the set and drops the answers it is newer than.
    await countOnServer(listId, c, 2);
    await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    expect(await db.serverInventoryItems.where('listId').equals(listId).count()).toBe(0);
    const server = quantities((await detail(listId)).items);
    expect(server).toEqual({ [a]: 7, [c]: 2 });
    expect(quantities(await readServerItems(db, listId))).toEqual(server);
    expect(await mirrorQuantities(db, listId)).toEqual(server);
    db.close();
  });

  it('a phone whose copy was stored item by item (before version 4) counts on it, and the next read moves it', async () => {
    const { listId, itemIds } = await serverList('Gamla kopian');
    const [a, b, c] = itemIds as [string, string, string];
    const { db, net } = await phoneWithList(listId);
    // As version 3 stored it: every item a row, no set, and the items whole "at" the list's `updatedAt` (before
    // decision 0088 gave lists a version).
    const set = (await db.serverInventoryItemSets.get(listId))!;
    await db.serverInventoryItems.bulkPut(set.items);
    await db.serverInventoryItemSets.delete(listId);
    const { updatedAt } = (await db.serverInventoryLists.get(listId))!;
    await db.serverInventoryLists.update(listId, { itemsVersion: updatedAt as unknown as number });
    expect(quantities(await readServerItems(db, listId))).toEqual({ [a]: 0, [b]: 0, [c]: 0 });

    net.offline = true;
    await mutateInventory(db, { type: 'countSet', listId, itemId: b, quantity: 4, unit: 'piece' });
    net.offline = false;
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 1, rejected: 0, remaining: 0 });
    expect(await mirrorQuantities(db, listId)).toEqual({ [a]: 0, [b]: 4, [c]: 0 });

    await countOnServer(listId, a, 1);
    await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    expect(await db.serverInventoryItems.where('listId').equals(listId).count()).toBe(0);
    expect(await mirrorQuantities(db, listId)).toEqual({ [a]: 1, [b]: 4, [c]: 0 });
    db.close();
  });
});
