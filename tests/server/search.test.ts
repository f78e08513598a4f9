import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import Typesense from 'typesense';
import type { SearchResponse } from 'typesense/lib/Typesense/Documents';
import { categories, companies, companyPrices, productCategories, products } from '../../server/db/schema';
import {
  PRODUCT_FACETS,
  PRODUCT_QUERY_BY,
  PRODUCT_SORTS,
  type CompanyItemDocument,
  type ProductDocument,
  type SearchKeyResponse,
} from '../../contract/search';
import { EmbeddedSearch } from '../../server/adapters/search';
import { swedishSortKey } from '../../server/adapters/search/embedded/text';
import { stockholmToday } from '../../server/modules/catalog/service';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

type Result = SearchResponse<ProductDocument>;
type ItemResult = SearchResponse<CompanyItemDocument>;

let app: TestApp;
let kund: string;
let personal: string;
let ny: string;
let publicKey: SearchKeyResponse;
/** Products in the database (the demo's 60 and the two added here). */
let total = 0;
const companyIds: Record<string, string> = {};
const added = { laxfile: '', tomat: '', tender: '', campaign: '' };
const LAX_EAN = '7300000000014';

beforeAll(async () => {
  app = await createTestApp();
  [kund, personal, ny] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.personal), login(app, DEMO.ny)]);
  const { db } = app.services.database;
  for (const row of await db.select().from(companies)) companyIds[row.code] = row.id;

  // Products the demo data may not have: added the way an import would, then reported to the search index.
  const cats = await db
    .select()
    .from(categories)
    .where(inArray(categories.slug, ['fisk-skaldjur', 'farsk-fisk', 'frukt-gront', 'gronsaker']));
  const cat = (slug: string) => cats.find((c) => c.slug === slug)!.id;
  const base = {
    brandName: 'Testgrossisten',
    zoneName: 'Kyl',
    unit: 'piece' as const,
    publicPrice: 25_000,
    comparisonPrice: 25_000,
    comparisonUnit: 'kg',
    vatRate: 12,
    popularity: 50,
  };
  const [lax, tomat] = await db
    .insert(products)
    .values([
      {
        ...base,
        sku: '900001',
        slug: 'laxfile-test-900001',
        name: 'Laxfilé ASC 1 kg',
        gtinPiece: LAX_EAN,
        accreditationLabels: ['ASC'],
      },
      {
        ...base,
        sku: '900002',
        slug: 'tomat-test-900002',
        name: 'Tomat klass 1',
        publicPrice: 3000,
        comparisonPrice: 3000,
      },
    ])
    .returning();
  added.laxfile = lax!.id;
  added.tomat = tomat!.id;
  await db.insert(productCategories).values([
    { productId: lax!.id, categoryId: cat('fisk-skaldjur') },
    { productId: lax!.id, categoryId: cat('farsk-fisk') },
    { productId: tomat!.id, categoryId: cat('frukt-gront') },
    { productId: tomat!.id, categoryId: cat('gronsaker') },
  ]);
  await app.searchIndex.ready();
  await app.searchIndex.productsChanged([lax!.id, tomat!.id]);

  // A tender item for 10001 and a campaign for 10002 (kund is linked to both), on the added products.
  const today = stockholmToday();
  await db.insert(companyPrices).values([
    {
      companyId: companyIds['10001']!,
      productId: lax!.id,
      kind: 'tender',
      price: 20_000,
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    },
    {
      companyId: companyIds['10002']!,
      productId: tomat!.id,
      kind: 'campaign',
      price: 2_000,
      validFrom: today,
      validTo: today,
    },
  ]);
  await app.searchIndex.companyPricesChanged(companyIds['10001']!);
  await app.searchIndex.companyPricesChanged(companyIds['10002']!);

  total = (await db.select({ id: products.id }).from(products)).length;
  publicKey = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>();
});
afterAll(() => app.closeAll());

