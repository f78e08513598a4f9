import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module, createRequire } from 'node:module';
import { dirname } from 'node:path';
import realAxios from 'axios';
import type * as TypesenseModule from 'typesense';
import type { ConfigurationOptions } from 'typesense/lib/Typesense/Configuration';
import fetchAxios, { urlOf } from '../../src/api/search/axios-fetch';
import { FACETS, filterExpression } from '../../src/api/search/facets';
import { PRODUCT_QUERY_BY, PRODUCT_SORTS, type SearchKeyResponse } from '../../contract/search';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

/**
 * The browser's search client over the fetch stand-in for axios (src/api/search/axios-fetch.ts, decision 0046),
 * against the real embedded search server, side by side with the same client over the real axios.
 *
 * The browser build aliases `axios` to the stand-in (vite.config.ts); here typesense is loaded a second time with its
 * `require('axios')` answered by the stand-in, which is the same swap. Not with `vi.mock('axios')`: vitest mocks only
 * modules it transforms, and typesense is CommonJS in node_modules, which Node loads itself, so the swap is made in
 * Node's module cache.
 */

type Typesense = typeof TypesenseModule;

const require = createRequire(import.meta.url);
const typesenseDir = dirname(require.resolve('typesense/package.json'));
const axiosPath = require.resolve('axios', { paths: [typesenseDir] });

/** A fresh copy of the typesense package; with `axios` given, its `require('axios')` answers that. */
function loadTypesense(axios?: unknown): Typesense {
  for (const id of Object.keys(require.cache)) if (id.startsWith(`${typesenseDir}/`)) delete require.cache[id];
  const held = require.cache[axiosPath];
  if (axios !== undefined) {
    const standIn = new Module(axiosPath);
    standIn.exports = { __esModule: true, default: axios };
    standIn.loaded = true;
    require.cache[axiosPath] = standIn;
  }
  try {
    return require('typesense') as Typesense;
  } finally {
    if (held) require.cache[axiosPath] = held;
    else delete require.cache[axiosPath];
  }
}

/** Starts a server on a free local port and gives the port. */
async function listening(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const viaAxios = loadTypesense();
const viaFetch = loadTypesense(fetchAxios);
const both = [
  ['axios', viaAxios],
  ['fetch', viaFetch],
] as const;

/** What typesense logs when one try fails: one line per try (the retries are counted with it). */
function failureLog() {
  const failures: string[] = [];
  const quiet = () => undefined;
  const logger = {
    setLevel: quiet,
    trace: quiet,
    debug: quiet,
    info: quiet,
    error: quiet,
    warn: (message: string) => {
      if (message.includes(' failed due to ')) failures.push(message);
    },
  } as unknown as ConfigurationOptions['logger'];
  return { failures, logger };
}

type Node = { host: string; port: number; protocol: string; path: string };

/** The options of src/api/search/engine.ts. */
const engineOptions = (nodes: Node[], apiKey: string): ConfigurationOptions => ({
  nodes,
  apiKey,
  connectionTimeoutSeconds: 10,
  numRetries: 1,
  retryIntervalSeconds: 0.3,
  cacheSearchResultsForSeconds: 0,
  logLevel: 'silent',
});

/** The error as the app sees it: typesense's class, message and status. */
const described = (error: unknown) => ({
  name: (error as Error).constructor.name,
  message: (error as Error).message,
  httpStatus: (error as { httpStatus?: number }).httpStatus,
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

let app: TestApp;
let companyKey: string;
let publicKey: string;
let nodes: Node[];

/** The requests the server got, as they arrived (a recording proxy in front of it). */
type Seen = { method: string; url: string; contentType: string | undefined; body: string };
const seen: Seen[] = [];
let proxy: http.Server;

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app, DEMO.kund);
  const key = await app.inject({ method: 'GET', url: '/v1/typesense/key/10001', headers: bearer(token) });
  companyKey = key.json<SearchKeyResponse>().key;
  publicKey = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>().key;
  const appPort = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);

  proxy = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
      const forward = http.request(
        { host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.end(body);
    });
  });
  nodes = [{ host: '127.0.0.1', port: await listening(proxy), protocol: 'http', path: '/v1/search' }];
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await app.closeAll();
});

afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

/** The searches of a search page with a brand chosen (src/api/search/search.ts, listingSearches), with the company. */
function searchPage(brand: string) {
  const facets = { brand: [brand] };
  const product = (search: Record<string, unknown>) => ({
    collection: 'products',
    q: 'kaffe',
    query_by: PRODUCT_QUERY_BY,
    ...search,
  });
  return {
    searches: [
      product({
        sort_by: PRODUCT_SORTS.relevance,
        per_page: 24,
        page: 1,
        facet_by: FACETS.filter((f) => f.id !== 'brand')
          .map((f) => f.field)
          .join(','),
        max_facet_values: 100,
        filter_by: filterExpression(facets),
      }),
      product({ per_page: 0, facet_by: 'brand_name', max_facet_values: 100 }),
      { collection: 'tender_items', q: '*', per_page: 5 },
    ],
  };
}

