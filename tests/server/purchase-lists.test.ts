import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { products, purchaseListItems, purchaseLists } from '../../server/db/schema';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

type List = {
  id: string;
  companyCode: string;
  name: string;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
};
type Item = {
  id: string;
  productId: string;
  sku: string;
  name: string;
  brandName: string;
  unit: string;
  piecesPerCarton: number;
  quantity: number;
  addedAt: string;
  gtinPiece: string | null;
  gtinCarton: string | null;
  imageUrl: string | null;
  stockStatus: string;
  discontinued: boolean;
  wholeUnitsOnly: boolean;
};
type Detail = List & { items: Item[] };
type ItemAnswer = Item & { messages: { code: string; message: string }[] };
type Product = {
  id: string;
  sku: string;
  gtinPiece: string | null;
  gtinCarton: string | null;
  wholeUnitsOnly: boolean;
};

let app: TestApp;
let kund: string;
let admin: string;
let personal: string;
let ny: string;
let kundName: string;
/** Products sold in whole units, each with a carton GTIN; one sold by weight. */
let whole: Product[];
let loose: Product;
/** A seeded list of 10001 with items, as it was before any test ran. */
let seeded: List;

beforeAll(async () => {
  app = await createTestApp();
  [kund, admin, personal, ny] = await Promise.all([
    login(app, DEMO.kund),
    login(app, DEMO.admin),
    login(app, DEMO.personal),
    login(app, DEMO.ny),
  ]);
  const me = (await app.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(kund) })).json<{
    firstName: string;
    lastName: string;
  }>();
  kundName = `${me.firstName} ${me.lastName}`;
  const columns = {
    id: products.id,
    sku: products.sku,
    gtinPiece: products.gtinPiece,
    gtinCarton: products.gtinCarton,
    wholeUnitsOnly: products.wholeUnitsOnly,
  };
  const { db } = app.services.database;
  whole = await db
    .select(columns)
    .from(products)
    .where(and(eq(products.wholeUnitsOnly, true), isNotNull(products.gtinCarton)))
    .orderBy(products.sku);
  [loose] = (await db.select(columns).from(products).where(eq(products.wholeUnitsOnly, false))) as [Product];
  seeded = (await listsOf('10001')).find((l) => l.itemCount > 2)!;
  expect(seeded).toBeDefined();
  expect(whole.length).toBeGreaterThan(8);
  expect(loose).toBeDefined();
});
afterAll(() => app.closeAll());

const headers = (token?: string, key?: string) => ({
  ...(token ? bearer(token) : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: headers(token) });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object, key?: string) =>
  app.inject({ method, url, headers: headers(token, key), ...(payload ? { payload } : {}) });

const listsOf = async (company: string, token = kund) =>
  (await get(`/v1/purchase-lists?company=${company}`, token)).json<{ data: List[] }>().data;
