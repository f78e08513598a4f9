/**
 * A list the page read ahead (decision 0089): the engine's first sync takes the page's early answer instead of asking
 * for the list again, but only when that answer holds every change the drain sent (its version is at least the one
 * the company's overview, read after the drain, names). Real server and database, the real offline engine.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListDetail } from '../../contract/inventory';
import type { OfflineDb } from '../../src/offline/engine/database';
import { KEEP_MS, readAhead, type EarlyAnswer } from '../../src/offline/engine/read-ahead';
import type { EngineSession } from '../../src/offline/engine/session';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import { COMPANY, demoCompany } from '../offline/demo-company';
import { api } from '../offline/harness';
import { listPhone } from '../offline/list-phone';

const { demo, post } = demoCompany();

const detailPath = (listId: string) => `/v1/company/${COMPANY}/inventory-list/${listId}`;

/** A list with one item, counted to `quantity` on the server. */
async function listWithItem(quantity: number) {
  const list = await post<InventoryList>('/inventory-list', { name: `Läst i förväg ${Date.now()}` });
  expect(list.status).toBe(201);
  const item = await post<{ id: string }>(`/inventory-list/${list.body.id}/item`, {
    productId: demo.products[0]!.id,
    unit: 'piece',
  });
  expect(item.status).toBe(201);
  await count(list.body.id, item.body.id, quantity);
  return { listId: list.body.id, itemId: item.body.id };
}

async function count(listId: string, itemId: string, quantity: number) {
  const res = await post(`/inventory-list/${listId}/item/${itemId}/count`, {
    id: randomUUID(),
    kind: 'set',
    quantity,
    unit: 'piece',
    countedAt: new Date().toISOString(),
    deviceId: 'annan-telefon',
  });
  expect(res.status).toBe(201);
}

/** The page's early read, as the app makes it: a GET of the list with the user's token; `at`: the page's clock. */
async function readEarly(listId: string, as: EngineSession, forUser = as.userId, at = Date.now()) {
  let answer: Promise<EarlyAnswer> | undefined;
  const start = () => (answer = api<InventoryListDetail>(demo.server, as.token, detailPath(listId)));
  readAhead(detailPath(listId), forUser, start, at);
  return (await answer) ?? null;
}

async function phone(session: EngineSession, listId: string, beforeSync: (db: OfflineDb) => Promise<void>) {
  const p = await listPhone(demo.server, session, listId, COMPANY, beforeSync);
  const detailReads = (from = 0) =>
    p.net.sent.slice(from).filter((s) => s.method === 'GET' && s.path.split('?')[0] === detailPath(listId)).length;
  const shown = async (itemId: string) => (await p.db.inventoryItems.get(itemId))?.quantity;
  return { ...p, detailReads, shown };
}

describe('a list read ahead by the page', () => {
  it('is stored by the first sync without asking for it again', async () => {
    const { listId, itemId } = await listWithItem(3);
    const a = await phone(demo.kund, listId, async () => void (await readEarly(listId, demo.kund)));
    expect(a.detailReads()).toBe(0);
    expect(await a.shown(itemId)).toBe(3);
    const stored = await a.db.serverInventoryLists.get(listId);
    expect(stored?.itemsVersion).toBe(
      (await api<InventoryListDetail>(demo.server, demo.staff.token, detailPath(listId))).body.version,
    );
    // Taken once: the next sync of a changed list reads it itself.
    await count(listId, itemId, 6);
    await a.syncNow();
    expect(a.detailReads()).toBe(1);
    expect(await a.shown(itemId)).toBe(6);
    a.db.close();
  });

  it('is read again when another phone counted after it was read', async () => {
    const { listId, itemId } = await listWithItem(3);
    const a = await phone(demo.kund, listId, async () => {
      await readEarly(listId, demo.kund);
      await count(listId, itemId, 9);
    });
    expect(a.detailReads()).toBe(1);
    expect(await a.shown(itemId)).toBe(9);
    a.db.close();
  });

  it('does not lose a count this phone sent in the same sync', async () => {
    const { listId, itemId } = await listWithItem(3);
    const a = await phone(demo.kund, listId, async () => undefined);
    // Another phone counts, so A's copy is behind; the page reads ahead, and then A counts (offline, before its drain).
    await count(listId, itemId, 5);
    // The page comes back to the list later than the engine's first read (which keeps the page from reading ahead
    // for a while).
    expect((await readEarly(listId, demo.kund, demo.kund.userId, Date.now() + KEEP_MS + 1))?.body).toMatchObject({
      items: [{ id: itemId, quantity: 5 }],
    });
    a.net.offline = true;
    await mutateInventory(a.db, { type: 'countSet', listId, itemId, quantity: 11, unit: 'piece' });
    a.net.offline = false;
    const from = a.net.sent.length;
    await a.syncNow();
    // The early answer is older than A's count: read again, and A's count stays.
    expect(a.detailReads(from)).toBe(1);
    expect(await a.shown(itemId)).toBe(11);
    const onServer = (await api<InventoryListDetail>(demo.server, demo.staff.token, detailPath(listId))).body;
    expect(onServer.items.find((i) => i.id === itemId)?.quantity).toBe(11);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(onServer.version);
    a.db.close();
  });

  it('is not used for another user, nor when it failed', async () => {
    const { listId, itemId } = await listWithItem(4);
    const other = await phone(
      demo.kund,
      listId,
      async () => void (await readEarly(listId, demo.staff, demo.staff.userId)),
    );
    expect(other.detailReads()).toBe(1);
    expect(await other.shown(itemId)).toBe(4);
    other.db.close();

    const second = await listWithItem(2);
    let started = 0;
    const failed = await phone(demo.kund, second.listId, async () => {
      readAhead(detailPath(second.listId), demo.kund.userId, () => {
        started++;
        return Promise.reject(new Error('ingen förbindelse'));
      });
    });
    expect(started).toBe(1);
    expect(failed.net.sent.filter((s) => s.path === detailPath(second.listId))).toHaveLength(1);
    expect(await failed.shown(second.itemId)).toBe(2);
    failed.db.close();
  });
});
