import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchKeyResponse } from '../../contract/search';
import { companies } from '../../server/db/schema';
import { SearchError, TypesenseSearch, type EmbeddedParams } from '../../server/adapters/search';
import { bothOf, filterText, parseFilter } from '../../server/adapters/search/embedded/filter';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

/**
 * Issue #13 point 1: no requested `filter_by` reaches outside the key's scope. An injection corpus runs through the
 * real routes (GET search and multi_search) with the public key and a company key, and through the Typesense adapter
 * against a fake cluster, which must be sent the same merged filter the embedded engine evaluated.
 */

type Hit = { document: { company_id: string } };
type Result = { found: number; hits: Hit[] };
type Failed = { code: number; error: string };

let app: TestApp;
let own = '';
let other = '';
const keys: Record<'public' | 'company', { key: string; scope: Set<string> }> = {
  public: { key: '', scope: new Set() },
  company: { key: '', scope: new Set() },
};

const CORPUS = (): string[] => [
  'company_id:=public) || (company_id:!=public',
  'company_id:!=public) || (company_id:=public',
  'company_id:=public || company_id:!=public',
  'company_id:!=public',
  `company_id:=${other}`,
  `company_id:!=[public,${own}]`,
  `company_id:=public) || (company_id:=${other}`,
  ') || (',
  '||',
  ')',
  '(',
  '&& company_id:!=public',
  'company_id:!=public &&',
  'company_id:=public && (company_id:!=public',
  '(company_id:!=public)) || ((company_id:!=public)',
  '`company_id`:!=public',
  'company_id:=`public) || (company_id:!=public`',
  'company_id:=`public`) || (`x`',
  'company_id:=`public`) || (company_id:!=`public`',
  'company_id:=``) || (company_id:!=``',
  'company_id:=\\) || (company_id:!=public',
  'company_id:=public\\) || (company_id:!=public',
  'company_id:=public\\\\) || (company_id:!=public',
  'company_id:="public") || (company_id:!="public"',
  "company_id:='public') || (company_id:!='public'",
  'company_id:=public)\n|| (company_id:!=public',
  'company_id:=public)\t||\t(company_id:!=public',
  'company_id:=publіc) || (company_id:!=publіc', // Cyrillic і
  'company_id:＝public）｜｜（company_id:!=public', // full-width
  'company_id:=public\u202e) || (company_id:!=public',
  'company_id:=public\u0000) || (company_id:!=public',
  'company_id:=[public,x]) || (company_id:=[x',
  `company_id:=[public,${own}]) || (company_id:!=[${own}`,
  'kind:=tender || kind:=campaign',
  'kind:!=nothing) || (kind:!=nothing',
  `company_id:!=public) && (kind:=tender) || (kind:=tender`,
  `${'('.repeat(12)}company_id:!=public${')'.repeat(12)}`,
  `${'('.repeat(40)}company_id:!=public${')'.repeat(40)}`,
  `${'('.repeat(5000)}company_id:!=public`,
  `${'company_id:!=public || '.repeat(300)}company_id:!=public`,
  `company_id:!=${'x'.repeat(5000)}`,
  `company_id:=[${Array.from({ length: 200 }, (_, i) => `c${i}`).join(',')}]) || (company_id:!=public`,
  'company_id:!=public || company_id:=public) && (company_id:=public',
  'company_id:!public',
  'company_id:!= public) || (company_id :!= public',
];

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app, DEMO.kund);
  const rows = await app.services.database.db.select().from(companies);
  own = rows.find((row) => row.code === '10001')!.id;
  other = rows.find((row) => row.code !== '10001' && row.code !== '10002')!.id;
  const publicKey = await app.inject({ method: 'GET', url: '/v1/typesense/key' });
  keys.public = { key: publicKey.json<SearchKeyResponse>().key, scope: new Set(['public']) };
  const companyKey = await app.inject({ method: 'GET', url: `/v1/typesense/key/${own}`, headers: bearer(token) });
  keys.company = { key: companyKey.json<SearchKeyResponse>().key, scope: new Set(['public', own]) };
});
afterAll(() => app.closeAll());

const get = (collection: string, filter: string, key: string) =>
  app.inject({
    method: 'GET',
    url: `/v1/search/collections/${collection}/documents/search`,
    query: { q: '*', filter_by: filter, per_page: '50' },
    headers: { 'x-typesense-api-key': key },
  });

const multi = (collection: string, filter: string, key: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/search/multi_search',
    query: { 'x-typesense-api-key': key },
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ searches: [{ collection, q: '*', filter_by: filter, per_page: 50 }] }),
  });