const detail = async (id: string, token = kund) => (await get(`/v1/purchase-lists/${id}`, token)).json<Detail>();
async function createList(name: string, companyCode = '10001', token = kund): Promise<Detail> {
  const res = await send('POST', '/v1/purchase-lists', token, { companyCode, name });
  expect(res.statusCode).toBe(201);
  return res.json<Detail>();
}
async function addItem(listId: string, payload: object, token = kund): Promise<ItemAnswer> {
  const res = await send('POST', `/v1/purchase-lists/${listId}/items`, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ItemAnswer>();
}
const p = (i: number) => whole[i] as Product;
const sv = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A list of 10003 (admin's company), as its own administrator sees it. */
async function listOf10003(): Promise<List> {
  const list = (await listsOf('10003', admin)).find((l) => l.itemCount > 0);
  if (!list) throw new Error('10003 has no seeded purchase lists');
  return list;
}

describe('GET /v1/purchase-lists', () => {
  it('needs a token', async () => {
    const res = await get('/v1/purchase-lists?company=10001');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'Unauthorized' });
  });

  it('needs the company filter', async () => {
    for (const url of ['/v1/purchase-lists', '/v1/purchase-lists?company=', '/v1/purchase-lists?company=%20']) {
      const res = await get(url, kund);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'ValidationError',
        message: 'Kontrollera de markerade fälten.',
        fields: [{ path: 'company', message: 'Fältet är obligatoriskt.' }],
      });
    }
  });

  it("lists the company's lists with item counts and creator, in Swedish name order", async () => {
    const data = await listsOf('10001');
    expect(data.length).toBeGreaterThan(1);
    for (const list of data) {
      expect(list).toEqual({
        id: expect.any(String),
        companyCode: '10001',
        name: expect.any(String),
        itemCount: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        createdBy: expect.any(String),
      });
    }
    const first = data[0] as List;
    expect(first.itemCount).toBe((await detail(first.id)).items.length);
    expect(data.map((l) => l.name)).toEqual([...data.map((l) => l.name)].sort(sv.compare));
  });

  it('sorts å, ä and ö after z, ignoring case', async () => {
    for (const name of ['Ölkylen', 'Zucchini', 'äppelmust', 'Åkerbär', 'apelsiner']) await createList(name, '10002');
    const names = (await listsOf('10002')).map((l) => l.name);
    const ours = names.filter((n) => ['Ölkylen', 'Zucchini', 'äppelmust', 'Åkerbär', 'apelsiner'].includes(n));
    expect(ours).toEqual(['apelsiner', 'Zucchini', 'Åkerbär', 'äppelmust', 'Ölkylen']);
  });

  it("refuses another company's lists to a customer (403) and lets staff and the company's admin see them", async () => {
    for (const [token, company] of [
      [kund, '10003'],
      [kund, '99999'],
      [ny, '10001'],
    ] as const) {
      const res = await get(`/v1/purchase-lists?company=${company}`, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Forbidden' });
    }
    expect((await listsOf('10003', admin)).length).toBeGreaterThan(0);
    expect((await listsOf('10003', personal)).map((l) => l.id)).toEqual(
      (await listsOf('10003', admin)).map((l) => l.id),
    );
    expect((await get('/v1/purchase-lists?company=99999', personal)).statusCode).toBe(404);
  });
});

describe('POST /v1/purchase-lists', () => {
  it('creates a list, named as typed without surrounding spaces', async () => {
    const res = await send('POST', '/v1/purchase-lists', kund, { companyCode: '10001', name: '  Julbordet  ' });
    expect(res.statusCode).toBe(201);
    const list = res.json<Detail>();
    expect(list).toEqual({
      id: expect.any(String),
      companyCode: '10001',
      name: 'Julbordet',
      itemCount: 0,
      createdAt: expect.any(String),
      updatedAt: list.createdAt,
      createdBy: kundName,
      items: [],
    });
    expect((await listsOf('10001')).find((l) => l.id === list.id)).toMatchObject({ name: 'Julbordet', itemCount: 0 });
  });

  it('needs a name and a company, and refuses a malformed id', async () => {
    const empty = await send('POST', '/v1/purchase-lists', kund, { companyCode: '10001', name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: [{ path: 'name', message: 'Fältet är obligatoriskt.' }] });

    const nothing = await send('POST', '/v1/purchase-lists', kund, {});
    expect(nothing.json<{ fields: unknown[] }>().fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Fältet är obligatoriskt.' },
        { path: 'companyCode', message: 'Fältet är obligatoriskt.' },
      ]),
    );

    const long = await send('POST', '/v1/purchase-lists', kund, { companyCode: '10001', name: 'x'.repeat(101) });
    expect(long.json()).toMatchObject({ fields: [{ path: 'name', message: 'Värdet är för långt.' }] });
    expect(
      (await send('POST', '/v1/purchase-lists', kund, { companyCode: '10001', name: 'x'.repeat(100) })).statusCode,
    ).toBe(201);

    const badId = await send('POST', '/v1/purchase-lists', kund, { id: 'lista-1', companyCode: '10001', name: 'A' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ fields: [{ path: 'id', message: 'Ogiltigt värde.' }] });
  });

  it("refuses another company's code to a customer and creates nothing", async () => {
    const before = (await listsOf('10003', admin)).length;
    const res = await send('POST', '/v1/purchase-lists', kund, { companyCode: '10003', name: 'Smygande' });
    expect(res.statusCode).toBe(403);
    expect((await listsOf('10003', admin)).length).toBe(before);
  });

  it('lets staff create a list for any company', async () => {
    const list = await createList('Personalens lista', '10003', personal);
    expect(list.companyCode).toBe('10003');
    expect((await listsOf('10003', admin)).map((l) => l.id)).toContain(list.id);
  });

  it('keeps a client-generated id; the same id, company and name again is answered as created, once', async () => {
    const id = randomUUID();
    const body = { id, companyCode: '10001', name: 'Från mobilen' };
    const first = await send('POST', '/v1/purchase-lists', kund, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id, name: 'Från mobilen' });
    const again = await send('POST', '/v1/purchase-lists', kund, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await listsOf('10001')).filter((l) => l.id === id)).toHaveLength(1);

    for (const other of [
      { ...body, name: 'Något annat' },
      { ...body, companyCode: '10002' },
    ]) {
      const res = await send('POST', '/v1/purchase-lists', kund, other);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'ClientIdTaken',
        message: 'Posten finns redan med annat innehåll. Uppdatera sidan och försök igen.',
      });
    }
    expect((await detail(id)).name).toBe('Från mobilen');
  });
});

