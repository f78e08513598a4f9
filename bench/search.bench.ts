// Server-side search on a 100 000-product catalogue: p50/p95 of typical queries with a company's scoped-key filter,
// the five product facets and typos, measured on the embedded engine's search function itself (no HTTP).
// Target: p95 < 20 ms. Also the index build time at start (load from the database + build) for 2 000 and 100 000
// products.
//
// The catalogues are seeded into in-memory PGlite databases (the 100 000-product seed takes about a minute).
// Settings: BENCH_SEARCH_PRODUCTS (100000), BENCH_SEARCH_ROUNDS (20: each query is run this many times).
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { seed } from '../server/db/seed';
import { createBus } from '../server/lib/bus';
import { EmbeddedSearch, type SearchParams } from '../server/adapters/search';
import { createSearchIndexer } from '../server/modules/search/service';
import { companyFilter } from '../server/modules/search/service';
import { companies, products } from '../server/db/schema';
import { PRODUCT_FACETS, PRODUCT_QUERY_BY, PRODUCT_SORTS } from '../contract/search';
import { eq } from 'drizzle-orm';
import type { Figures } from './lib/types';

const TARGET_P95_MS = 20;

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const silent = { info: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function seeded(count: number): Promise<{ handle: DatabaseHandle; seedMs: number }> {
  const handle = await openDatabase({});
  const started = performance.now();
  await seed(handle.db, { products: count });
  return { handle, seedMs: performance.now() - started };
}

/** Load from the database and build every collection, as the server does at start. */
async function build(handle: DatabaseHandle) {
  const engine = new EmbeddedSearch({ searchOnlyKey: 'bench-search-only-key' });
  const indexer = createSearchIndexer(handle.db, engine, {
    nodes: null,
    keyTtlSeconds: 3600,
    log: silent,
    bus: createBus(handle),
  });
  const started = performance.now();
  await indexer.start();
  return { engine, indexer, ms: performance.now() - started };
}

export default async function searchBench(): Promise<Figures> {
  const productCount = envInt('BENCH_SEARCH_PRODUCTS', 100_000);
  const rounds = envInt('BENCH_SEARCH_ROUNDS', 20);

  // 1. Build time at start, small catalogue (the default demo size).
  const small = await seeded(2000);
  const smallBuild = await build(small.handle);
  await smallBuild.indexer.close();
  await small.handle.close();

  // 2. The large catalogue.
  const large = await seeded(productCount);
  const { engine, indexer, ms: buildMs } = await build(large.handle);
  const heapMb = process.memoryUsage().heapUsed / 1e6;

  const [company] = await large.handle.db.select().from(companies).where(eq(companies.code, '10001'));
  if (!company) throw new Error('no company 10001');
  // The company's scoped key embeds this filter; the server ANDs it with the request's own.
  const embedded = { filter_by: companyFilter(company.id) };
  const [sample] = await large.handle.db.select().from(products).limit(1);
  const facetBy = PRODUCT_FACETS.join(',');

  const typed = [
    'laxfile',
    'tomater',
    'mjolk',
    'kafe',
    'potatsi',
    'kycklingfile',
    'rött vin',
    'ost',
    'choklad',
    'sallad',
    'smör',
    'glass vanilj',
    'grädde',
    'pasta',
    'riss',
    'olivolja',
    'diskmedel',
    'kanel',
    'öl',
    'falukorv',
    'mj',
    'kyc',
    'bröd',
    'yoghurt naturell',
    'ägg',
    'handske',
    'ved',
    'kaffe mörkrost',
    'apelsinjuice',
    'köttbullar',
  ];
  const sorts = [PRODUCT_SORTS.relevance, PRODUCT_SORTS.priceAsc, PRODUCT_SORTS.bestSeller];
  const queries: SearchParams[] = [];
  typed.forEach((q, i) => {
    queries.push({
      q,
      query_by: PRODUCT_QUERY_BY,
      facet_by: facetBy,
      sort_by: sorts[i % sorts.length],
      per_page: 24,
      ...(i % 4 === 0 ? { filter_by: 'stock_status:[in_stock,few_left]' } : {}),
    });
  });
  // Codes and category pages (no text, a category filter, sorted and faceted).
  queries.push({ q: sample!.sku, query_by: PRODUCT_QUERY_BY, facet_by: facetBy, per_page: 24 });
  queries.push({ q: sample!.gtinPiece ?? '', query_by: PRODUCT_QUERY_BY, facet_by: facetBy, per_page: 24 });
  for (const slug of ['mejeri', 'drycker', 'fisk-skaldjur', 'ost']) {
    queries.push({
      q: '*',
      filter_by: `category_slugs:=${slug}`,
      facet_by: facetBy,
      sort_by: PRODUCT_SORTS.bestSeller,
      per_page: 24,
    });
  }
  const run = (params: SearchParams) => engine.searchNow('products', params, embedded);

  // Warm up (JIT, cached filter sets and orders), then measure.
  for (const params of queries) run(params);
  const times: number[] = [];
  const perQuery = new Map<string, number[]>();
  let found = 0;
  for (let r = 0; r < rounds; r++) {
    for (const params of queries) {
      const started = performance.now();
      const result = run(params);
      const ms = performance.now() - started;
      times.push(ms);
      found += result.found;
      const label = String(params.q);
      const list = perQuery.get(label);
      if (list) list.push(ms);
      else perQuery.set(label, [ms]);
    }
  }
  times.sort((a, b) => a - b);
  const slowest = [...perQuery]
    .map(([q, ms]) => [q, ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? 0] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([q, ms]) => `${q} ${round(ms)} ms`)
    .join(', ');

  // The grouped instant search: categories, products, tender items, campaigns in one go.
  const groupTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of typed.slice(0, 10)) {
      const started = performance.now();
      engine.searchNow('categories', { q, query_by: 'name,path', per_page: 5 }, embedded);
      for (const collection of ['products', 'tender_items', 'campaigns'])
        engine.searchNow(collection, { q, query_by: PRODUCT_QUERY_BY, per_page: 5 }, embedded);
      groupTimes.push(performance.now() - started);
    }
  }
  groupTimes.sort((a, b) => a - b);

  await indexer.close();
  await large.handle.close();
  const p95 = percentile(times, 0.95);
  return {
    products: productCount,
    queries: queries.length,
    samples: times.length,
    'p50 ms': round(percentile(times, 0.5), 2),
    'p95 ms': round(p95, 2),
    'p99 ms': round(percentile(times, 0.99), 2),
    'max ms': round(times[times.length - 1] ?? 0, 2),
    'slowest (median)': slowest,
    'grouped 4-collection search p50 ms': round(percentile(groupTimes, 0.5), 2),
    'grouped 4-collection search p95 ms': round(percentile(groupTimes, 0.95), 2),
    'mean hits found': Math.round(found / times.length),
    'build at start, 2 000 products ms': Math.round(smallBuild.ms),
    [`build at start, ${productCount} products ms`]: Math.round(buildMs),
    'heap after build MB': Math.round(heapMb),
    'seed 100k s (not part of start)': round(large.seedMs / 1000),
    target: `p95 < ${TARGET_P95_MS} ms`,
    verdict: p95 < TARGET_P95_MS ? 'PASS' : 'ABOVE',
  };
}