type MultiAnswer = { results: { found: number; hits: unknown[]; facet_counts: { counts: { value: string }[] }[] }[] };
const resultsOf = (answer: unknown) => (answer as MultiAnswer).results;

/** search_time_ms is the one field that differs between two runs of a search. */
const withoutTimes = (answer: unknown) =>
  JSON.parse(
    JSON.stringify(answer, (key, value: unknown) => (key === 'search_time_ms' ? undefined : value)),
  ) as unknown;

describe('the typesense client over fetch, as the browser build has it', () => {
  it('answers a search page with facets and a company key as over axios, from the same requests', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const first = await new viaAxios.SearchClient(engineOptions(nodes, companyKey)).multiSearch.perform(
      { searches: [{ collection: 'products', q: 'kaffe', query_by: PRODUCT_QUERY_BY, facet_by: 'brand_name' }] },
      {},
    );
    const brand = resultsOf(first)[0]!.facet_counts[0]!.counts[0]!.value;
    expect(fetches).not.toHaveBeenCalled();
    seen.length = 0;

    const answers = [];
    for (const [, typesense] of both) {
      const client = new typesense.SearchClient(engineOptions(nodes, companyKey));
      answers.push(await client.multiSearch.perform(searchPage(brand) as never, {}));
    }
    const [overAxios, overFetch] = answers;
    expect(fetches).toHaveBeenCalledTimes(1);
    const results = resultsOf(overFetch);
    expect(results.map((r) => r.found)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(results[0]!.found).toBeGreaterThan(0);
    expect(results[0]!.facet_counts.length).toBeGreaterThan(0);
    expect(results[2]!.hits.length).toBeGreaterThan(0);
    expect(withoutTimes(overFetch)).toEqual(withoutTimes(overAxios));

    // The same request: path, query string (the key), body; posted as text/plain, so a browser sends no preflight.
    expect(seen).toHaveLength(2);
    const [byAxios, byFetch] = seen;
    expect(byFetch).toEqual(byAxios);
    expect(byFetch!.url).toBe(`/v1/search/multi_search?x-typesense-api-key=${encodeURIComponent(companyKey)}`);
    expect(byFetch!.contentType).toBe('text/plain');
  });

  it('answers a search of one collection (GET, list parameters) as over axios, with the same query string', async () => {
    const params = {
      q: 'laxfilé ASC',
      query_by: PRODUCT_QUERY_BY.split(','),
      facet_by: FACETS.map((f) => f.field),
      filter_by: 'stock_status:=[`in_stock`,`low`] && smallest_unit.public_price:>=0',
      sort_by: PRODUCT_SORTS.priceAsc,
      per_page: 10,
      page: 1,
    };
    const answers = [];
    for (const [, typesense] of both) {
      const client = new typesense.SearchClient(engineOptions(nodes, publicKey));
      answers.push(await client.collections('products').documents().search(params, {}));
    }
    expect(withoutTimes(answers[1])).toEqual(withoutTimes(answers[0]));
    const [byAxios, byFetch] = seen;
    expect(byFetch!.url).toBe(byAxios!.url);
    expect(byFetch!.body).toBe('');
    // Without a body there is no Content-Type, as axios's browser adapter sends it.
    expect(byFetch!.contentType).toBeUndefined();
  });

  it('rejects a 4xx with the same typesense error class and message as over axios, without a retry', async () => {
    const raw = Buffer.from(companyKey, 'base64').toString();
    const tampered = Buffer.from(raw.replace(/"filter_by":"[^"]*"/, '"filter_by":"company_id:=other"')).toString(
      'base64',
    );
    expect(tampered).not.toBe(companyKey);
    const cases: [string, (typesense: Typesense) => Promise<unknown>][] = [
      [
        'RequestUnauthorized',
        (typesense) =>
          new typesense.SearchClient(engineOptions(nodes, tampered)).multiSearch.perform(searchPage('x') as never, {}),
      ],
      [
        'RequestMalformed',
        (typesense) =>
          new typesense.SearchClient(engineOptions(nodes, publicKey))
            .collections('products')
            .documents()
            .search({ q: '*', query_by: 'name', filter_by: 'stock_status:=in_stock &&' }, {}),
      ],
      [
        'ObjectNotFound',
        (typesense) =>
          new typesense.SearchClient(engineOptions(nodes, publicKey))
            .collections('nope')
            .documents()
            .search({ q: '*', query_by: 'name' }, {}),
      ],
    ];
    for (const [errorClass, run] of cases) {
      seen.length = 0;
      const [overAxios, overFetch] = [await rejection(run(viaAxios)), await rejection(run(viaFetch))];
      expect(overFetch).toBeInstanceOf(viaFetch.Errors[errorClass as keyof Typesense['Errors']]);
      expect(overAxios).toBeInstanceOf(viaAxios.Errors[errorClass as keyof Typesense['Errors']]);
      expect(described(overFetch)).toEqual(described(overAxios));
      expect(described(overFetch).message).toMatch(/^Request failed with HTTP code 4\d\d \| Server said: ./);
      expect(seen).toHaveLength(2);
    }
  });

  it('retries an unreachable node as often as configured, then rejects with a network error', async () => {
    const closed = http.createServer();
    const port = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    const deadNodes = [{ host: '127.0.0.1', port, protocol: 'http', path: '/v1/search' }];
    const fetches = vi.spyOn(globalThis, 'fetch');

    for (const [transport, typesense] of both) {
      const { failures, logger } = failureLog();
      const client = new typesense.SearchClient({
        ...engineOptions(deadNodes, publicKey),
        numRetries: 2,
        retryIntervalSeconds: 0.01,
        logger,
      });
      const error = await rejection(
        client.collections('products').documents().search({ q: '*', query_by: 'name' }, {}),
      );
      expect(failures, transport).toHaveLength(3);
      expect(error, transport).toMatchObject({ isAxiosError: true });
      // Node's axios says ECONNREFUSED; a browser's XHR, like fetch, gives no reason: axios's XHR adapter then says this.
      if (transport === 'fetch') expect(error).toMatchObject({ code: 'ERR_NETWORK', message: 'Network Error' });
    }
    expect(fetches).toHaveBeenCalledTimes(3);
  });

  describe('a node that never answers', () => {
    let silent: http.Server;
    let silentNodes: Node[];
    beforeAll(async () => {
      silent = http.createServer(() => undefined);
      silentNodes = [{ host: '127.0.0.1', port: await listening(silent), protocol: 'http', path: '' }];
    });
    afterAll(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('times out each try as axios does and retries as configured', async () => {
      const errors = [];
      for (const [transport, typesense] of both) {
        const { failures, logger } = failureLog();
        const client = new typesense.SearchClient({
          ...engineOptions(silentNodes, publicKey),
          connectionTimeoutSeconds: 0.2,
          retryIntervalSeconds: 0.01,
          logger,
        });
        errors.push(
          await rejection(client.collections('products').documents().search({ q: '*', query_by: 'name' }, {})),
        );
        expect(failures, transport).toHaveLength(2);
      }
      expect(errors[1]).toMatchObject({
        name: 'AxiosError',
        code: 'ECONNABORTED',
        message: 'timeout of 200ms exceeded',
      });
      expect({ ...described(errors[1]), code: (errors[1] as { code: string }).code }).toEqual({
        ...described(errors[0]),
        code: (errors[0] as { code: string }).code,
      });
    });

    it('stops when the caller aborts, without a retry, as over axios', async () => {
      for (const [transport, typesense] of both) {
        const { failures, logger } = failureLog();
        const client = new typesense.SearchClient({ ...engineOptions(silentNodes, publicKey), logger });
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 50);
        const error = await rejection(
          client
            .collections('products')
            .documents()
            .search({ q: '*', query_by: 'name' }, { abortSignal: controller.signal }),
        );
        expect((error as Error).message, transport).toBe('Request aborted by caller.');
        expect(failures, transport).toHaveLength(1);
      }
    });
  });
});