describe('one list: read, rename, delete', () => {
  it('reads a list with its items', async () => {
    const res = await get(`/v1/purchase-lists/${seeded.id}`, kund);
    expect(res.statusCode).toBe(200);
    const list = res.json<Detail>();
    expect(list).toMatchObject({ ...seeded, items: expect.any(Array) });
    expect(list.items).toHaveLength(seeded.itemCount);
    expect(list.items[0]).toEqual({
      id: expect.any(String),
      productId: expect.any(String),
      sku: expect.stringMatching(/^\d+$/),
      name: expect.any(String),
      brandName: expect.any(String),
      unit: expect.stringMatching(/^(piece|carton)$/),
      piecesPerCarton: expect.any(Number),
      quantity: expect.any(Number),
      addedAt: expect.any(String),
      gtinPiece: expect.any(String),
      gtinCarton: list.items[0]!.gtinCarton === null ? null : expect.stringMatching(/^\d{13,14}$/),
      imageUrl: expect.stringMatching(/^\/images\//),
      stockStatus: expect.stringMatching(/^(in_stock|few_left|out_of_stock)$/),
      discontinued: expect.any(Boolean),
      wholeUnitsOnly: expect.any(Boolean),
    });
  });

  it('answers 404 for an unknown, malformed or foreign list', async () => {
    const foreign = await listOf10003();
    for (const id of [randomUUID(), 'inte-ett-id', foreign.id]) {
      const res = await get(`/v1/purchase-lists/${id}`, kund);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'PurchaseListNotFound', message: 'Inköpslistan kunde inte hittas.' });
      expect((await get(`/v1/purchase-lists/${id}/items`, kund)).statusCode).toBe(404);
    }
    expect((await get(`/v1/purchase-lists/${foreign.id}`, personal)).statusCode).toBe(200);
  });

  it('renames a list and moves its updatedAt', async () => {
    const list = await createList('Gammalt namn');
    await tick();
    const res = await send('PATCH', `/v1/purchase-lists/${list.id}`, kund, { name: ' Nytt namn ' });
    expect(res.statusCode).toBe(200);
    const renamed = res.json<Detail>();
    expect(renamed).toMatchObject({ id: list.id, name: 'Nytt namn', createdAt: list.createdAt });
    expect(renamed.updatedAt > list.updatedAt).toBe(true);
    expect((await detail(list.id)).name).toBe('Nytt namn');

    const empty = await send('PATCH', `/v1/purchase-lists/${list.id}`, kund, { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: [{ path: 'name', message: 'Fältet är obligatoriskt.' }] });
  });

  it('deletes a list with its items', async () => {
    const list = await createList('Kortlivad');
    await addItem(list.id, { productId: p(0).id, quantity: 1 });
    const res = await send('DELETE', `/v1/purchase-lists/${list.id}`, kund);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(`/v1/purchase-lists/${list.id}`, kund)).statusCode).toBe(404);
    expect((await listsOf('10001')).map((l) => l.id)).not.toContain(list.id);
    const { db } = app.services.database;
    expect(await db.select().from(purchaseListItems).where(eq(purchaseListItems.listId, list.id))).toEqual([]);
    expect((await send('DELETE', `/v1/purchase-lists/${list.id}`, kund)).statusCode).toBe(404);
  });

  it('does not let a customer of 10001 see, rename, delete or add to a list of 10003; staff may', async () => {
    const foreign = await listOf10003();
    const before = await detail(foreign.id, admin);
    const tries = [
      send('PATCH', `/v1/purchase-lists/${foreign.id}`, kund, { name: 'Kapad' }),
      send('DELETE', `/v1/purchase-lists/${foreign.id}`, kund),
      send('POST', `/v1/purchase-lists/${foreign.id}/items`, kund, { productId: p(0).id, quantity: 1 }),
      send('POST', `/v1/purchase-lists/${foreign.id}/items/reset`, kund),
      send('PATCH', `/v1/purchase-lists/${foreign.id}/items/${before.items[0]!.id}`, kund, { quantity: 7 }),
      send('DELETE', `/v1/purchase-lists/${foreign.id}/items/${before.items[0]!.id}`, kund),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PurchaseListNotFound' });
    }
    expect(await detail(foreign.id, admin)).toEqual(before);

    const renamed = await send('PATCH', `/v1/purchase-lists/${foreign.id}`, personal, { name: 'Omdöpt av personal' });
    expect(renamed.statusCode).toBe(200);
    expect((await detail(foreign.id, admin)).name).toBe('Omdöpt av personal');
    const staffList = await createList('Att ta bort', '10003', admin);
    expect((await send('DELETE', `/v1/purchase-lists/${staffList.id}`, personal)).statusCode).toBe(204);
  });

  it('needs a token for every call', async () => {
    const id = randomUUID();
    const calls = [
      send('POST', '/v1/purchase-lists', undefined, { companyCode: '10001', name: 'x' }),
      get(`/v1/purchase-lists/${id}`),
      send('PATCH', `/v1/purchase-lists/${id}`, undefined, { name: 'x' }),
      send('DELETE', `/v1/purchase-lists/${id}`),
      get(`/v1/purchase-lists/${id}/items`),
      send('POST', `/v1/purchase-lists/${id}/items`, undefined, { productId: p(0).id, quantity: 1 }),
      send('PATCH', `/v1/purchase-lists/${id}/items/${id}`, undefined, { quantity: 1 }),
      send('DELETE', `/v1/purchase-lists/${id}/items/${id}`),
      send('POST', `/v1/purchase-lists/${id}/items/reset`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });
});

