/**
 * A zone's walking order through the offline engine against the real server (issue #15, decision 0061): set on a
 * phone without network for items added on that phone, placed in the mirror at once, named in the sync panel, and
 * sent after the items it names — the server ends with the same order.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedArticle, InventoryListDetail } from '../../contract/inventory';
import { describeEntry } from '../../src/offline/engine/registry';
import { refresh } from '../../src/offline/engine/refresh';
import { sync } from '../../src/offline/engine/sync';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import { DEMO, api, controlledTransport, freshDb, logIn, startServer, type Server } from './harness';

const COMPANY = '10001';
let server: Server;
let articles: IndexedArticle[];
let zone: string;
let token: string;

beforeAll(async () => {
  server = await startServer();
  const db = freshDb();
  token = (await logIn(db, server, DEMO.kund)).token;
  db.close();
  articles = (await api<{ articles: IndexedArticle[] }>(server, token, `/v1/company/${COMPANY}/article-index`)).body
    .articles;
  zone = (await api<{ data: { name: string }[] }>(server, token, `/v1/company/${COMPANY}/zones`)).body.data[0]!.name;
});
afterAll(() => server.close());

describe('walking order offline', () => {
  it('is placed on the device at once and reaches the server after the items it names', async () => {
    const db = freshDb();
    await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    await refresh({ db, transport: net.transport, companyCodes: [COMPANY] });
    net.offline = true;

    const listId = (await mutateInventory(db, { type: 'createList', companyCode: COMPANY, name: 'Gång offline' })).id!;
    const picked = articles.filter((a) => a.kind === 'product').slice(0, 3);
    const ids: string[] = [];
    for (const article of picked) ids.push((await mutateInventory(db, { type: 'addItem', listId, article, zone })).id!);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    await mutateInventory(db, { type: 'reorderZone', listId, zone, itemIds: order });

    const mirror = await db.inventoryItems.bulkGet(order);
    expect(mirror.map((i) => [i?.id, i?.walkPosition, i?.pending])).toEqual(order.map((id, n) => [id, n, true]));
    const last = (await db.outbox.orderBy('seq').toArray()).at(-1)!;
    expect(describeEntry(last, 'Gång offline')).toBe(`Ändra gångordningen i zonen ${zone} i ”Gång offline”`);

    net.offline = false;
    const result = await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    expect(result.drain).toMatchObject({ sent: 5, rejected: 0, remaining: 0 });
    const stored = await api<InventoryListDetail>(server, token, `/v1/company/${COMPANY}/inventory-list/${listId}`);
    const position = new Map(stored.body.items.map((i) => [i.id, i.walkPosition]));
    expect(order.map((id) => position.get(id))).toEqual([0, 1, 2]);
    const after = await db.inventoryItems.bulkGet(order);
    expect(after.map((i) => [i?.walkPosition, i?.pending])).toEqual([
      [0, false],
      [1, false],
      [2, false],
    ]);
    db.close();
  });
});
