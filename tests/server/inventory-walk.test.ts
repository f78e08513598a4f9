/**
 * The walking order of a zone (issue #15, docs/decisions/0061): set through the real route, read back from the list;
 * refused for an item of another zone, list or company; and a later list of the company starts from it — both where
 * the server adds the article and in the article index the phone adds from offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import type {
  ArticleIndexResponse,
  InventoryList,
  InventoryListDetail,
  InventoryListItem,
  WalkOrderAnswer,
} from '../../contract/inventory';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let admin: string;
let catalogue: { id: string; sku: string }[];
let zones: string[];

const url = (code: string, path: string) => `/v1/company/${code}${path}`;

async function call<T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object) {
  const res = await app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

beforeAll(async () => {
  app = await createTestApp();
  [kund, admin] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.admin)]);
  catalogue = await app.services.database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.discontinued, false))
    .orderBy(products.sku)
    .limit(40);
  const z = await call<{ data: { name: string }[] }>(kund, 'GET', url('10001', '/zones'));
  zones = z.body.data.map((d) => d.name);
}, 180_000);
afterAll(() => app.closeAll());

async function newList(name: string) {
  const res = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), { id: randomUUID(), name });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function addItem(listId: string, productId: string, zone?: string | null) {
  const res = await call<InventoryListItem>(kund, 'POST', url('10001', `/inventory-list/${listId}/item`), {
    productId,
    ...(zone !== undefined ? { zone } : {}),
  });
  expect(res.status).toBe(201);
  return res.body;
}

const detail = async (listId: string) =>
  (await call<InventoryListDetail>(kund, 'GET', url('10001', `/inventory-list/${listId}`))).body;
const walk = (listId: string, body: object, token = kund, code = '10001') =>
  call<WalkOrderAnswer & { code?: string; message?: string; fields?: { path: string; message: string }[] }>(
    token,
    'PUT',
    url(code, `/inventory-list/${listId}/walk-order`),
    body,
  );

describe('walking order of a zone', () => {
  it('sets the order, reads it back, and the same order again changes nothing', async () => {
    const listId = await newList('Gångordning');
    const [a, b, c] = await Promise.all(catalogue.slice(30, 33).map((p) => addItem(listId, p.id, zones[0]!)));
    const other = await addItem(listId, catalogue[33]!.id, zones[1]!);
    const loose = await addItem(listId, catalogue[34]!.id, null);

    const set = await walk(listId, { zone: zones[0], itemIds: [c!.id, a!.id, b!.id] });
    expect(set.status).toBe(200);
    expect(set.body.zone).toBe(zones[0]);
    expect(set.body.data.map((i) => [i.id, i.walkPosition])).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);
    const read = await detail(listId);
    // The answer names the list version the order made (decision 0088).
    expect(set.body.listVersion).toBe(read.version);
    const position = new Map(read.items.map((i) => [i.id, i.walkPosition]));
    expect([position.get(c!.id), position.get(a!.id), position.get(b!.id)]).toEqual([0, 1, 2]);
    expect(position.get(other.id)).toBeNull();

    // The same order again: the same answer, and the list is not marked as changed (no phone reads it again).
    const again = await walk(listId, { zone: zones[0], itemIds: [c!.id, a!.id, b!.id] });
    expect(again.status).toBe(200);
    expect(again.body.data.map((i) => i.id)).toEqual([c!.id, a!.id, b!.id]);
    expect((await detail(listId)).updatedAt).toBe(read.updatedAt);
    expect(again.body.listVersion).toBeNull();
    expect((await detail(listId)).version).toBe(read.version);

    // Only some items named: they come first, the rest keep their order after them.
    const some = await walk(listId, { zone: zones[0], itemIds: [b!.id] });
    expect(some.body.data.map((i) => [i.id, i.walkPosition])).toEqual([
      [b!.id, 0],
      [c!.id, 1],
      [a!.id, 2],
    ]);

    // The items without a zone have a walk too.
    const none = await walk(listId, { zone: null, itemIds: [loose.id] });
    expect(none.status).toBe(200);
    expect(none.body.data.map((i) => [i.id, i.walkPosition])).toEqual([[loose.id, 0]]);
  });

  it('refuses an item of another zone, of another list, a list of another company and a bad body', async () => {
    const listId = await newList('Gångordning fel');
    const a = await addItem(listId, catalogue[0]!.id, zones[0]!);
    const b = await addItem(listId, catalogue[1]!.id, zones[1]!);
    const elsewhere = await addItem(await newList('Annan lista'), catalogue[2]!.id, zones[0]!);

    const wrongZone = await walk(listId, { zone: zones[0], itemIds: [a.id, b.id] });
    expect(wrongZone.status).toBe(400);
    expect(wrongZone.body.code).toBe('ItemNotInZone');
    expect(wrongZone.body.fields).toEqual([
      { path: 'itemIds.1', message: 'Artikeln ligger inte i den zonen. Läs om listan och försök igen.' },
    ]);

    const otherList = await walk(listId, { zone: zones[0], itemIds: [a.id, elsewhere.id] });
    expect(otherList.status).toBe(404);
    expect(otherList.body).toMatchObject({
      code: 'InventoryListItemNotFound',
      message: 'Raden finns inte längre i inventeringslistan.',
    });
    expect((await walk(listId, { zone: zones[0], itemIds: [randomUUID()] })).status).toBe(404);

    // Nothing of the refused calls was stored.
    expect((await detail(listId)).items.every((i) => i.walkPosition === null)).toBe(true);

    // 10002 is also kund's company, but the list is 10001's: not found there.
    const otherCompany = await walk(listId, { zone: zones[0], itemIds: [a.id] }, kund, '10002');
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.body.code).toBe('InventoryListNotFound');
    // A user of another company may not touch 10001 at all.
    expect((await walk(listId, { zone: zones[0], itemIds: [a.id] }, admin)).status).toBe(403);

    const duplicate = await walk(listId, { zone: zones[0], itemIds: [a.id, a.id] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.code).toBe('ValidationError');
    expect((await walk(listId, { zone: zones[0], itemIds: [] })).status).toBe(400);
    expect((await walk(listId, { zone: zones[0], itemIds: ['nope'] })).status).toBe(400);
  });

  it('a later list places an added article where the company placed it last time, and the index says so', async () => {
    const first = await newList('Januari gång');
    const items = await Promise.all(catalogue.slice(20, 24).map((p) => addItem(first, p.id, zones[2]!)));
    const order = [items[3]!, items[1]!, items[0]!, items[2]!].map((i) => i.id);
    expect((await walk(first, { zone: zones[2], itemIds: order })).status).toBe(200);

    const second = await newList('Februari gång');
    const again = await addItem(second, catalogue[21]!.id);
    expect(again).toMatchObject({ zone: zones[2], walkPosition: 1 });
    // Put in another zone, its old place in a walk means nothing.
    const moved = await addItem(second, catalogue[23]!.id, zones[0]!);
    expect(moved).toMatchObject({ zone: zones[0], walkPosition: null });

    const index = await call<ArticleIndexResponse>(kund, 'GET', url('10001', '/article-index'));
    const bySku = new Map(index.body.articles.map((a) => [a.articleNumber, a]));
    // The index carries the latest placement: catalogue[20] is only in the first list (place 2).
    expect(bySku.get(catalogue[20]!.sku)).toMatchObject({ zone: zones[2], walkPosition: 2 });
    expect(bySku.get(catalogue[22]!.sku)).toMatchObject({ zone: zones[2], walkPosition: 3 });
  });
});
