/**
 * A big list on the device (issue #17): the first visit stores every item the server sent (server copy and mirror),
 * the count screen's zone reads find them by zone, and a count typed right after a reload with no network is stored
 * and reaches the server. Against the real server; 400 items stand for 5 000 (bench/inventory.bench.ts times those).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryListDetail } from '../../contract/inventory';
import { inventoryListItems } from '../../server/db/schema';
import { openOfflineDb } from '../../src/offline';
import { refresh } from '../../src/offline/engine/refresh';
import { sync } from '../../src/offline/engine/sync';
import { mutateInventory, openInventoryList } from '../../src/offline/inventory/mutate';
import { readServerItems } from '../../src/offline/inventory/state';
import { readListZones, readZoneItems } from '../../src/offline/inventory/zone-reads';
import { DEMO, api, controlledTransport, freshDb, logIn, startServer, type Server } from './harness';

const COMPANY = '10001';
const ITEMS = 400;
const ZONES = ['Kyl', 'Frys', 'Torrt'];
let server: Server;
let token: string;
let listId: string;

async function detail(): Promise<InventoryListDetail> {
  const res = await api<InventoryListDetail>(server, token, `/v1/company/${COMPANY}/inventory-list/${listId}`);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  server = await startServer();
  const db = freshDb();
  token = (await logIn(db, server, DEMO.kund)).token;
  db.close();
  const created = await fetch(`${server.baseUrl}/v1/company/${COMPANY}/inventory-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Stora lagret' }),
  });
  expect(created.status).toBe(201);
  listId = ((await created.json()) as { id: string }).id;
  // Written straight into the database: 400 POSTs would test the API, not the device.
  await server.app.services.database.db.insert(inventoryListItems).values(
    Array.from({ length: ITEMS }, (_, i) => ({
      listId,
      articleNumber: `S${10000 + i}`,
      name: `Lagervara ${String(i).padStart(3, '0')}`,
      unit: 'piece' as const,
      price: 1000 + i,
      // Every fourth item has no zone: those are found by a read of the whole list.
      zone: i % 4 === 3 ? null : ZONES[i % 3]!,
      quantity: String(i % 5),
      piecesPerCarton: 6,
    })),
  );
});
afterAll(() => server.close());

describe('a big list on the device', () => {
  it('is stored whole on the first visit: the device holds what the server sent, found zone by zone', async () => {
    const db = freshDb();
    await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    await refresh({ db, transport: net.transport, companyCodes: [COMPANY] });
    await openInventoryList(db, listId);
    await refresh({ db, transport: net.transport, companyCodes: [COMPANY] });

    const sent = await detail();
    expect(sent.items).toHaveLength(ITEMS);
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    const shape = (i: { id: string; name: string; zone: string | null; quantity: number; counted: boolean }) => ({
      id: i.id,
      name: i.name,
      zone: i.zone,
      quantity: i.quantity,
      counted: i.counted,
    });
    const stored = await readServerItems(db, listId);
    const mirror = await db.inventoryItems.where('listId').equals(listId).toArray();
    expect(byId(stored).map(shape)).toEqual(byId(sent.items).map(shape));
    expect(byId(mirror).map(shape)).toEqual(byId(sent.items).map(shape));
    const list = await db.inventoryLists.get(listId);
    expect(list).toMatchObject({ itemsRead: true, itemCount: ITEMS, countedCount: sent.countedCount });

    // The count screen's reads: which zones hold items, and each zone's rows, without the whole list.
    const held = await readListZones(db, listId);
    expect([...held.zones].sort()).toEqual([...ZONES].sort());
    expect(held.hasNone).toBe(true);
    for (const zone of [...ZONES, null]) {
      const rows = await readZoneItems(db, listId, zone);
      expect(byId(rows).map((r) => r.id)).toEqual(byId(sent.items.filter((i) => i.zone === zone)).map((i) => i.id));
    }
    db.close();
  });

  it('takes a count typed right after a reload with no network, and the server has it once online', async () => {
    const first = freshDb();
    await logIn(first, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    await openInventoryList(first, listId);
    await refresh({ db: first, transport: net.transport, companyCodes: [COMPANY] });
    const name = first.name;
    first.close();

    // The reload: the same database opened again, no network; the first row of the first zone is counted.
    net.offline = true;
    const db = openOfflineDb(name);
    const [row] = await readZoneItems(db, listId, 'Kyl');
    expect(row).toBeDefined();
    const result = await mutateInventory(db, {
      type: 'countSet',
      listId,
      itemId: row!.id,
      quantity: 17,
      unit: 'piece',
    });
    expect(result.item?.quantity).toBe(17);
    expect((await db.inventoryItems.get(row!.id))?.quantity).toBe(17);
    expect(await db.outbox.count()).toBe(1);

    net.offline = false;
    const synced = await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    expect(synced.drain).toMatchObject({ sent: 1, rejected: 0, remaining: 0 });
    expect((await detail()).items.find((i) => i.id === row!.id)?.quantity).toBe(17);
    db.close();
  });
});