const keyFor = async (company: string, token = kund) => {
  const res = await app.inject({ method: 'GET', url: `/v1/typesense/key/${company}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<SearchKeyResponse>().key;
};

const search = (collection: string, params: Record<string, string | number>, key = publicKey.key) =>
  app.inject({
    method: 'GET',
    url: `/v1/search/collections/${collection}/documents/search`,
    query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    headers: { 'x-typesense-api-key': key },
  });

const products$ = async (params: Record<string, string | number>, key?: string) => {
  const res = await search('products', { query_by: PRODUCT_QUERY_BY, per_page: 50, ...params }, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Result>();
};

/** Every page of a search at the largest page allowed, as one result. */
const everyPage = async (params: Record<string, string | number>) => {
  const first = await products$({ ...params, page: 1 });
  const hits = [...first.hits!];
  for (let page = 2; hits.length < first.found; page++) hits.push(...(await products$({ ...params, page })).hits!);
  return { ...first, hits };
};

const multi = (searches: object[], key: string, common: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/v1/search/multi_search',
    query: { ...common, 'x-typesense-api-key': key },
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ searches }),
  });

describe('GET /v1/typesense/key', () => {
  it('answers a public key, search on the page’s own origin and the collection names, without a token', async () => {
    // No host from PUBLIC_URL: a phone that opened the app at a LAN address searches that address.
    expect(publicKey).toMatchObject({
      expiresAt: null,
      companyId: null,
      engine: 'embedded',
      nodes: null,
      path: '/v1/search',
      collections: {
        products: 'products',
        categories: 'categories',
        tenderItems: 'tender_items',
        campaigns: 'campaigns',
      },
    });
    // Typesense's scoped-key format: base64(digest + first 4 of the parent key + the embedded parameters).
    const raw = Buffer.from(publicKey.key, 'base64').toString();
    expect(JSON.parse(raw.slice(48))).toEqual({ filter_by: 'company_id:=public' });
  });
});

describe('GET /v1/typesense/key/{companyId}', () => {
  const get = (company: string, token?: string) =>
    app.inject({ method: 'GET', url: `/v1/typesense/key/${company}`, headers: token ? bearer(token) : {} });

  it('needs a token', async () => {
    expect((await get(companyIds['10001']!)).statusCode).toBe(401);
  });

  it("answers a key scoped to the user's company, by id or by code, that expires", async () => {
    const res = await get(companyIds['10001']!, kund);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<SearchKeyResponse>();
    expect(body.companyId).toBe(companyIds['10001']);
    expect(Date.parse(body.expiresAt!)).toBeGreaterThan(Date.now() + 3_600_000);
    const embedded = JSON.parse(Buffer.from(body.key, 'base64').toString().slice(48)) as Record<string, unknown>;
    expect(embedded.filter_by).toBe(`company_id:=[public,${companyIds['10001']}]`);
    expect((await get('10002', kund)).json<SearchKeyResponse>().companyId).toBe(companyIds['10002']);
  });

  it('refuses a company the user is not linked to (403) and lets staff have any (404 when unknown)', async () => {
    for (const [company, token] of [
      [companyIds['10003']!, kund],
      ['10003', kund],
      ['00000000-0000-4000-8000-000000000000', kund],
      [companyIds['10001']!, ny],
    ] as const) {
      const res = await get(company, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Forbidden' });
    }
    expect((await get(companyIds['10003']!, personal)).statusCode).toBe(200);
    const unknown = await get('00000000-0000-4000-8000-000000000000', personal);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CompanyNotFound' });
  });
});

describe('product search (Typesense subset)', () => {
  it('finds with typos, accents and Swedish stems', async () => {
    // The demo catalogue always has a Laxfilé too (ALWAYS_IN_CATALOGUE), so the added one is one of the best hits.
    const lax = await products$({ q: 'laxfile' });
    expect(lax.hits![0]!.document.name).toMatch(/^Laxfilé /);
    expect(lax.hits!.map((h) => h.document.id)).toContain(added.laxfile);
    expect(lax.hits![0]!.highlight.name).toMatchObject({
      snippet: expect.stringMatching(/^<mark>Laxfilé<\/mark> /),
      matched_tokens: ['Laxfilé'],
    });
    expect(lax.hits![0]!.highlights![0]).toMatchObject({ field: 'name', matched_tokens: ['Laxfilé'] });

    const names = async (q: string) => (await products$({ q })).hits!.map((h) => h.document.name);
    expect(await names('tomater')).toContain('Tomat klass 1');
    expect(await names('laxflie')).toContain('Laxfilé ASC 1 kg'); // two letters swapped: two typos on 7 letters
    expect(await names('LAXFILÉ')).toContain('Laxfilé ASC 1 kg');
    expect(await names('laxf')).toContain('Laxfilé ASC 1 kg'); // as you type
  });

  it('finds a product by its SKU and by its EAN exactly, not by a code one digit off', async () => {
    expect((await products$({ q: '900001' })).hits!.map((h) => h.document.id)).toEqual([added.laxfile]);
    expect((await products$({ q: LAX_EAN })).hits!.map((h) => h.document.id)).toEqual([added.laxfile]);
    expect((await products$({ q: '7300000000015' })).found).toBe(0);
    // An SKU prefix lists the products whose SKU starts with it.
    expect((await products$({ q: '90000' })).hits!.map((h) => h.document.sku).sort()).toEqual(['900001', '900002']);
  });

  it('sees a product change and a deletion once the index is told', async () => {
    const { db } = app.services.database;
    await db.update(products).set({ name: 'Tomat klass 1 Sverige' }).where(eq(products.id, added.tomat));
    await app.searchIndex.productsChanged([added.tomat]);
    expect((await products$({ q: 'tomat sverige' })).hits![0]!.document.name).toBe('Tomat klass 1 Sverige');
    const [gone] = await db
      .insert(products)
      .values({
        sku: '900003',
        slug: 'borttagen-900003',
        name: 'Borttagen gurka',
        brandName: 'X',
        zoneName: 'Kyl',
        unit: 'piece',
        publicPrice: 100,
        comparisonPrice: 100,
        comparisonUnit: 'st',
        vatRate: 12,
      })
      .returning();
    await app.searchIndex.productsChanged([gone!.id]);
    expect((await products$({ q: '900003' })).found).toBe(1);
    await db.delete(products).where(eq(products.id, gone!.id));
    await app.searchIndex.productsChanged([gone!.id]);
    expect((await products$({ q: '900003' })).found).toBe(0);
  });

  it('answers every sort of the spec in order', async () => {
    const pathOf = (doc: ProductDocument, field: string): number | string =>
      field.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], doc) as number | string;
    for (const [name, sortBy] of Object.entries(PRODUCT_SORTS)) {
      const result = await everyPage({ q: '*', sort_by: sortBy });
      expect(result.found, name).toBe(total);
      const [first] = sortBy.split(',');
      const [field, dir] = first!.split(':') as [string, 'asc' | 'desc'];
      if (field === '_text_match') continue;
      const values = result.hits!.map((h) => pathOf(h.document, field));
      for (let i = 1; i < values.length; i++) {
        const [a, b] = [values[i - 1]!, values[i]!];
        const ordered =
          typeof a === 'string'
            ? dir === 'asc'
              ? swedishSortKey(a) <= swedishSortKey(b as string)
              : swedishSortKey(a) >= swedishSortKey(b as string)
            : dir === 'asc'
              ? a <= (b as number)
              : a >= (b as number);
        expect(ordered, `${name}: ${a} then ${b}`).toBe(true);
      }
    }
    // Swedish alphabet: Å, Ä, Ö after Z.
    const az = (await everyPage({ q: '*', sort_by: PRODUCT_SORTS.nameAsc })).hits!.map((h) => h.document.name);
    const firstUmlaut = az.findIndex((n) => /^[ÅÄÖ]/.test(n));
    if (firstUmlaut >= 0) expect(az.slice(firstUmlaut).every((n) => /^[ÅÄÖ]/.test(n))).toBe(true);
  });

  it('counts the facets over every match and filters by them', async () => {
    const all = await products$({ q: '*', facet_by: PRODUCT_FACETS.join(','), max_facet_values: 100 });
    expect(all.facet_counts!.map((f) => f.field_name)).toEqual([...PRODUCT_FACETS]);
    const stock = all.facet_counts!.find((f) => f.field_name === 'stock_status')!;
    expect(stock.counts.reduce((n, c) => n + c.count, 0)).toBe(all.found);
    const zone = all.facet_counts!.find((f) => (f.field_name as string) === 'zone.name')!;
    expect(zone.counts.map((c) => c.value)).toContain('Kyl');

    const kyl = await products$({
      q: '*',
      filter_by: 'zone.name:=Kyl && stock_status:[in_stock,few_left]',
      per_page: 50,
    });
    expect(kyl.found).toBe(
      (await products$({ q: '*', filter_by: 'zone.name:=Kyl', facet_by: 'stock_status' }))
        .facet_counts![0]!.counts.filter((c) => c.value !== 'out_of_stock')
        .reduce((n, c) => n + c.count, 0),
    );
    for (const hit of kyl.hits!) {
      expect(hit.document.zone.name).toBe('Kyl');
      expect(['in_stock', 'few_left']).toContain(hit.document.stock_status);
    }
    const fish = await products$({ q: '*', filter_by: 'category_slugs:=fisk-skaldjur && accreditation_labels:=ASC' });
    expect(fish.hits!.map((h) => h.document.id)).toContain(added.laxfile);
    const cheap = await products$({ q: '*', filter_by: 'smallest_unit.public_price:<=5000 && discontinued:false' });
    for (const hit of cheap.hits!) expect(hit.document.smallest_unit.public_price).toBeLessThanOrEqual(5000);
    const range = await products$({ q: '*', filter_by: 'smallest_unit.public_price:[1000..3000]' });
    expect(range.hits!.map((h) => h.document.id)).toContain(added.tomat);
  });

  it('pages', async () => {
    const page1 = await products$({ q: '*', sort_by: 'name:asc', per_page: 10, page: 1 });
    const page2 = await products$({ q: '*', sort_by: 'name:asc', per_page: 10, page: 2 });
    expect(page2.page).toBe(2);
    expect(page1.found).toBe(total);
    expect(page1.out_of).toBe(total);
    const ids = new Set([...page1.hits!, ...page2.hits!].map((h) => h.document.id));
    expect(ids.size).toBe(20);
  });

  it('answers malformed queries with 400 and a clear message, unknown names with 404', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ q: '*', filter_by: 'stock_status:=in_stock &&' }, 400, /Could not parse the filter query/],
      [{ q: '*', filter_by: 'smallest_unit.public_price:>abc' }, 400, /Numerical field has an invalid value/],
      [{ q: '*', filter_by: 'brand_name:>5' }, 400, /Only numerical fields/],
      [{ q: '*', sort_by: 'popularity:sideways' }, 400, /Could not parse sort_by/],
      [{ q: '*', sort_by: 'brand_name:asc' }, 400, /cannot be used for sorting/],
      [{ q: '*', page: '0' }, 400, /`page` must be an integer/],
      [{ query_by: 'name' }, 400, /`q` is required/],
      [{ q: 'lax', query_by: '' }, 400, /`query_by` is required/],
      [{ q: '*', per_page: '500' }, 422, /Högst 50 träffar per sida/],
      [{ q: '*', filter_by: 'colour:=red' }, 404, /Could not find a filter field named `colour`/],
      [{ q: 'lax', query_by: 'colour' }, 404, /Could not find a field named `colour`/],
      [{ q: '*', facet_by: 'name' }, 404, /Could not find a facet field named `name`/],
    ];
    for (const [params, status, message] of cases) {
      const res = await search('products', { query_by: 'name', ...params });
      expect(res.statusCode, JSON.stringify(params)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const unknown = await search('nope', { q: '*' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('search keys', () => {
  it('refuses a search without a key, with a made-up key and with a tampered key (401 InvalidSearchKey)', async () => {
    const none = await app.inject({ method: 'GET', url: '/v1/search/collections/products/documents/search?q=*' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      code: 'InvalidSearchKey',
      message: 'Söknyckeln är ogiltig. Ladda om sidan och försök igen.',
    });
    expect((await search('products', { q: '*' }, 'hittepå')).statusCode).toBe(401);

    // Company A's key with company B's filter put in, the signature kept: refused.
    const keyA = await keyFor('10001');
    const raw = Buffer.from(keyA, 'base64').toString();
    const forged = Buffer.from(raw.replace(companyIds['10001']!, companyIds['10003']!)).toString('base64');
    const res = await search('tender_items', { q: '*' }, forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'InvalidSearchKey' });
    // A changed signature: refused too.
    const flipped = Buffer.from(`${raw[0] === 'A' ? 'B' : 'A'}${raw.slice(1)}`).toString('base64');
    expect((await search('products', { q: '*' }, flipped)).statusCode).toBe(401);
  });

  it('refuses an expired key', async () => {
    const engine = app.searchIndex.engine as EmbeddedSearch;
    const expired = engine.scopedKey({
      filter_by: 'company_id:=public',
      expires_at: Math.floor(Date.now() / 1000) - 5,
    });
    expect((await search('products', { q: '*' }, expired)).statusCode).toBe(401);
  });

  it("shows a company only its own tender items and campaigns, even when asked for another company's", async () => {
    const keyA = await keyFor('10001');
    const mine = await search('tender_items', { q: '*', per_page: 50 }, keyA);
    const items = mine.json<ItemResult>();
    expect(items.found).toBeGreaterThan(0);
    for (const hit of items.hits!) expect(hit.document.company_id).toBe(companyIds['10001']);
    const lax = items.hits!.find((h) => h.document.product_id === added.laxfile)!;
    expect(lax.document).toMatchObject({ kind: 'tender', list_price: 25_000, smallest_unit: { public_price: 20_000 } });

    // Asking for company B's rows with A's key: the key's filter is ANDed, so nothing.
    for (const filter of [
      `company_id:=${companyIds['10002']}`,
      `company_id:!=${companyIds['10001']}`,
      'company_id:=public || kind:=tender',
    ]) {
      const res = await search('tender_items', { q: '*', filter_by: filter }, keyA);
      expect(res.statusCode).toBe(200);
      for (const hit of res.json<ItemResult>().hits!) expect(hit.document.company_id).toBe(companyIds['10001']);
    }
    expect((await search('campaigns', { q: 'tomat', query_by: 'name' }, keyA)).json<ItemResult>().found).toBe(0);

    // B's key sees B's campaign on the tomato at the campaign price.
    const keyB = await keyFor('10002');
    const campaign = (await search('campaigns', { q: 'tomat', query_by: 'name' }, keyB)).json<ItemResult>();
    expect(campaign.hits!.map((h) => [h.document.product_id, h.document.smallest_unit.public_price])).toEqual([
      [added.tomat, 2000],
    ]);

    // The public key sees no company's rows at all, but every product.
    expect((await search('tender_items', { q: '*' })).json<ItemResult>().found).toBe(0);
    expect((await search('campaigns', { q: '*' })).json<ItemResult>().found).toBe(0);
    expect((await search('products', { q: '*' }, keyA)).json<Result>().found).toBe(total);
  });

  it('a key embeds parameters that the request cannot override', async () => {
    const engine = app.searchIndex.engine as EmbeddedSearch;
    const key = engine.scopedKey({ filter_by: 'company_id:=public', per_page: 2 });
    const res = await search('products', { q: '*', per_page: 50 }, key);
    expect(res.json<Result>().hits).toHaveLength(2);
  });
});

describe('multi_search', () => {
  it('answers the groups of the search page in one request (text/plain body, as the browser client posts it)', async () => {
    const keyA = await keyFor('10001');
    const res = await multi(
      [
        { collection: 'categories', q: 'fisk', query_by: 'name,path' },
        { collection: 'products', q: 'laxfile', query_by: PRODUCT_QUERY_BY, facet_by: PRODUCT_FACETS.join(',') },
        { collection: 'tender_items', q: 'laxfile', query_by: PRODUCT_QUERY_BY },
        { collection: 'campaigns', q: 'laxfile', query_by: PRODUCT_QUERY_BY },
      ],
      keyA,
      { per_page: '5' },
    );
    expect(res.statusCode).toBe(200);
    const [cats, prods, tender, campaigns] = res.json<{ results: Result[] }>().results;
    expect(cats!.hits!.map((h) => (h.document as unknown as { slug: string }).slug)).toContain('fisk-skaldjur');
    expect(prods!.hits!.map((h) => h.document.id)).toContain(added.laxfile);
    expect(prods!.request_params.per_page).toBe(5);
    expect(prods!.facet_counts).toHaveLength(5);
    expect(tender!.hits!.map((h) => (h.document as unknown as CompanyItemDocument).product_id)).toEqual([
      added.laxfile,
    ]);
    expect(campaigns!.found).toBe(0);
  });

  it('answers a failing search in its place and the others normally; refuses a request without a key', async () => {
    const res = await multi(
      [
        { collection: 'nope', q: '*' },
        { collection: 'products', q: '*', filter_by: 'x:=' },
        { collection: 'products', q: '*' },
      ],
      publicKey.key,
    );
    expect(res.statusCode).toBe(200);
    const [a, b, c] = res.json<{ results: ({ code: number; error: string } | Result)[] }>().results;
    expect(a).toEqual({ code: 404, error: 'Not Found' });
    expect(b).toMatchObject({ code: 400 });
    expect((c as Result).found).toBe(total);

    const keyless = await app.inject({
      method: 'POST',
      url: '/v1/search/multi_search',
      headers: { 'content-type': 'application/json' },
      payload: { searches: [{ collection: 'products', q: '*' }] },
    });
    expect(keyless.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: `/v1/search/multi_search?x-typesense-api-key=${encodeURIComponent(publicKey.key)}`,
      headers: { 'content-type': 'text/plain' },
      payload: '{"searches": [',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('recorded requests of the typesense client', () => {
  const recorded = JSON.parse(
    readFileSync(new URL('../fixtures/typesense/client-requests.json', import.meta.url), 'utf8'),
  ) as {
    requests: { name: string; method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: string }[];
  };

  it('answers them as Typesense would', async () => {
    const key = await keyFor('10001');
    const answers = new Map<string, unknown>();
    for (const request of recorded.requests) {
      const res = await app.inject({
        method: request.method,
        url: request.url.replace('{{KEY}}', encodeURIComponent(key)),
        headers: request.headers,
        ...(request.body ? { payload: request.body } : {}),
      });
      expect(res.statusCode, `${request.name}: ${res.body}`).toBe(200);
      answers.set(request.name, res.json());
    }
    const one = answers.get('search') as Result;
    expect(one).toMatchObject({ page: 1, request_params: { collection_name: 'products', per_page: 24, q: 'laxfile' } });
    expect(one.hits![0]!.document.name).toMatch(/^Laxfilé /);
    expect(one.facet_counts!.map((f) => f.field_name)).toEqual(['brand_name', 'zone.name']);
    const [cats, prods] = (answers.get('multi_search') as { results: (Result | { code: number; error: string })[] })
      .results;
    // The common facet_by applies to both searches; categories have no brand, so that search fails in its place.
    expect(cats).toEqual({ code: 404, error: 'Could not find a facet field named `brand_name` in the schema.' });
    expect((prods as Result).request_params.per_page).toBe(5);
  });
});

describe('the typesense client against this server', () => {
  let nodes: { host: string; port: number; protocol: string; path: string }[];
  beforeAll(async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    nodes = [{ host: '127.0.0.1', port: Number(port), protocol: 'http', path: '/v1/search' }];
  });

  it('searches and multi-searches with a company key', async () => {
    const key = await keyFor('10001');
    const client = new Typesense.SearchClient({ nodes, apiKey: key, connectionTimeoutSeconds: 5 });
    const result = await client
      .collections<ProductDocument>('products')
      .documents()
      .search(
        {
          q: 'laxfile',
          query_by: PRODUCT_QUERY_BY,
          facet_by: [...PRODUCT_FACETS],
          sort_by: PRODUCT_SORTS.relevance,
          per_page: 10,
        },
        {},
      );
    expect(result.hits!.map((h) => h.document.name)).toContain('Laxfilé ASC 1 kg');
    const { results } = await client.multiSearch.perform<[ProductDocument, CompanyItemDocument]>({
      searches: [
        { collection: 'products', q: 'tomater', query_by: PRODUCT_QUERY_BY },
        { collection: 'tender_items', q: '*' },
      ],
    });
    expect(results[0].hits!.map((h) => h.document.id)).toContain(added.tomat);
    for (const hit of results[1].hits!) expect(hit.document.company_id).toBe(companyIds['10001']);

    // The admin-style client (key in the header) works too.
    const admin = new Typesense.Client({ nodes, apiKey: key, connectionTimeoutSeconds: 5 });
    const viaHeader = await admin.collections('products').documents().search({ q: '900001', query_by: 'sku' });
    expect(viaHeader.found).toBe(1);
  });

  it('gets a 401 with a tampered key', async () => {
    const key = await keyFor('10001');
    const raw = Buffer.from(key, 'base64').toString();
    const tampered = Buffer.from(raw.replace(companyIds['10001']!, companyIds['10002']!)).toString('base64');
    const client = new Typesense.SearchClient({ nodes, apiKey: tampered, connectionTimeoutSeconds: 5, numRetries: 0 });
    await expect(client.collections('tender_items').documents().search({ q: '*' }, {})).rejects.toMatchObject({
      httpStatus: 401,
    });
  });
});
