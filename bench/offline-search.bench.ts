// Finding any article offline (issue #15): the header search and /sok answer from the company's article index on the
// device. With fake-indexeddb in Node as the device: 20 000 articles stored as the inventory kind stores them, the
// in-memory index built once (its time is reported), then many queries as a kitchen worker types them — names with a
// typo, article numbers (whole and their beginning) and EANs of pieces and cartons. Target: p95 ≤ 30 ms per query.
// Settings: BENCH_SEARCH_ARTICLES (20000), BENCH_SEARCH_QUERIES (600).
import 'fake-indexeddb/auto';
import type { ArticleIndexResponse, IndexedArticle } from '../contract/inventory';
import { openOfflineDb } from '../src/offline';
import { searchDeviceArticles } from '../src/offline/inventory/article-search';
import { toStoredArticles } from '../src/offline/inventory/kind';
import type { Figures } from './lib/types';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

function ean13(n: number): string {
  const first12 = `73${String(n).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

const FOODS = ['laxfilé', 'köttbullar', 'mjölk', 'smör', 'grädde', 'potatis', 'kycklingfilé', 'räkor', 'ost', 'kaffe'];
const KINDS = ['fryst', 'färsk', 'eko', 'laktosfri', 'skivad', 'hel', 'rökt', 'kokt'];
const SIZES = ['1 kg', '2,5 kg', '500 g', '1 l', '10 st', '5 kg'];

function article(i: number): IndexedArticle {
  return {
    kind: i % 10 === 0 ? 'own' : 'product',
    id: `0190a3b4-0000-7000-9000-${String(i).padStart(12, '0')}`,
    articleNumber: String(100000 + i),
    name: `${FOODS[i % FOODS.length]} ${KINDS[(i >> 3) % KINDS.length]} ${SIZES[i % SIZES.length]} ${i}`,
    unit: i % 3 === 0 ? 'carton' : 'piece',
    piecesPerCarton: i % 3 === 0 ? 12 : 1,
    gtinPiece: ean13(i),
    gtinCarton: i % 3 === 0 ? `1${ean13(i)}` : null,
    price: 1000 + (i % 97) * 10,
    zone: null,
    account: null,
  };
}

/** One typo: two neighbouring letters swapped, or one dropped. */
function typo(word: string, n: number): string {
  const at = 1 + (n % (word.length - 2));
  return n % 2 === 0
    ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
    : word.slice(0, at) + word.slice(at + 1);
}

export default async function offlineSearchBench(): Promise<Figures> {
  const count = envInt('BENCH_SEARCH_ARTICLES', 20000);
  const queries = envInt('BENCH_SEARCH_QUERIES', 600);
  const db = openOfflineDb(`bench-offline-search-${Date.now()}`);
  const index: ArticleIndexResponse = {
    companyCode: '10001',
    version: 'bench-1',
    generatedAt: new Date().toISOString(),
    articles: Array.from({ length: count }, (_, i) => article(i)),
  };
  await db.inventoryArticles.bulkPut(toStoredArticles(index));
  await db.inventoryCompanies.put({
    companyCode: '10001',
    zones: [],
    accounts: [],
    indexVersion: index.version,
    indexGeneratedAt: index.generatedAt,
    readAt: index.generatedAt,
  });

  // The first query reads the articles from IndexedDB and builds the in-memory index.
  const b0 = performance.now();
  const first = await searchDeviceArticles(db, '10001', 'laxfile');
  const buildMs = performance.now() - b0;
  if (first.kind !== 'hits' || first.hits.length === 0) throw new Error('index not built');

  const byKind: Record<'name' | 'number' | 'ean', number[]> = { name: [], number: [], ean: [] };
  for (let k = 0; k < queries; k++) {
    const n = (k * 7919) % count;
    const kind = (['name', 'number', 'ean'] as const)[k % 3]!;
    const food = FOODS[n % FOODS.length]!;
    const q =
      kind === 'name'
        ? `${typo(food, k)} ${KINDS[(n >> 3) % KINDS.length]}`
        : kind === 'number'
          ? k % 2 === 0
            ? String(100000 + n)
            : String(100000 + n).slice(0, 4)
          : n % 3 === 0 && k % 2 === 0
            ? `1${ean13(n)}`
            : ean13(n);
    const t0 = performance.now();
    const result = await searchDeviceArticles(db, '10001', q);
    byKind[kind].push(performance.now() - t0);
    if (result.kind !== 'hits' || result.hits.length === 0) throw new Error(`nothing found for ${q}`);
    if (kind === 'ean' && result.hits[0]!.article.articleNumber !== String(100000 + n))
      throw new Error(`wrong EAN hit`);
  }
  db.close();
  const all = [...byKind.name, ...byKind.number, ...byKind.ean];
  const p95 = percentile(all, 0.95);
  return {
    articles: count,
    queries,
    'index build ms (first query)': round(buildMs),
    'query p50 ms': round(percentile(all, 0.5), 2),
    'query p95 ms': round(p95, 2),
    'query p95 ms, target ≤ 30': p95 <= 30,
    'name with typo p95 ms': round(percentile(byKind.name, 0.95), 2),
    'article number p95 ms': round(percentile(byKind.number, 0.95), 2),
    'EAN p95 ms': round(percentile(byKind.ean, 0.95), 2),
  };
}
