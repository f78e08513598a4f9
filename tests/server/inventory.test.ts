import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { companies, companyProducts, inventoryLists, products } from '../../server/db/schema';
import type {
  ArticleIndexResponse,
  InventoryGroupsResponse,
  InventoryItemsResponse,
  InventoryList,
  InventoryListDetail,
  InventoryListItem,
  PagedInventoryLists,
  ShortfallResponse,
} from '../../contract/inventory';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let admin: string;
let personal: string;

const url = (code: string, path: string) => `/v1/company/${code}${path}`;

async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: path,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T, headers: res.headers };
}

let catalogue: { id: string; sku: string; unit: string; piecesPerCarton: number }[];

beforeAll(async () => {
  app = await createTestApp();
  [kund, admin, personal] = await Promise.all([
    login(app, DEMO.kund),
    login(app, DEMO.admin),
    login(app, DEMO.personal),
  ]);
  catalogue = await app.services.database.db
    .select({ id: products.id, sku: products.sku, unit: products.unit, piecesPerCarton: products.piecesPerCarton })
    .from(products)
    .where(eq(products.discontinued, false))
    .orderBy(products.sku)
    .limit(20);
}, 180_000);
afterAll(() => app.closeAll());

async function newList(name = `Test ${randomUUID().slice(0, 6)}`, extra: object = {}) {
  const res = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), {
    id: randomUUID(),
    name,
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('seeded demo data', () => {
  it('lists 10001 inventory lists newest first, with a large counted list', async () => {
    const res = await call<PagedInventoryLists>(kund, 'GET', url('10001', '/inventory-lists?pageSize=50'));
    expect(res.status).toBe(200);
    const big = res.body.data.find((l) => l.name.startsWith('Storinventering'));
    expect(big).toBeDefined();
    expect(big!.itemCount).toBeGreaterThan(10);
    expect(big!.countedCount).toBe(big!.itemCount);
    expect(big!.stockValue).toBeGreaterThan(0);
    expect(big!.previousListId).not.toBeNull();
    const detail = await call<InventoryListDetail>(kund, 'GET', url('10001', `/inventory-list/${big!.id}`));
    expect(detail.body.items.length).toBe(big!.itemCount);
    expect(new Set(detail.body.items.map((i) => i.zone)).size).toBeGreaterThan(1);
    expect(new Set(detail.body.items.map((i) => i.account)).size).toBeGreaterThan(1);
    expect(detail.body.items.some((i) => i.conflict && i.countedBy.length === 2)).toBe(true);
    expect(detail.body.items.some((i) => i.previousQuantity !== null)).toBe(true);
    const starts = res.body.data.map((l) => l.dateFrom ?? '');
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('searches and pages lists', async () => {
    const res = await call<PagedInventoryLists>(kund, 'GET', url('10001', '/inventory-lists?q=storinv&pageSize=1'));
    expect(res.body.totalRecords).toBe(1);
    expect(res.body.data[0]!.name).toMatch(/^Storinventering/);
    const paged = await call<PagedInventoryLists>(kund, 'GET', url('10001', '/inventory-lists?page=2&pageSize=1'));
    expect(paged.body.currentPage).toBe(2);
    expect(paged.body.totalPages).toBeGreaterThanOrEqual(2);
  });

  it('serves the chart of accounts and zones of 10001, 10002 and 10003', async () => {
    for (const [token, code] of [
      [kund, '10001'],
      [kund, '10002'],
      [admin, '10003'],
    ] as const) {
      const chart = await call<{ data: { number: string; name: string; active: boolean }[] }>(
        token,
        'GET',
        url(code, '/chart-of-account'),
      );
      expect(chart.status).toBe(200);
      expect(chart.body.data.map((a) => a.number)).toContain('1460');
      const zones = await call<{ data: { name: string; sort: number }[] }>(token, 'GET', url(code, '/zones'));
      expect(zones.body.data.length).toBeGreaterThanOrEqual(3);
      expect(zones.body.data.map((z) => z.sort)).toEqual([...zones.body.data.map((z) => z.sort)].sort((a, b) => a - b));
    }
  });
});

describe('lists', () => {
  it('creates (with a client id, replayed), reads, renames and deletes a list', async () => {
    const id = randomUUID();
    const body = { id, name: 'Kvartalsinventering', dateFrom: '2026-12-01', dateTo: '2026-12-31' };
    const created = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id, name: 'Kvartalsinventering', itemCount: 0, companyCode: '10001' });
    // The server picked the latest earlier list for the comparison.
    expect(created.body.previousListId).not.toBeNull();
    const again = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), body);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(id);
    const clash = await call(kund, 'POST', url('10001', '/inventory-list'), { ...body, name: 'Annat' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'ClientIdTaken' });

    const put = await call<InventoryList>(kund, 'PUT', url('10001', `/inventory-list/${id}`), {
      name: 'Q4',
      dateFrom: null,
      dateTo: null,
      previousListId: null,
    });
    expect(put.body).toMatchObject({ name: 'Q4', dateFrom: null, previousListId: null });
    const del = await call(kund, 'DELETE', url('10001', `/inventory-list/${id}`));
    expect(del.status).toBe(204);
    const gone = await call(kund, 'GET', url('10001', `/inventory-list/${id}`));
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      code: 'InventoryListNotFound',
      message: 'Inventeringslistan kunde inte hittas.',
    });
  });

  it('refuses bad input with Swedish field messages', async () => {
    const res = await call<{ code: string; fields: { path: string; message: string }[] }>(
      kund,
      'POST',
      url('10001', '/inventory-list'),
      { id: 'nope', name: '  ', dateFrom: '2026-13', dateTo: '2026-01-01' },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ValidationError');
    const paths = Object.fromEntries(res.body.fields.map((f) => [f.path, f.message]));
    expect(paths.name).toBe('Fältet är obligatoriskt.');
    expect(paths.dateFrom).toBe('Ange ett giltigt datum (ÅÅÅÅ-MM-DD).');
    expect(paths.id).toBe('Ogiltigt värde.');
    const order = await call<{ fields: { path: string }[] }>(kund, 'POST', url('10001', '/inventory-list'), {
      name: 'x',
      dateFrom: '2026-02-01',
      dateTo: '2026-01-01',
    });
    expect(order.body.fields.map((f) => f.path)).toEqual(['dateTo']);
  });

  it('answers 401 without a token, 403 for another company, 404 for a list of another company', async () => {
    expect((await app.inject({ method: 'GET', url: url('10001', '/inventory-lists') })).statusCode).toBe(401);
    expect((await call(kund, 'GET', url('10003', '/inventory-lists'))).status).toBe(403);
    expect((await call(kund, 'GET', url('10003', '/chart-of-account'))).status).toBe(403);
    expect((await call(kund, 'GET', url('10003', '/article-index'))).status).toBe(403);
    const [other] = await app.services.database.db
      .select({ id: inventoryLists.id })
      .from(inventoryLists)
      .innerJoin(companies, eq(companies.id, inventoryLists.companyId))
      .where(eq(companies.code, '10002'))
      .limit(1);
    // kund may act for 10002, but the list is not 10001's.
    expect((await call(kund, 'GET', url('10001', `/inventory-list/${other!.id}`))).status).toBe(404);
    expect((await call(kund, 'GET', url('10002', `/inventory-list/${other!.id}`))).status).toBe(200);
    expect((await call(kund, 'DELETE', url('10001', `/inventory-list/${other!.id}`))).status).toBe(404);
    expect((await call(kund, 'GET', url('10001', '/inventory-list/not-a-uuid'))).status).toBe(404);
    // Staff may act for any company.
    expect((await call(personal, 'GET', url('10002', `/inventory-list/${other!.id}`))).status).toBe(200);
  });

  it('replays a change with the same Idempotency-Key and refuses the key with another body', async () => {
    const key = randomUUID();
    const body = { id: randomUUID(), name: 'Nyckel' };
    const first = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), body, {
      'idempotency-key': key,
    });
    const second = await call<InventoryList>(kund, 'POST', url('10001', '/inventory-list'), body, {
      'idempotency-key': key,
    });
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    const other = await call(
      kund,
      'POST',
      url('10001', '/inventory-list'),
      { ...body, name: 'Annan' },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
  });
});