describe('items', () => {
  it('adds an article by product id, article number, piece EAN or carton EAN', async () => {
    const list = await createList('Fyra sätt');
    await tick();
    const byId = await addItem(list.id, { productId: p(0).id, quantity: 2 });
    expect(byId).toMatchObject({ productId: p(0).id, sku: p(0).sku, quantity: 2, messages: [] });
    const bySku = await addItem(list.id, { articleNumber: ` ${p(1).sku} `, quantity: 3 });
    expect(bySku).toMatchObject({ productId: p(1).id, quantity: 3 });
    const byPiece = await addItem(list.id, { ean: p(2).gtinPiece!, quantity: 1 });
    expect(byPiece).toMatchObject({ productId: p(2).id, gtinPiece: p(2).gtinPiece });
    const byCarton = await addItem(list.id, { ean: p(3).gtinCarton!, quantity: 5 });
    expect(byCarton).toMatchObject({ productId: p(3).id, gtinCarton: p(3).gtinCarton, quantity: 5 });

    const after = await detail(list.id);
    expect(after.itemCount).toBe(4);
    expect(after.items.map((i) => i.id)).toEqual([byId.id, bySku.id, byPiece.id, byCarton.id]);
    expect(after.updatedAt > list.updatedAt).toBe(true);
    expect(after.updatedAt).toBe(byCarton.addedAt);
  });

  it('refuses an article that is already in the list, however it is named, with the hint', async () => {
    const list = await createList('Dubbletter');
    await addItem(list.id, { productId: p(0).id, quantity: 1 });
    for (const [payload, path] of [
      [{ productId: p(0).id, quantity: 4 }, 'productId'],
      [{ articleNumber: p(0).sku, quantity: 4 }, 'articleNumber'],
      [{ ean: p(0).gtinPiece, quantity: 4 }, 'ean'],
      [{ ean: p(0).gtinCarton, quantity: 4 }, 'ean'],
    ] as const) {
      const res = await send('POST', `/v1/purchase-lists/${list.id}/items`, kund, payload);
      expect(res.statusCode).toBe(409);
      const hint = 'Artikeln finns redan i listan. Ändra antalet på raden i stället.';
      expect(res.json()).toEqual({ code: 'ArticleAlreadyInList', message: hint, fields: [{ path, message: hint }] });
    }
    const { items } = await detail(list.id);
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(1);
  });

  it('answers 404 ProductNotFound for an unknown article', async () => {
    const list = await createList('Okända');
    for (const [payload, path] of [
      [{ articleNumber: '000000', quantity: 1 }, 'articleNumber'],
      [{ ean: '7300000000000', quantity: 1 }, 'ean'],
      [{ productId: randomUUID(), quantity: 1 }, 'productId'],
    ] as const) {
      const res = await send('POST', `/v1/purchase-lists/${list.id}/items`, kund, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'ProductNotFound',
        message: 'Artikeln kunde inte hittas.',
        fields: [{ path, message: 'Artikeln kunde inte hittas.' }],
      });
    }
    expect((await detail(list.id)).items).toEqual([]);
  });

  it('lists bad input field by field in Swedish', async () => {
    const list = await createList('Felaktigt');
    const post = (payload: object) => send('POST', `/v1/purchase-lists/${list.id}/items`, kund, payload);
    const fields = async (payload: object) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ValidationError', message: 'Kontrollera de markerade fälten.' });
      return res.json<{ fields: { path: string; message: string }[] }>().fields;
    };
    expect(await fields({})).toEqual([
      { path: 'quantity', message: 'Fältet är obligatoriskt.' },
      { path: 'articleNumber', message: 'Fältet är obligatoriskt.' },
    ]);
    expect(await fields({ productId: p(0).id, articleNumber: p(1).sku, quantity: 1 })).toEqual([
      { path: 'productId', message: 'Ogiltigt värde.' },
      { path: 'articleNumber', message: 'Ogiltigt värde.' },
    ]);
    expect(await fields({ productId: p(0).id, quantity: 0 })).toEqual([
      { path: 'quantity', message: 'Värdet är för litet.' },
    ]);
    expect(await fields({ productId: p(0).id, quantity: -2 })).toEqual([
      { path: 'quantity', message: 'Värdet är för litet.' },
    ]);
    expect(await fields({ productId: p(0).id, quantity: 10000 })).toEqual([
      { path: 'quantity', message: 'Värdet är för stort.' },
    ]);
    expect(await fields({ productId: p(0).id, quantity: '2' })).toEqual([
      { path: 'quantity', message: 'Fältet måste vara ett tal.' },
    ]);
    expect(await fields({ ean: '12ab', quantity: 1 })).toEqual([{ path: 'ean', message: 'Ogiltigt värde.' }]);
    expect(await fields({ productId: 'nej', quantity: 1 })).toEqual([
      { path: 'productId', message: 'Ogiltigt värde.' },
    ]);
    expect(await fields({ id: 'rad-1', productId: p(0).id, quantity: 1 })).toEqual([
      { path: 'id', message: 'Ogiltigt värde.' },
    ]);
    expect((await post({ productId: p(0).id, quantity: 9999 })).statusCode).toBe(201);
    expect((await detail(list.id)).items).toHaveLength(1);
  });

  it('rounds a quantity of a whole-unit article with a notice, and keeps a weighed one as given', async () => {
    const list = await createList('Avrundning');
    const rounded = await addItem(list.id, { productId: p(0).id, quantity: 2.4 });
    expect(rounded.quantity).toBe(2);
    expect(rounded.messages).toEqual([
      {
        code: 'QuantityRounded',
        message: 'Artikeln säljs bara i hela enheter. Antalet har avrundats till 2.',
      },
    ]);
    const upToOne = await addItem(list.id, { productId: p(1).id, quantity: 0.3 });
    expect(upToOne).toMatchObject({ quantity: 1, messages: [{ code: 'QuantityRounded' }] });
    const weighed = await addItem(list.id, { productId: loose.id, quantity: 2.5 });
    expect(weighed).toMatchObject({ quantity: 2.5, wholeUnitsOnly: false, messages: [] });

    const patched = await send('PATCH', `/v1/purchase-lists/${list.id}/items/${rounded.id}`, kund, { quantity: 6.5 });
    expect(patched.json()).toMatchObject({ quantity: 7, messages: [{ code: 'QuantityRounded' }] });
    expect((await detail(list.id)).items.map((i) => i.quantity)).toEqual([7, 1, 2.5]);
  });

  it("changes an item's quantity (0 allowed) and moves the list's updatedAt", async () => {
    const list = await createList('Antal');
    const item = await addItem(list.id, { productId: p(0).id, quantity: 1 });
    await tick();
    const res = await send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...item, quantity: 12, messages: [] });
    const after = await detail(list.id);
    expect(after.items[0]!.quantity).toBe(12);
    expect(after.updatedAt > item.addedAt).toBe(true);

    const zero = await send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: 0 });
    expect(zero.json()).toMatchObject({ quantity: 0 });
    const negative = await send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ fields: [{ path: 'quantity', message: 'Värdet är för litet.' }] });

    for (const itemId of [randomUUID(), 'x']) {
      const missing = await send('PATCH', `/v1/purchase-lists/${list.id}/items/${itemId}`, kund, { quantity: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        code: 'PurchaseListItemNotFound',
        message: 'Raden finns inte längre i inköpslistan.',
      });
    }
  });

  it('does not reach an item through another list', async () => {
    const a = await createList('Lista A');
    const b = await createList('Lista B');
    const item = await addItem(a.id, { productId: p(0).id, quantity: 1 });
    expect((await send('PATCH', `/v1/purchase-lists/${b.id}/items/${item.id}`, kund, { quantity: 3 })).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/v1/purchase-lists/${b.id}/items/${item.id}`, kund)).statusCode).toBe(404);
    expect((await detail(a.id)).items).toMatchObject([{ id: item.id, quantity: 1 }]);
  });

  it('removes an item', async () => {
    const list = await createList('Borttagning');
    const keep = await addItem(list.id, { productId: p(0).id, quantity: 1 });
    const drop = await addItem(list.id, { productId: p(1).id, quantity: 1 });
    const res = await send('DELETE', `/v1/purchase-lists/${list.id}/items/${drop.id}`, kund);
    expect(res.statusCode).toBe(204);
    expect((await detail(list.id)).items.map((i) => i.id)).toEqual([keep.id]);
    expect((await send('DELETE', `/v1/purchase-lists/${list.id}/items/${drop.id}`, kund)).statusCode).toBe(404);
    // The article can be added again once it is gone.
    await addItem(list.id, { productId: p(1).id, quantity: 2 });
  });

  it('resets every quantity to 0 and keeps the articles', async () => {
    const before = await detail(seeded.id);
    expect(before.items.some((i) => i.quantity > 0)).toBe(true);
    const res = await send('POST', `/v1/purchase-lists/${seeded.id}/items/reset`, kund);
    expect(res.statusCode).toBe(200);
    const after = res.json<Detail>();
    expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
    expect(after.items.every((i) => i.quantity === 0)).toBe(true);
    expect(after.itemCount).toBe(before.itemCount);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(await detail(seeded.id)).toEqual(after);
  });

  it('keeps a client-generated item id; resending the same add answers with the item, once', async () => {
    const list = await createList('Klient-id');
    const id = randomUUID();
    const body = { id, productId: p(0).id, quantity: 2 };
    const first = await addItem(list.id, body);
    expect(first.id).toBe(id);
    const again = await addItem(list.id, body);
    expect(again).toEqual(first);
    expect((await detail(list.id)).items).toHaveLength(1);

    const other = await createList('Annan lista');
    for (const [listId, payload] of [
      [list.id, { id, productId: p(1).id, quantity: 2 }],
      [other.id, body],
    ] as const) {
      const res = await send('POST', `/v1/purchase-lists/${listId}/items`, kund, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ClientIdTaken' });
    }
    expect((await detail(other.id)).items).toEqual([]);
  });
});

describe('sorting items', () => {
  let list: Detail;
  beforeAll(async () => {
    list = await createList('Sortering');
    for (const [i, quantity] of [
      [4, 3],
      [5, 10],
      [6, 1],
      [7, 7],
      [8, 3],
    ] as const) {
      await addItem(list.id, { productId: p(i).id, quantity });
      await tick();
    }
  });
  const sorted = async (query: string) => {
    const res = await get(`/v1/purchase-lists/${list.id}/items${query}`, kund);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Item[] }>().data;
  };
  const byName = (a: Item, b: Item) => sv.compare(a.name, b.name);

  it('sorts by date added by default, and in both directions', async () => {
    const items = await sorted('');
    expect(items.map((i) => i.productId)).toEqual([4, 5, 6, 7, 8].map((i) => p(i).id));
    expect((await sorted('?sort=date&order=desc')).map((i) => i.productId)).toEqual(
      [8, 7, 6, 5, 4].map((i) => p(i).id),
    );
    expect((await detail(list.id)).items).toEqual(items);
  });

  it('sorts by name, quantity and brand', async () => {
    const items = await sorted('');
    expect(await sorted('?sort=name')).toEqual([...items].sort(byName));
    expect(await sorted('?sort=name&order=desc')).toEqual([...items].sort((a, b) => byName(b, a)));
    expect(await sorted('?sort=quantity&order=asc')).toEqual(
      [...items].sort((a, b) => a.quantity - b.quantity || byName(a, b)),
    );
    expect((await sorted('?sort=quantity&order=desc')).map((i) => i.quantity)).toEqual([10, 7, 3, 3, 1]);
    expect(await sorted('?sort=brand')).toEqual(
      [...items].sort((a, b) => sv.compare(a.brandName, b.brandName) || byName(a, b)),
    );
    const viaDetail = (await get(`/v1/purchase-lists/${list.id}?sort=quantity&order=desc`, kund)).json<Detail>();
    expect(viaDetail.items.map((i) => i.quantity)).toEqual([10, 7, 3, 3, 1]);
  });

  it('refuses an unknown sort or order', async () => {
    for (const [query, path] of [
      ['?sort=price', 'sort'],
      ['?order=up', 'order'],
    ]) {
      const res = await get(`/v1/purchase-lists/${list.id}/items${query}`, kund);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path, message: 'Ogiltigt värde.' }] });
    }
  });
});

describe('Idempotency-Key', () => {
  it('answers a resent create with the stored answer and creates one list', async () => {
    const key = randomUUID();
    const body = { companyCode: '10001', name: 'Nyckellistan' };
    const first = await send('POST', '/v1/purchase-lists', kund, body, key);
    const second = await send('POST', '/v1/purchase-lists', kund, body, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await listsOf('10001')).filter((l) => l.name === 'Nyckellistan')).toHaveLength(1);
  });

  it('applies each item change once, however often it is sent', async () => {
    const list = await createList('Nyckelrader');
    const addKey = randomUUID();
    const add = () =>
      send('POST', `/v1/purchase-lists/${list.id}/items`, kund, { productId: p(0).id, quantity: 2 }, addKey);
    const added = await add();
    expect(added.statusCode).toBe(201);
    const replayed = await add();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(replayed.json()).toEqual(added.json());

    const item = added.json<Item>();
    const patchKey = randomUUID();
    const patch = () =>
      send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: 5 }, patchKey);
    expect((await patch()).statusCode).toBe(200);
    // Changed again in between; the late resend must not undo it.
    await send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: 8 });
    const late = await patch();
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ quantity: 5 });
    expect((await detail(list.id)).items).toMatchObject([{ id: item.id, quantity: 8 }]);

    const resetKey = randomUUID();
    await send('POST', `/v1/purchase-lists/${list.id}/items/reset`, kund, undefined, resetKey);
    await send('PATCH', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, { quantity: 3 });
    const lateReset = await send('POST', `/v1/purchase-lists/${list.id}/items/reset`, kund, undefined, resetKey);
    expect(lateReset.headers['idempotency-replayed']).toBe('true');
    expect((await detail(list.id)).items).toMatchObject([{ quantity: 3 }]);

    const removeKey = randomUUID();
    const remove = () => send('DELETE', `/v1/purchase-lists/${list.id}/items/${item.id}`, kund, undefined, removeKey);
    expect((await remove()).statusCode).toBe(204);
    const removedAgain = await remove();
    expect(removedAgain.statusCode).toBe(204);
    expect(removedAgain.headers['idempotency-replayed']).toBe('true');
    // A late resend of the add does not bring the removed item back.
    expect((await add()).statusCode).toBe(201);
    expect((await detail(list.id)).items).toEqual([]);
  });

  it('does not resurrect a deleted list when its create, rename or an add is resent', async () => {
    const id = randomUUID();
    const createKey = randomUUID();
    const body = { id, companyCode: '10001', name: 'Borta' };
    expect((await send('POST', '/v1/purchase-lists', kund, body, createKey)).statusCode).toBe(201);
    const renameKey = randomUUID();
    await send('PATCH', `/v1/purchase-lists/${id}`, kund, { name: 'Borta snart' }, renameKey);
    const addKey = randomUUID();
    const addBody = { id: randomUUID(), productId: p(0).id, quantity: 1 };
    await send('POST', `/v1/purchase-lists/${id}/items`, kund, addBody, addKey);
    const deleteKey = randomUUID();
    expect((await send('DELETE', `/v1/purchase-lists/${id}`, kund, undefined, deleteKey)).statusCode).toBe(204);

    const resent = [
      await send('POST', '/v1/purchase-lists', kund, body, createKey),
      await send('PATCH', `/v1/purchase-lists/${id}`, kund, { name: 'Borta snart' }, renameKey),
      await send('POST', `/v1/purchase-lists/${id}/items`, kund, addBody, addKey),
      await send('DELETE', `/v1/purchase-lists/${id}`, kund, undefined, deleteKey),
    ];
    expect(resent.map((r) => r.statusCode)).toEqual([201, 200, 201, 204]);
    for (const r of resent) expect(r.headers['idempotency-replayed']).toBe('true');
    expect((await get(`/v1/purchase-lists/${id}`, kund)).statusCode).toBe(404);
    expect((await listsOf('10001')).map((l) => l.id)).not.toContain(id);
    const { db } = app.services.database;
    expect(await db.select().from(purchaseLists).where(eq(purchaseLists.id, id))).toEqual([]);
  });

  it('refuses the same key with another body, and stores nothing for a refused change', async () => {
    const list = await createList('Nyckelfel');
    const key = randomUUID();
    await send('POST', `/v1/purchase-lists/${list.id}/items`, kund, { productId: p(0).id, quantity: 1 }, key);
    const reused = await send(
      'POST',
      `/v1/purchase-lists/${list.id}/items`,
      kund,
      { productId: p(1).id, quantity: 1 },
      key,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IdempotencyKeyReused' });

    // A refused add (duplicate) stores nothing: once the line is gone, the same request and key succeed.
    const dupKey = randomUUID();
    const dup = () =>
      send('POST', `/v1/purchase-lists/${list.id}/items`, kund, { productId: p(0).id, quantity: 4 }, dupKey);
    expect((await dup()).statusCode).toBe(409);
    const [line] = (await detail(list.id)).items;
    await send('DELETE', `/v1/purchase-lists/${list.id}/items/${line!.id}`, kund);
    expect((await dup()).statusCode).toBe(201);
    expect((await detail(list.id)).items).toMatchObject([{ productId: p(0).id, quantity: 4 }]);
  });

  it('answers both copies of a change sent twice at the same time as done', async () => {
    for (let n = 0; n < 4; n++) {
      const list = await createList(`Tvilling ${n}`);
      const item = await addItem(list.id, { productId: p(0).id, quantity: 1 });
      const twice = (method: 'DELETE', url: string) => {
        const key = randomUUID();
        return Promise.all([send(method, url, kund, undefined, key), send(method, url, kund, undefined, key)]);
      };
      const removed = await twice('DELETE', `/v1/purchase-lists/${list.id}/items/${item.id}`);
      expect(removed.map((r) => r.statusCode)).toEqual([204, 204]);
      const deleted = await twice('DELETE', `/v1/purchase-lists/${list.id}`);
      expect(deleted.map((r) => r.statusCode)).toEqual([204, 204]);
      expect(deleted.map((r) => r.headers['idempotency-replayed'])).toContain('true');
    }
  });

  it('applies a create sent twice at the same time once', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const body = { id, companyCode: '10002', name: 'Samtidigt' };
    const [a, b] = await Promise.all([
      send('POST', '/v1/purchase-lists', kund, body, key),
      send('POST', '/v1/purchase-lists', kund, body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect((await listsOf('10002')).filter((l) => l.id === id)).toHaveLength(1);
  });
});
