/**
 * The live list on the device (decision 0060), against the real server: a phone with a list open hears of another
 * phone's count through the list's stream and shows the server's number without a sync of its own; while it reads the
 * list again the sync status says `updating`, never synced over a number the server has differently. A stream that
 * cannot open (404) falls back to polling.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedArticle, InventoryList, InventoryListItem } from '../../contract/inventory';
import { createSyncController, type SyncController } from '../../src/offline/engine/controller';
import { openInventoryList } from '../../src/offline/inventory/mutate';
import { watchInventoryList } from '../../src/offline/inventory/live';
import { DEMO, api, freshDb, loginAs, startServer, type Server } from './harness';

const COMPANY = '10001';
let server: Server;
let other: string;
let list: InventoryList;
let item: InventoryListItem;

async function post<T>(token: string, path: string, body: object) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const countElsewhere = async (amount: number) => {
  const res = await post(other, `/v1/company/${COMPANY}/inventory-list/${list.id}/item/${item.id}/count`, {
    id: randomUUID(),
    kind: 'delta',
    amount,
    unit: item.unit,
    deviceId: 'telefon-a',
    countedAt: new Date().toISOString(),
  });
  expect(res.status).toBe(201);
};

async function until(condition: () => Promise<boolean> | boolean) {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  server = await startServer();
  other = (await loginAs(server, DEMO.personal)).token;
  list = (await post<InventoryList>(other, `/v1/company/${COMPANY}/inventory-list`, { name: 'Kylrum live' })).body;
  const index = await api<{ articles: IndexedArticle[] }>(server, other, `/v1/company/${COMPANY}/article-index`);
  const article = index.body.articles.find((a) => a.kind === 'product')!;
  item = (
    await post<InventoryListItem>(other, `/v1/company/${COMPANY}/inventory-list/${list.id}/item`, {
      productId: article.id,
    })
  ).body;
});
afterAll(() => server.close());

async function phone(): Promise<{ controller: SyncController; token: string }> {
  const db = freshDb();
  const controller = createSyncController({ db, transport: server.transport, debounceMs: 20, backgroundSync: false });
  const session = await loginAs(server, DEMO.kund);
  await controller.setSession(session);
  await openInventoryList(db, list.id);
  await controller.setActiveCompany(COMPANY);
  await controller.start();
  return { controller, token: session.token };
}

describe('a live list on the phone', () => {
  it("shows another phone's count without a sync of its own, and says updating until it has it", async () => {
    const { controller, token } = await phone();
    const shown = async () => (await controller.db.inventoryItems.get(item.id))?.quantity;
    await until(async () => (await shown()) === 0 || (await shown()) === null);
    await controller.stop();
    const states: boolean[] = [];
    controller.subscribe((s) => states.push(s.updating));
    const stop = watchInventoryList({
      baseUrl: server.baseUrl,
      companyCode: COMPANY,
      listId: list.id,
      token: () => token,
      renew: async () => false,
      refresh: (id) => void controller.refreshAggregate('inventoryList', id),
    });
    await until(() => server.app.services.live.size().streams === 1);

    await countElsewhere(2);
    await until(async () => (await shown()) === 2);
    await countElsewhere(3);
    await until(async () => (await shown()) === 5);
    await until(() => !controller.getStatus().updating);
    // It said so while it read: between the news and the number, never "synced".
    expect(states).toContain(true);
    stop();
    await until(() => server.app.services.live.size().streams === 0);
  });

  it('shares one stream between the screens that show the list, and closes it with the last', async () => {
    const { controller, token } = await phone();
    await controller.stop();
    const options = {
      baseUrl: server.baseUrl,
      companyCode: COMPANY,
      listId: list.id,
      token: () => token,
      renew: async () => false,
      refresh: () => undefined,
    };
    const countScreen = watchInventoryList(options);
    const listPage = watchInventoryList(options);
    await until(() => server.app.services.live.size().streams === 1);
    countScreen();
    listPage();
    await until(() => server.app.services.live.size().streams === 0);
  });

  it('polls when the stream cannot be opened (a list it may not see answers 404)', async () => {
    let reads = 0;
    const stop = watchInventoryList({
      baseUrl: server.baseUrl,
      companyCode: '10003',
      listId: list.id,
      token: () => other,
      renew: async () => false,
      refresh: () => void reads++,
    });
    // The poll runs every 10 s: wait for the first read (the test's timeout is the bound for a hang).
    await until(() => reads > 0);
    stop();
  }, 30_000);
});