describe('the query string', () => {
  it('is what axios builds, for what typesense can send', () => {
    const when = new Date('2026-11-20T09:00:00Z');
    const cases: [string, Record<string, unknown>][] = [
      ['/v1/search/multi_search', {}],
      ['/v1/search/multi_search', { 'x-typesense-api-key': 'aGVsbG8+/=?&#' }],
      [
        '/collections/products/documents/search',
        {
          q: 'laxfilé ASC 1 kg + 50% & "mer" #1 ~ (röd) [x] ! \' * 😀',
          query_by: 'name,brand_name',
          filter_by: 'brand_name:=[`Zoégas`,`A, B`] && price:>=10 || stock:!=out',
          sort_by: '_text_match:desc,popularity:desc',
          per_page: 0,
          page: 2,
          max_facet_values: 100,
          prioritize_exact_match: false,
          exhaustive_search: true,
          vector_query: 'embedding:([0.1, -2.5e-3], k: 10)',
          text_match_type: '',
          pinned_hits: null,
          hidden_hits: undefined,
          use_cache: true,
        },
      ],
      ['/search?a=1#frag', { b: 'two words', c: 3.25, d: -1 }],
      ['/search', { list: ['a', 'b c', 1, true, null], 'both[]': ['x'], ' spaced ': 'v', when }],
      ['/search', { nested: { a: 1, b: [1, 2], c: { d: 'e f' } }, arrays: [{ a: 1 }, [2, 3]], 'meta{}': { a: [1] } }],
    ];
    for (const [url, params] of cases) {
      expect(urlOf(url, params), JSON.stringify(params)).toBe(realAxios.getUri({ url, params }));
    }
  });
});