describe('items', () => {
  it('adds a catalogue product with the company price and defaults, refuses it twice, patches and removes it', async () => {
    const list = await newList();
    const p = catalogue[0]!;
    const id = randomUUID();
    const added = await call<InventoryListItem>(kund, 'POST', url('10001', `/inventory-list/${list.id}/item`), {
      id,
      productId: p.id,
      parLevel: 5,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id,
      productId: p.id,
      articleNumber: p.sku,
      unit: p.unit,
      quantity: 0,
      parLevel: 5,
      counted: false,
      conflict: false,
    });
    const prices = await call<{ data: { productId: string; price: number }[] }>(
      kund,
      'GET',
      `/v1/products/prices?company=10001&ids=${p.id}`,
    );
    if (prices.status === 200 && prices.body.data[0]) expect(added.body.price).toBe(prices.body.data[0].price);
    // The same client id again is a resend.
    const resend = await call<InventoryListItem>(kund, 'POST', url('10001', `/inventory-list/${list.id}/item`), {
      id,
      productId: p.id,
      parLevel: 5,
    });
    expect(resend.status).toBe(201);
    expect(resend.body.id).toBe(id);
    // Another id for the same article: the spec's hint.
    const twice = await call<{ code: string; message: string; fields: { path: string; message: string }[] }>(
      kund,
      'POST',
      url('10001', `/inventory-list/${list.id}/item`),
      { id: randomUUID(), productId: p.id },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ArticleAlreadyInList');
    expect(twice.body.message).toBe('Artikeln finns redan i listan. Ändra antalet på raden i stället.');
    expect(twice.body.fields[0]!.path).toBe('productId');

    const patched = await call<InventoryListItem>(
      kund,
      'PATCH',
      url('10001', `/inventory-list/${list.id}/item/${id}`),
      { zone: null, account: '1460', price: 12345, parLevel: null },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      zone: null,
      account: '1460',
      accountName: 'Lager av handelsvaror',
      price: 12345,
      parLevel: null,
    });
    const badAccount = await call<{ code: string; fields: { path: string; message: string }[] }>(
      kund,
      'PATCH',
      url('10001', `/inventory-list/${list.id}/item/${id}`),
      { account: '9999' },
    );
    expect(badAccount.status).toBe(400);
    expect(badAccount.body.fields[0]).toEqual({
      path: 'account',
      message: 'Kontot finns inte i företagets kontoplan.',
    });
    const badZone = await call<{ fields: { path: string; message: string }[] }>(
      kund,
      'PATCH',
      url('10001', `/inventory-list/${list.id}/item/${id}`),
      { zone: 'Månen' },
    );
    expect(badZone.body.fields[0]).toEqual({ path: 'zone', message: 'Zonen finns inte bland företagets zoner.' });
    const empty = await call(kund, 'PATCH', url('10001', `/inventory-list/${list.id}/item/${id}`), {});
    expect(empty.status).toBe(400);

    expect((await call(kund, 'DELETE', url('10001', `/inventory-list/${list.id}/item/${id}`))).status).toBe(204);
    const again = await call<{ code: string }>(kund, 'DELETE', url('10001', `/inventory-list/${list.id}/item/${id}`));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('InventoryListItemNotFound');
  });

  it('adds an own article, and refuses a second article with the same article number', async () => {
    const db = app.services.database.db;
    const [c] = await db.select().from(companies).where(eq(companies.code, '10001'));
    const own = await db
      .select()
      .from(companyProducts)
      .where(and(eq(companyProducts.companyId, c!.id), isNotNull(companyProducts.gtin)));
    expect(own.length).toBeGreaterThan(0);
    const list = await newList();
    const o = own[0]!;
    const added = await call<InventoryListItem>(kund, 'POST', url('10001', `/inventory-list/${list.id}/item`), {
      id: randomUUID(),
      companyProductId: o.id,
    });
    expect(added.body).toMatchObject({
      companyProductId: o.id,
      articleNumber: o.articleNumber,
      price: o.price,
      gtinPiece: o.gtin,
    });
    // Another own article reusing that article number (made by another route than the API: an old clash).
    const clash = await call<InventoryListItem>(kund, 'POST', url('10001', '/product'), {
      id: randomUUID(),
      name: 'Krock',
      articleNumber: 'KROCK-1',
    });
    expect(clash.status).toBe(201);
    await db
      .update(companyProducts)
      .set({ articleNumber: o.articleNumber + '-x' })
      .where(eq(companyProducts.id, clash.body.id));
    await call(kund, 'PATCH', url('10001', `/inventory-list/${list.id}/item/${added.body.id}`), { parLevel: 1 });
    const other = await call<InventoryListItem>(kund, 'POST', url('10001', `/inventory-list/${list.id}/item`), {
      id: randomUUID(),
      companyProductId: clash.body.id,
    });
    expect(other.status).toBe(201);
    const [item] = (
      await call<InventoryItemsResponse>(
        kund,
        'GET',
        url('10001', `/inventory-list/${list.id}/items?q=${encodeURIComponent(o.articleNumber + '-x')}`),
      )
    ).body.data;
    expect(item!.companyProductId).toBe(clash.body.id);
    // A company product of another company is not found.
    const [c3] = await db.select().from(companies).where(eq(companies.code, '10003'));
    const [foreign] = await db.select().from(companyProducts).where(eq(companyProducts.companyId, c3!.id)).limit(1);
    const nf = await call<{ code: string }>(kund, 'POST', url('10001', `/inventory-list/${list.id}/item`), {
      id: randomUUID(),
      companyProductId: foreign!.id,
    });
    expect(nf.status).toBe(404);
    expect(nf.body.code).toBe('CompanyProductNotFound');
  });

  it('refuses an item body without or with both article references', async () => {
    const list = await newList();
    const none = await call<{ fields: { path: string; message: string }[] }>(
      kund,
      'POST',
      url('10001', `/inventory-list/${list.id}/item`),
      { id: randomUUID() },
    );
    expect(none.status).toBe(400);
    expect(none.body.fields).toContainEqual({ path: 'productId', message: 'Fältet är obligatoriskt.' });
    const both = await call<{ fields: { path: string }[] }>(
      kund,
      'POST',
      url('10001', `/inventory-list/${list.id}/item`),
      { productId: randomUUID(), companyProductId: randomUUID(), parLevel: 'x' },
    );
    expect(both.body.fields.map((f) => f.path).sort()).toEqual(['companyProductId', 'parLevel', 'productId']);
    const missing = await call<{ code: string }>(kund, 'POST', url('10001', `/inventory-list/${randomUUID()}/item`), {
      productId: catalogue[0]!.id,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('InventoryListNotFound');
  });

  it('sorts, filters and groups items with subtotals', async () => {
    const lists = await call<PagedInventoryLists>(kund, 'GET', url('10001', '/inventory-lists?q=Storinventering'));
    const big = lists.body.data[0]!;
    const base = url('10001', `/inventory-list/${big.id}/items`);
    const byValue = await call<InventoryItemsResponse>(kund, 'GET', `${base}?sort=stockValue&order=desc`);
    const values = byValue.body.data.map((i) => i.stockValue);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(byValue.body.stockValue).toBe(big.stockValue);
    const byQty = await call<InventoryItemsResponse>(kund, 'GET', `${base}?sort=stockQuantity`);
    const qs = byQty.body.data.map((i) => i.quantity);
    expect(qs).toEqual([...qs].sort((a, b) => a - b));
    const byName = await call<InventoryItemsResponse>(kund, 'GET', base);
    const names = byName.body.data.map((i) => i.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('sv', { sensitivity: 'base', numeric: true }).compare));
    const zone = byName.body.data[0]!.zone!;
    const filtered = await call<InventoryItemsResponse>(kund, 'GET', `${base}?zone=${encodeURIComponent(zone)}`);
    expect(filtered.body.data.every((i) => i.zone === zone)).toBe(true);
    const account = await call<InventoryItemsResponse>(kund, 'GET', `${base}?account=1460`);
    expect(account.body.data.every((i) => i.account === '1460')).toBe(true);
    const q = byName.body.data[1]!.articleNumber;
    expect(
      (await call<InventoryItemsResponse>(kund, 'GET', `${base}?q=${q}`)).body.data.map((i) => i.articleNumber),
    ).toContain(q);
    const badSort = await call<{ fields: { path: string }[] }>(kund, 'GET', `${base}?sort=price`);
    expect(badSort.status).toBe(400);

    const zones = await call<{ data: { name: string }[] }>(kund, 'GET', url('10001', '/zones'));
    const grouped = await call<InventoryGroupsResponse>(
      kund,
      'GET',
      url('10001', `/inventory-list/${big.id}/items/group-by/zone`),
    );
    expect(grouped.status).toBe(200);
    const order = zones.body.data.map((z) => z.name);
    const keys = grouped.body.data.map((g) => g.key);
    expect(keys.filter((k) => k !== null)).toEqual(order.filter((z) => keys.includes(z)));
    for (const g of grouped.body.data) expect(g.subtotal).toBe(g.items.reduce((s, i) => s + i.stockValue, 0));
    expect(grouped.body.stockValue).toBe(big.stockValue);
    const accounts = await call<InventoryGroupsResponse>(
      kund,
      'GET',
      url('10001', `/inventory-list/${big.id}/items/group-by/account?sort=stockValue&order=desc`),
    );
    expect(accounts.body.data.find((g) => g.key === '1460')?.label).toBe('1460 Lager av handelsvaror');
    expect((await call(kund, 'GET', url('10001', `/inventory-list/${big.id}/items/group-by/brand`))).status).toBe(400);
  });
});

describe('variance and shortfall', () => {
  it('compares with the previous list by article number, in the item unit and in SEK', async () => {
    const p = catalogue.find((c) => c.piecesPerCarton > 1) ?? catalogue[0]!;
    const older = await newList('Förra', { dateFrom: '2027-01-01', dateTo: '2027-01-31', previousListId: null });
    const itemA = randomUUID();
    await call(kund, 'POST', url('10001', `/inventory-list/${older.id}/item`), {
      id: itemA,
      productId: p.id,
      unit: 'piece',
      price: 1000,
    });
    await call(kund, 'POST', url('10001', `/inventory-list/${older.id}/item/${itemA}/count`), {
      id: randomUUID(),
      kind: 'set',
      quantity: 10,
      unit: 'piece',
      countedAt: new Date().toISOString(),
      deviceId: 'd1',
    });
    const newer = await newList('Nu', { dateFrom: '2027-02-01', dateTo: '2027-02-28' });
    expect(newer.previousListId).toBe(older.id);
    expect(newer.previousListName).toBe('Förra');
    const itemB = randomUUID();
    await call(kund, 'POST', url('10001', `/inventory-list/${newer.id}/item`), {
      id: itemB,
      productId: p.id,
      unit: 'piece',
      price: 1000,
      parLevel: 20,
    });
    const counted = await call<{ item: InventoryListItem }>(
      kund,
      'POST',
      url('10001', `/inventory-list/${newer.id}/item/${itemB}/count`),
      {
        id: randomUUID(),
        kind: 'set',
        quantity: 7,
        unit: 'piece',
        countedAt: new Date().toISOString(),
        deviceId: 'd1',
      },
    );
    expect(counted.body.item).toMatchObject({
      quantity: 7,
      previousQuantity: 10,
      variance: -3,
      varianceValue: -3000,
      stockValue: 7000,
    });

    const shortfall = await call<ShortfallResponse>(kund, 'GET', url('10001', `/inventory-list/${newer.id}/shortfall`));
    expect(shortfall.status).toBe(200);
    const line = shortfall.body.data.find((l) => l.itemId === itemB)!;
    expect(line.shortfall).toBe(13);
    if (p.piecesPerCarton > 1) {
      expect(line).toMatchObject({ orderUnit: 'carton', orderQuantity: Math.ceil(13 / p.piecesPerCarton) });
    } else {
      expect(line).toMatchObject({ orderUnit: 'piece', orderQuantity: 13 });
    }
    // In cartons the previous count is converted.
    if (p.piecesPerCarton > 1) {
      const asCarton = await call<InventoryListItem>(
        kund,
        'PATCH',
        url('10001', `/inventory-list/${newer.id}/item/${itemB}`),
        { unit: 'carton' },
      );
      expect(asCarton.body.quantity).toBeCloseTo(7 / p.piecesPerCarton, 3);
      expect(asCarton.body.previousQuantity).toBeCloseTo(10 / p.piecesPerCarton, 3);
      expect(asCarton.body.price).toBe(1000 * p.piecesPerCarton);
    }
  });

  it('lists an own article below par without an order suggestion', async () => {
    const lists = await call<PagedInventoryLists>(kund, 'GET', url('10001', '/inventory-lists?q=Storinventering'));
    const res = await call<ShortfallResponse>(
      kund,
      'GET',
      url('10001', `/inventory-list/${lists.body.data[0]!.id}/shortfall`),
    );
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const l of res.body.data) {
      expect(l.quantity).toBeLessThan(l.parLevel);
      if (l.productId) expect(Number.isInteger(l.orderQuantity)).toBe(true);
      else expect(l.orderQuantity).toBeNull();
    }
  });
});

describe('offline article index', () => {
  it('holds the assortment and own articles with piece and carton GTINs, and answers 304 to its ETag', async () => {
    const res = await call<ArticleIndexResponse>(kund, 'GET', url('10001', '/article-index'));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"${res.body.version}"`);
    const own = res.body.articles.filter((a) => a.kind === 'own');
    expect(own.some((a) => a.gtinPiece !== null)).toBe(true);
    expect(res.body.articles.some((a) => a.kind === 'product' && a.gtinCarton !== null && a.piecesPerCarton > 1)).toBe(
      true,
    );
    const fresh = await app.inject({
      method: 'GET',
      url: url('10001', '/article-index'),
      headers: { ...bearer(kund), 'if-none-match': res.headers.etag as string },
    });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');
    // A new own article changes the version.
    await call(kund, 'POST', url('10001', '/product'), {
      id: randomUUID(),
      name: 'Ny egen',
      articleNumber: `IDX-${Date.now()}`,
      gtin: '7310865004703',
    });
    const changed = await app.inject({
      method: 'GET',
      url: url('10001', '/article-index'),
      headers: { ...bearer(kund), 'if-none-match': res.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
  });
});