/** Every document the key may see, counted: more than this in `found` means a leak beyond the page too. */
async function inScope(collection: string, key: string): Promise<number> {
  const res = await get(collection, '', key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Result>().found;
}

function expectWithin(result: Result, scope: Set<string>, limit: number, what: string) {
  expect(result.found, what).toBeLessThanOrEqual(limit);
  for (const hit of result.hits) expect(scope.has(hit.document.company_id), what).toBe(true);
}

describe('a requested filter_by cannot leave the key’s scope', () => {
  for (const who of ['public', 'company'] as const) {
    it(`holds for the ${who} key on tender items and campaigns, GET search and multi_search`, async () => {
      const { key, scope } = keys[who];
      // The demo data has other companies' rows in both collections, so a leak would show.
      const all = (await app.services.database.db.select().from(companies)).length;
      expect(all).toBeGreaterThan(2);
      for (const collection of ['tender_items', 'campaigns']) {
        const limit = await inScope(collection, key);
        for (const filter of CORPUS()) {
          const what = `${who} ${collection} ${JSON.stringify(filter.slice(0, 80))}`;
          const one = await get(collection, filter, key);
          expect([200, 400, 404], `${what}: ${one.body.slice(0, 200)}`).toContain(one.statusCode);
          if (one.statusCode === 200) expectWithin(one.json<Result>(), scope, limit, what);
          const many = await multi(collection, filter, key);
          // A control character is refused at the server's edge for the whole request (decision 0049), as GET's 400.
          if (many.statusCode === 400) {
            expect(one.statusCode, what).toBe(400);
            continue;
          }
          expect(many.statusCode, `${what}: ${many.body.slice(0, 200)}`).toBe(200);
          const [answer] = many.json<{ results: (Result | Failed)[] }>().results;
          if ('error' in answer!) expect([400, 404], what).toContain(answer.code);
          else expectWithin(answer!, scope, limit, what);
          // Both calls judge a filter alike.
          expect('error' in answer! ? answer.code : 200, what).toBe(one.statusCode);
        }
      }
    });
  }

  it('refuses the reported escape with 400 instead of answering every company’s rows', async () => {
    const res = await get('tender_items', 'company_id:=public) || (company_id:!=public', keys.public.key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', message: expect.stringMatching(/filter/) });
  });

  it('still answers a filter within the scope (the company sees its own rows)', async () => {
    const res = await get('tender_items', `company_id:=${own}`, keys.company.key);
    expect(res.statusCode).toBe(200);
    expect(res.json<Result>().found).toBeGreaterThan(0);
  });
});

describe('the Typesense adapter sends the same merged filter', () => {
  /** A fake cluster at the adapter's fetch: records each search's query and answers an empty result. */
  function fakeCluster() {
    const sent: Record<string, string>[] = [];
    const fetch = (async (input: URL | RequestInfo) => {
      const url = new URL(String(input));
      sent.push(Object.fromEntries(url.searchParams));
      const body = { facet_counts: [], found: 0, hits: [], out_of: 0, page: 1, request_params: {}, search_time_ms: 0 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const engine = new TypesenseSearch({ url: 'http://cluster.test', apiKey: 'admin', searchOnlyKey: 'search', fetch });
    return { engine, sent };
  }

  it('ANDs the key’s filter with the requested one as a tree, refuses what the embedded engine refuses', async () => {
    const { engine, sent } = fakeCluster();
    for (const embedded of [
      { filter_by: 'company_id:=public' },
      { filter_by: `company_id:=[public,${own}]` },
    ] satisfies EmbeddedParams[]) {
      const scope = parseFilter(embedded.filter_by);
      const key = embedded.filter_by === 'company_id:=public' ? keys.public.key : keys.company.key;
      for (const filter of CORPUS()) {
        const what = `${embedded.filter_by} ${JSON.stringify(filter.slice(0, 80))}`;
        const embeddedAnswer = await get('tender_items', filter, key);
        const before = sent.length;
        let status = 200;
        try {
          await engine.search('tender_items', { q: '*', filter_by: filter }, embedded);
        } catch (error) {
          expect(error, what).toBeInstanceOf(SearchError);
          status = (error as SearchError).status;
        }
        // 404 (a field the schema lacks) is the collection's answer; the adapter leaves that to the cluster.
        expect(status, what).toBe(embeddedAnswer.statusCode === 404 ? 200 : embeddedAnswer.statusCode);
        if (status !== 200) {
          expect(sent.length, what).toBe(before);
          continue;
        }
        const text = sent.at(-1)!.filter_by!;
        expect(text, what).toBe(filterText(bothOf(scope, parseFilter(filter))));
        // Read back, the key's scope is one of the top-level AND's conditions: nothing requested can undo it.
        const tree = parseFilter(text);
        expect(tree.kind, what).toBe('and');
        expect((tree as { items: unknown[] }).items[0], what).toEqual(scope);
      }
    }
  });

  it('writes a filter that reads back as the same tree', () => {
    for (const filter of [
      'a:=x && (b:!=[y, `z, w`] || c:>5)',
      'a:`x y` || b:[1..5, 7]',
      'zone.name:=Kyl && stock_status:[in_stock,few_left]',
      'a:!x',
    ]) {
      const tree = parseFilter(filter);
      expect(parseFilter(filterText(tree)), filter).toEqual(tree);
    }
    expect(() => filterText(parseFilter('a:=x`y'))).toThrow(SearchError);
  });
});
