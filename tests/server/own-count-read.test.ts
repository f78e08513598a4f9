/**
 * A phone does not read its whole list again after its own count (decision 0088): the count's answer names the list
 * version it made, and a phone whose items were whole just before knows they are whole after. Another phone's count,
 * or one that came between, is read as before. Real server and database, the real offline engine on each phone.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListDetail } from '../../contract/inventory';
import { refresh } from '../../src/offline/engine/refresh';
import type { EngineSession } from '../../src/offline/engine/session';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import { COMPANY, demoCompany } from '../offline/demo-company';
import { api } from '../offline/harness';
import { listPhone } from '../offline/list-phone';

const { demo, post } = demoCompany();
const productIds = () => demo.products.slice(0, 2).map((a) => a.id);

const detailPath = (listId: string) => `/v1/company/${COMPANY}/inventory-list/${listId}`;
const onServer = async (listId: string) =>
  (await api<InventoryListDetail>(demo.server, demo.staff.token, detailPath(listId))).body;

async function phone(session: EngineSession, listId: string) {
  const { db, net, syncNow } = await listPhone(demo.server, session, listId, COMPANY);
  const reads = (from: number) =>
    net.sent.slice(from).filter((s) => s.method === 'GET' && s.path.split('?')[0] === detailPath(listId));
  /** How many times the list was read (whole, or only what changed: decision 0090) since `from` requests. */
  const detailReads = (from: number) => reads(from).length;
  /** The versions the reads since `from` asked for the changes since (null: read whole). */
  const readsSince = (from: number) =>
    reads(from).map((s) => {
      const since = new URL(s.path, 'http://phone').searchParams.get('changedSince');
      return since === null ? null : Number(since);
    });
  const count = (itemId: string, quantity: number) =>
    mutateInventory(db, { type: 'countSet', listId, itemId, quantity, unit: 'piece' });
  const news = (version: number) =>
    refresh({
      db,
      transport: net.transport,
      companyCodes: [],
      aggregates: [{ entity: 'inventoryList', entityId: listId, news: { itemIds: [], version } }],
    });
  const quantity = async (itemId: string) => (await db.inventoryItems.get(itemId))?.quantity;
  return { db, net, syncNow, detailReads, readsSince, count, news, quantity };
}

describe('a count on this phone', () => {
  it('is not followed by a read of the whole list; another phone’s count is', async () => {
    const list = await post<InventoryList>('/inventory-list', { name: `Egen räkning ${Date.now()}` });
    expect(list.status).toBe(201);
    const listId = list.body.id;
    const itemIds: string[] = [];
    for (const productId of productIds()) {
      const item = await post<{ id: string }>(`/inventory-list/${listId}/item`, { productId, unit: 'piece' });
      expect(item.status).toBe(201);
      itemIds.push(item.body.id);
    }
    const [first, second] = itemIds as [string, string];
    const a = await phone(demo.kund, listId);
    const b = await phone(demo.staff, listId);

    // A counts and syncs: the count is sent, the company read, but not the list's 5 000 items again.
    let from = a.net.sent.length;
    await a.count(first, 4);
    await a.syncNow();
    const afterOwn = await onServer(listId);
    expect(afterOwn.items.find((i) => i.id === first)?.quantity).toBe(4);
    expect(a.detailReads(from)).toBe(0);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(afterOwn.version);
    // The live view's news of that count is known: nothing is read.
    from = a.net.sent.length;
    await a.news(afterOwn.version);
    expect(a.detailReads(from)).toBe(0);
    expect(await a.quantity(first)).toBe(4);

    // B counts: A's live view hears of it and reads the list, and shows it.
    await b.count(second, 7);
    await b.syncNow();
    const afterB = await onServer(listId);
    from = a.net.sent.length;
    await a.news(afterB.version);
    // Only what changed since the version A held whole (decision 0090).
    expect(a.readsSince(from)).toEqual([afterOwn.version]);
    expect(await a.quantity(second)).toBe(7);
    expect(await a.quantity(first)).toBe(4);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(afterB.version);

    // A counts offline while B counts online: A's count made the version after B's, not after the one A had whole,
    // so A reads the list and shows both.
    a.net.offline = true;
    await a.count(first, 5);
    await b.count(second, 8);
    await b.syncNow();
    a.net.offline = false;
    from = a.net.sent.length;
    await a.syncNow();
    expect(a.readsSince(from)).toEqual([afterB.version]);
    const end = await onServer(listId);
    expect([await a.quantity(first), await a.quantity(second)]).toEqual([5, 8]);
    expect(end.items.find((i) => i.id === first)?.quantity).toBe(5);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(end.version);
    // A's own walking order (decision 0088): its answer names the version it made, and nothing is read.
    from = a.net.sent.length;
    const zone = (await a.db.inventoryItems.get(second))?.zone ?? null;
    await mutateInventory(a.db, { type: 'reorderZone', listId, zone, itemIds: [second] });
    await a.syncNow();
    const ordered = await onServer(listId);
    expect(ordered.items.find((i) => i.id === second)?.walkPosition).toBe(0);
    expect(a.detailReads(from)).toBe(0);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(ordered.version);
    expect((await a.db.inventoryItems.get(second))?.walkPosition).toBe(0);

    // A's own item changes: an accepted count (the review) and an added article; neither reads the list.
    from = a.net.sent.length;
    await mutateInventory(a.db, { type: 'patchItem', listId, itemId: first, accept: true });
    await a.syncNow();
    expect(a.detailReads(from)).toBe(0);
    expect((await a.db.inventoryItems.get(first))?.acceptedAt).not.toBeNull();
    const [third] = demo.products.filter((x) => !productIds().includes(x.id));
    await mutateInventory(a.db, { type: 'addItem', listId, article: third! });
    await a.syncNow();
    const added = await onServer(listId);
    expect(added.items).toHaveLength(3);
    expect(a.detailReads(from)).toBe(0);
    expect((await a.db.serverInventoryLists.get(listId))?.itemsVersion).toBe(added.version);
    expect(await a.db.inventoryItems.where('listId').equals(listId).count()).toBe(3);
    a.db.close();
    b.db.close();
  });
});
