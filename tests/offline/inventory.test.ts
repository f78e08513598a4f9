/**
 * The inventory kind of the offline engine against the real server: lists, items and counts made offline show at once
 * (server count + waiting deltas and sets), survive a reload, drain in order and end as the server's counts; the
 * refresh brings the article index, zones and accounts for counting without network.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedArticle, InventoryListDetail } from '../../contract/inventory';
import { openOfflineDb, type OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { describeEntry } from '../../src/offline/engine/registry';
import { MutationError } from '../../src/offline/engine/messages';
import { mutateInventory, openInventoryList } from '../../src/offline/inventory/mutate';
import { resolveScan } from '../../src/offline/inventory/scan';
import { refresh } from '../../src/offline/engine/refresh';
import { sync } from '../../src/offline/engine/sync';
import { DEMO, api, controlledTransport, freshDb, logIn, startServer, type Server } from './harness';

const COMPANY = '10001';
let server: Server;
let articles: IndexedArticle[];
let token: string;

beforeAll(async () => {
  server = await startServer();
  const session = await (async () => {
    const db = freshDb();
    const s = await logIn(db, server, DEMO.kund);
    db.close();
    return s;
  })();
  token = session.token;
  const index = await api<{ articles: IndexedArticle[] }>(server, token, `/v1/company/${COMPANY}/article-index`);
  articles = index.body.articles;
});
afterAll(() => server.close());

const cartoned = () =>
  articles.find((a) => a.kind === 'product' && a.piecesPerCarton > 1 && a.gtinCarton && a.gtinPiece)!;

async function device(): Promise<{ db: OfflineDb; net: ReturnType<typeof controlledTransport> }> {
  const db = freshDb();
  await logIn(db, server, DEMO.kund);
  const net = controlledTransport(server.transport);
  await refresh({ db, transport: net.transport, companyCodes: [COMPANY] });
  return { db, net };
}

async function detail(id: string): Promise<InventoryListDetail> {
  const res = await api<InventoryListDetail>(server, token, `/v1/company/${COMPANY}/inventory-list/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('inventory lists offline', () => {
  it('refresh brings the article index, zones and accounts to the device', async () => {
    const { db } = await device();
    expect(await db.inventoryArticles.where('companyCode').equals(COMPANY).count()).toBe(articles.length);
    const company = await db.inventoryCompanies.get(COMPANY);
    expect(company?.zones.length).toBeGreaterThan(0);
    expect(company?.accounts.length).toBeGreaterThan(0);
    expect(company?.indexVersion).toBeTruthy();
    db.close();
  });

  it('counts offline (piece, carton, set, undo), keeps them over a reload, and the server ends with the same', async () => {
    const { db, net } = await device();
    net.offline = true;
    const article = cartoned();
    const created = await mutateInventory(db, {
      type: 'createList',
      companyCode: COMPANY,
      name: 'Kylrummet offline',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
    const listId = created.id!;
    const added = await mutateInventory(db, { type: 'addItem', listId, article, unit: 'piece' });
    const itemId = added.id!;

    // The scanner's codes resolve on the device: piece GTIN → one piece, carton GTIN → one carton.
    const byPiece = await resolveScan(db, COMPANY, listId, article.gtinPiece!);
    const byCarton = await resolveScan(db, COMPANY, listId, article.gtinCarton!);
    expect(byPiece).toMatchObject({ kind: 'item', unit: 'piece', item: { id: itemId } });
    expect(byCarton).toMatchObject({ kind: 'item', unit: 'carton', item: { id: itemId } });

    await mutateInventory(db, { type: 'countDelta', listId, itemId, amount: 1, unit: 'piece' });
    const carton = await mutateInventory(db, { type: 'countDelta', listId, itemId, amount: 1, unit: 'carton' });
    expect(carton.item?.quantity).toBe(1 + article.piecesPerCarton);
    await mutateInventory(db, { type: 'countDelta', listId, itemId, amount: 1, unit: 'piece' });
    const undone = await mutateInventory(db, { type: 'undoScan', listId, itemId, amount: 1, unit: 'piece' });
    expect(undone.item?.quantity).toBe(1 + article.piecesPerCarton);

    // A reload: a new database object on the same IndexedDB database shows what was counted.
    const again = openOfflineDb(db.name);
    const item = await again.inventoryItems.get(itemId);
    expect(item?.quantity).toBe(1 + article.piecesPerCarton);
    expect(item?.stockValue).toBe(Math.round((1 + article.piecesPerCarton) * item!.price));
    const list = await again.inventoryLists.get(listId);
    expect(list).toMatchObject({ itemCount: 1, countedCount: 1, stockValue: item!.stockValue, pending: true });
    again.close();

    // Adding the same article again fails on the device with the spec's hint.
    await expect(mutateInventory(db, { type: 'addItem', listId, article })).rejects.toMatchObject({
      code: 'ArticleAlreadyInList',
    });

    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => describeEntry(e, 'Kylrummet offline'))).toEqual([
      'Skapa inventeringslistan ”Kylrummet offline”',
      `Lägg till ${article.name} i ”Kylrummet offline”`,
      `Räkna +1 st ${article.name} i ”Kylrummet offline”`,
      `Räkna +1 kart ${article.name} i ”Kylrummet offline”`,
      `Räkna +1 st ${article.name} i ”Kylrummet offline”`,
      `Ångra skanning (1 st) av ${article.name} i ”Kylrummet offline”`,
    ]);

    // Then a typed number: the count is that many, later scans add to it.
    await mutateInventory(db, { type: 'countSet', listId, itemId, quantity: 40, unit: 'piece' });
    const last = await mutateInventory(db, { type: 'countDelta', listId, itemId, amount: 1, unit: 'carton' });
    expect(last.item?.quantity).toBe(40 + article.piecesPerCarton);

    net.offline = false;
    const result = await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    expect(result.drain).toMatchObject({ sent: 8, rejected: 0, remaining: 0 });
    const server = await detail(listId);
    expect(server.items).toHaveLength(1);
    expect(server.items[0]).toMatchObject({ id: itemId, quantity: 40 + article.piecesPerCarton, countCount: 6 });
    expect(server.dateFrom).toBe('2026-11-01');
    const mirror = await db.inventoryItems.get(itemId);
    expect(mirror).toMatchObject({ quantity: 40 + article.piecesPerCarton, pending: false });
    expect((await db.inventoryLists.get(listId))?.pending).toBe(false);
    db.close();
  });

  it('an article already in the list on the server is refused there, and the counts that needed it too', async () => {
    const a = await device();
    const b = await device();
    const article = articles.find((x) => x.kind === 'product' && x.id !== cartoned().id)!;
    const { id: listId } = await mutateInventory(a.db, { type: 'createList', companyCode: COMPANY, name: 'Två' });
    await sync({ db: a.db, transport: a.net.transport, companyCodes: [COMPANY] });
    await openInventoryList(b.db, listId!);
    await refresh({ db: b.db, transport: b.net.transport, companyCodes: [COMPANY] });
    expect(await b.db.inventoryLists.get(listId!)).toBeTruthy();

    const first = await mutateInventory(a.db, { type: 'addItem', listId: listId!, article });
    const second = await mutateInventory(b.db, { type: 'addItem', listId: listId!, article });
    await mutateInventory(b.db, { type: 'countDelta', listId: listId!, itemId: second.id!, amount: 1, unit: 'piece' });
    await sync({ db: a.db, transport: a.net.transport, companyCodes: [COMPANY] });
    const result = await sync({ db: b.db, transport: b.net.transport, companyCodes: [COMPANY] });
    expect(result.drain).toMatchObject({ sent: 0, rejected: 2 });
    const refused = await b.db.outbox.orderBy('seq').toArray();
    expect(refused.map((e) => e.lastError?.code)).toEqual(['ArticleAlreadyInList', 'InventoryItemNotAdded']);
    // The mirror shows the server's item (from device A), not the refused one.
    const items = await b.db.inventoryItems.where('listId').equals(listId!).toArray();
    expect(items.map((i) => i.id)).toEqual([first.id]);
    a.db.close();
    b.db.close();
  });

  it('refuses changes bound to fail before they are queued', async () => {
    const { db } = await device();
    await expect(mutateInventory(db, { type: 'createList', companyCode: COMPANY, name: '  ' })).rejects.toBeInstanceOf(
      MutationError,
    );
    await expect(
      mutateInventory(db, {
        type: 'createList',
        companyCode: COMPANY,
        name: 'Fel datum',
        dateFrom: '2026-11-30',
        dateTo: '2026-11-01',
      }),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(
      mutateInventory(db, { type: 'countDelta', listId: 'nope', itemId: 'nope', amount: 1, unit: 'piece' }),
    ).rejects.toMatchObject({ code: 'InventoryListNotFound' });
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });

  it('a deleted list drains, and a delete of a list gone on the server counts as done', async () => {
    const { db, net } = await device();
    const { id } = await mutateInventory(db, { type: 'createList', companyCode: COMPANY, name: 'Tillfällig' });
    await sync({ db, transport: net.transport, companyCodes: [COMPANY] });
    await fetch(`${server.baseUrl}/v1/company/${COMPANY}/inventory-list/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await mutateInventory(db, { type: 'deleteList', listId: id! });
    const result = await drain({ db, transport: net.transport });
    expect(result).toMatchObject({ sent: 1, rejected: 0 });
    expect(await db.inventoryLists.get(id!)).toBeUndefined();
    db.close();
  });
});
