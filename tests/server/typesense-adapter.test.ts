import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import Typesense from 'typesense';
import {
  TypesenseSearch,
  createSearchEngine,
  generateScopedKey,
  verifyScopedKey,
  SearchError,
  type SearchDocument,
} from '../../server/adapters/search';
import { COLLECTION_SPECS } from '../../server/modules/search/collection-specs';
import { loadConfig } from '../../server/config';
import type { SearchKeyResponse } from '../../contract/search';
import { DEMO, bearer, createSecondInstance, createTestApp, login, type TestApp } from './helpers';

/**
 * The TypesenseSearch engine against recorded exchanges (tests/fixtures/typesense/*.json): a fake Typesense on
 * 127.0.0.1 checks each request the adapter sends against the recording — method, path, query, the API key and
 * content type, the JSON or JSONL body — and answers what a real Typesense answers. No Typesense runs here.
 */

type Exchange = {
  request: {
    method: string;
    path: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    json?: unknown;
    jsonl?: unknown[];
  };
  response: { status: number; headers?: Record<string, string>; json?: unknown; text?: string };
};

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/typesense/${name}.json`, import.meta.url), 'utf8')) as T & {
    adminKey: string;
    exchanges: Exchange[];
  };

type Seen = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** A fake Typesense: replays `exchanges` in order (strict), or answers with `responder` (lenient) and records. */
class FakeTypesense {
  readonly seen: Seen[] = [];
  readonly mismatches: string[] = [];
  private queue: Exchange[] = [];
  private responder: ((seen: Seen) => Exchange['response']) | undefined;
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const seen: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      this.seen.push(seen);
      const answer = this.responder ? this.responder(seen) : this.replay(seen);
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      if (answer.text !== undefined) res.end(answer.text);
      else {
        if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(answer.json ?? {}));
      }
    });
  });

  private replay(seen: Seen): Exchange['response'] {
    const expected = this.queue.shift();
    const problem = expected ? difference(expected.request, seen) : `unexpected request ${seen.method} ${seen.path}`;
    if (problem || !expected) {
      this.mismatches.push(problem ?? 'no exchange');
      return { status: 599, json: { message: problem } };
    }
    return expected.response;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  expect(exchanges: Exchange[]): void {
    this.queue = [...exchanges];
    this.responder = undefined;
    this.seen.length = 0;
    this.mismatches.length = 0;
  }

  answer(responder: (seen: Seen) => Exchange['response']): void {
    this.responder = responder;
    this.seen.length = 0;
  }

  get pending(): number {
    return this.queue.length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function difference(expected: Exchange['request'], seen: Seen): string | undefined {
  const where = `${expected.method} ${expected.path}`;
  if (seen.method !== expected.method || seen.path !== expected.path)
    return `${where}: got ${seen.method} ${seen.path}`;
  if (JSON.stringify(sorted(seen.query)) !== JSON.stringify(sorted(expected.query ?? {})))
    return `${where}: query ${JSON.stringify(seen.query)} ≠ ${JSON.stringify(expected.query ?? {})}`;
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    const got = seen.headers[name.toLowerCase()];
    if (got !== value) return `${where}: header ${name} ${JSON.stringify(got)} ≠ ${JSON.stringify(value)}`;
  }
  if (expected.json !== undefined && !same(JSON.parse(seen.body || 'null'), expected.json))
    return `${where}: body ${seen.body} ≠ ${JSON.stringify(expected.json)}`;
  if (expected.jsonl !== undefined) {
    const lines = seen.body.split('\n').map((line) => JSON.parse(line) as unknown);
    if (!same(lines, expected.jsonl))
      return `${where}: JSONL ${seen.body} ≠ ${expected.jsonl.map((d) => JSON.stringify(d)).join('\n')}`;
  }
  if (expected.json === undefined && expected.jsonl === undefined && seen.body !== '')
    return `${where}: unexpected body ${seen.body}`;
  return undefined;
}

const sorted = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
const same = (a: unknown, b: unknown) => {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
};

let fake: FakeTypesense;
let url: string;
beforeAll(async () => {
  fake = new FakeTypesense();
  url = await fake.start();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.mismatches).toEqual([]);
  expect(fake.pending).toBe(0);
});

const engine = (adminKey: string, now?: number) =>
  new TypesenseSearch({
    url,
    apiKey: adminKey,
    searchOnlyKey: 'search-only-parent-key',
    now: now ? () => now : undefined,
  });

describe('TypesenseSearch against recorded exchanges', () => {
  it('rebuilds a collection under an alias: create, import, move the alias, drop the old one', async () => {
    const f = fixture<{ now: number; documents: Record<'products' | 'categories', SearchDocument[]> }>('rebuild');
    fake.expect(f.exchanges);
    await engine(f.adminKey, f.now).rebuild([
      { spec: COLLECTION_SPECS.products, documents: f.documents.products },
      { spec: COLLECTION_SPECS.categories, documents: f.documents.categories },
    ]);
    // The schema pushed is exactly the one the embedded engine reads.
    expect(f.exchanges[0]!.request.json).toEqual({ ...COLLECTION_SPECS.products.schema, name: `products_${f.now}` });
  });

  it('sends changes to the alias: upsert, delete by id (a missing one is fine), delete by filter', async () => {
    const f = fixture<{ upsert: SearchDocument[]; remove: string[]; removeWhere: string }>('changes');
    fake.expect(f.exchanges);
    const ts = engine(f.adminKey);
    await ts.upsert('products', f.upsert);
    await ts.remove('products', f.remove);
    await ts.removeWhere('tender_items', f.removeWhere);
  });

  it("searches with the admin key and answers Typesense's own answer", async () => {
    const f = fixture<{ params: Record<string, string> }>('search');
    fake.expect(f.exchanges);
    const result = await engine(f.adminKey).search('products', f.params);
    expect(result).toEqual(f.exchanges[0]!.response.json);
    expect(result.hits[0]!.document.name).toBe('Laxfilé ASC lösvikt');
  });

  it('fails on a refused document and on a refused key', async () => {
    const f = fixture<{ upsert: SearchDocument[] }>('errors');
    fake.expect(f.exchanges);
    const ts = engine(f.adminKey);
    await expect(ts.upsert('products', f.upsert)).rejects.toThrow(/refused 1 document.*`popularity` must be an int32/);
    const refused = await ts.removeWhere('tender_items', 'company_id:=x').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SearchError);
    expect(refused).toMatchObject({ status: 401 });
  });
});

describe('scoped keys', () => {
  const f = fixture<{ parentKey: string; cases: { params: Record<string, unknown>; key: string }[] }>('scoped-keys');

  it("are made exactly as Typesense's documented examples and typesense-js make them", () => {
    const client = new Typesense.Client({ nodes: [{ host: 'x', port: 1, protocol: 'http' }], apiKey: 'x' });
    for (const { params, key } of f.cases) {
      expect(generateScopedKey(f.parentKey, params)).toBe(key);
      expect(client.keys().generateScopedSearchKey(f.parentKey, params)).toBe(key);
    }
  });

  it('verify: the embedded parameters of a genuine key; null for a tampered, foreign or expired one', () => {
    const [plain, expiring] = f.cases;
    expect(verifyScopedKey(plain!.key, [f.parentKey])).toEqual({ filter_by: 'company_id:124' });
    expect(verifyScopedKey(expiring!.key, [f.parentKey], 1_906_054_000)).toEqual(expiring!.params);
    expect(verifyScopedKey(expiring!.key, [f.parentKey], 1_906_054_107)).toBeNull();
    const raw = Buffer.from(plain!.key, 'base64').toString();
    const tampered = Buffer.from(raw.replace('124', '125')).toString('base64');
    expect(verifyScopedKey(tampered, [f.parentKey])).toBeNull();
    expect(verifyScopedKey(plain!.key, ['RN23-another-parent-key'])).toBeNull();
    expect(verifyScopedKey('not a key', [f.parentKey])).toBeNull();
  });
});

describe('the app with TYPESENSE_* set', () => {
  // One seeded database for the describe, and an instance with the cluster settings per test on it: a database of its
  // own per test (migrations and seeding, a minute on a busy machine) proved nothing more and timed out.
  let base: TestApp;
  beforeAll(async () => {
    base = await createTestApp();
  });
  afterAll(() => base.closeAll());

  it('pushes every collection to the cluster at start and hands out keys for the cluster', async () => {
    const docs: Record<string, number> = {};
    fake.answer((seen) => {
      if (seen.method === 'POST' && seen.path === '/collections')
        return { status: 201, json: { ...(JSON.parse(seen.body) as object), num_documents: 0 } };
      if (seen.path.endsWith('/documents/import')) {
        const lines = seen.body.split('\n');
        const collection = seen.path.split('/')[2]!.replace(/_\d+$/, '');
        docs[collection] = (docs[collection] ?? 0) + lines.length;
        return {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          text: lines.map(() => '{"success":true}').join('\n'),
        };
      }
      if (seen.method === 'GET' && seen.path.startsWith('/aliases/'))
        return { status: 404, json: { message: 'Not Found' } };
      if (seen.method === 'PUT' && seen.path.startsWith('/aliases/'))
        return { status: 200, json: { name: seen.path.split('/')[2], ...(JSON.parse(seen.body) as object) } };
      return { status: 404, json: { message: 'Not Found' } };
    });
    const app = await createSecondInstance(base, {
      TYPESENSE_URL: url,
      TYPESENSE_API_KEY: 'cluster-admin-key',
      TYPESENSE_SEARCH_ONLY_KEY: 'cluster-search-only-key',
      TYPESENSE_PUBLIC_URL: 'https://search.skafferi.test',
      TYPESENSE_COLLECTION_PREFIX: 'skafferi_',
    });
    try {
      await app.searchIndex.ready();
      expect(docs).toMatchObject({ skafferi_products: 60, skafferi_categories: 58 });
      expect(Object.keys(docs).sort()).toEqual([
        'skafferi_campaigns',
        'skafferi_categories',
        'skafferi_products',
        'skafferi_tender_items',
      ]);
      for (const seen of fake.seen) expect(seen.headers['x-typesense-api-key']).toBe('cluster-admin-key');

      const publicKey = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>();
      expect(publicKey).toMatchObject({
        engine: 'typesense',
        nodes: [{ host: 'search.skafferi.test', port: 443, protocol: 'https', path: '' }],
        collections: { products: 'skafferi_products', tenderItems: 'skafferi_tender_items' },
      });
      // Made from the cluster's search-only key, so the cluster verifies it.
      expect(verifyScopedKey(publicKey.key, ['cluster-search-only-key'])).toEqual({ filter_by: 'company_id:=public' });
      const token = await login(app, DEMO.kund);
      const own = await app.inject({ method: 'GET', url: '/v1/typesense/key/10001', headers: bearer(token) });
      const embedded = verifyScopedKey(own.json<SearchKeyResponse>().key, ['cluster-search-only-key']);
      expect(embedded?.filter_by).toBe(`company_id:=[public,${own.json<SearchKeyResponse>().companyId}]`);
      // The embedded subset is not served: the browser talks to the cluster.
      expect(
        (await app.inject({ method: 'GET', url: '/v1/search/collections/products/documents/search?q=*' })).statusCode,
      ).toBe(404);
    } finally {
      await app.closeAll();
    }
  });

  it('without a public address, serves the browser on its own origin and asks the cluster inside the key’s scope', async () => {
    const empty = { facet_counts: [], found: 0, hits: [], out_of: 0, page: 1, request_params: {}, search_time_ms: 0 };
    fake.answer((seen) => {
      if (seen.method === 'POST' && seen.path === '/collections')
        return { status: 201, json: { ...(JSON.parse(seen.body) as object), num_documents: 0 } };
      if (seen.path.endsWith('/documents/import'))
        return {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          text: seen.body
            .split('\n')
            .map(() => '{"success":true}')
            .join('\n'),
        };
      if (seen.method === 'GET' && seen.path.startsWith('/aliases/'))
        return { status: 404, json: { message: 'Not Found' } };
      if (seen.method === 'PUT' && seen.path.startsWith('/aliases/'))
        return { status: 200, json: { name: seen.path.split('/')[2], ...(JSON.parse(seen.body) as object) } };
      if (seen.method === 'GET' && seen.path.endsWith('/documents/search')) return { status: 200, json: empty };
      return { status: 404, json: { message: 'Not Found' } };
    });
    const app = await createSecondInstance(base, {
      TYPESENSE_URL: url,
      TYPESENSE_API_KEY: 'cluster-admin-key',
      TYPESENSE_SEARCH_ONLY_KEY: 'cluster-search-only-key',
    });
    try {
      await app.searchIndex.ready();
      const key = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>();
      expect(key).toMatchObject({ engine: 'typesense', nodes: null, path: '/v1/search' });
      const search = (filter: string) =>
        app.inject({
          method: 'GET',
          url: '/v1/search/collections/tender_items/documents/search',
          query: { q: '*', filter_by: filter, 'x-typesense-api-key': key.key },
        });
      const searches = () => fake.seen.filter((seen) => seen.path.endsWith('/documents/search'));
      // The reported escape never reaches the cluster.
      expect((await search('company_id:=public) || (company_id:!=public')).statusCode).toBe(400);
      expect(searches()).toHaveLength(0);
      expect((await search('kind:=tender || company_id:!=public')).statusCode).toBe(200);
      const [sent] = searches();
      expect(sent!.path).toBe('/collections/tender_items/documents/search');
      expect(sent!.headers['x-typesense-api-key']).toBe('cluster-admin-key');
      expect(sent!.query.filter_by).toBe('(company_id:=`public`) && ((kind:=`tender`) || (company_id:!=`public`))');
      // Without a key nothing is asked of the cluster.
      const keyless = '/v1/search/collections/tender_items/documents/search?q=*';
      expect((await app.inject({ method: 'GET', url: keyless })).statusCode).toBe(401);
      expect(searches()).toHaveLength(1);
    } finally {
      await app.closeAll();
    }
  });

  it('needs the admin and the search-only key with a cluster', () => {
    expect(() => loadConfig({ TYPESENSE_URL: 'https://ts.example.com' })).toThrow(
      /TYPESENSE_API_KEY.*\n.*TYPESENSE_SEARCH_ONLY_KEY/,
    );
    // The embedded engine, and a cluster without a public address, are searched on the page's own origin.
    const setup = createSearchEngine(loadConfig({ PUBLIC_URL: 'https://shop.skafferi.se' }), 'parent-key');
    expect(setup.engine.kind).toBe('embedded');
    expect(setup.nodes).toBeNull();
    const cluster = {
      TYPESENSE_URL: 'http://typesense:8108',
      TYPESENSE_API_KEY: 'admin-key',
      TYPESENSE_SEARCH_ONLY_KEY: 'search-key',
    };
    expect(createSearchEngine(loadConfig(cluster), 'search-key').nodes).toBeNull();
    expect(
      createSearchEngine(loadConfig({ ...cluster, TYPESENSE_PUBLIC_URL: 'https://search.skafferi.se' }), 'search-key')
        .nodes,
    ).toEqual([{ host: 'search.skafferi.se', port: 443, protocol: 'https', path: '' }]);
  });
});
