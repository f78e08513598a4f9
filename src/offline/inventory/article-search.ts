import MiniSearch from 'minisearch';
import type { OfflineDb } from '../engine/database';
import { codeVariants } from './scan';
import type { StoredArticle } from './tables';

/**
 * Finding any article of the company on the device, without network (issue #15, docs/decisions/0058): the offline
 * article index the inventory kind keeps (`inventoryArticles`) searched by EAN/GTIN (exact, piece or carton), by article
 * number (exact, then prefix) and by name with typos (MiniSearch, fuzzy + prefix). Loaded only when a search runs
 * offline (a dynamic import), so MiniSearch is not in the app's first load.
 */

/** How an article was found: a code names the unit it counts in (a carton GTIN is one carton). */
export type DeviceArticleMatch = 'gtinPiece' | 'gtinCarton' | 'articleNumber' | 'name';

export interface DeviceArticleHit {
  article: StoredArticle;
  match: DeviceArticleMatch;
}

export type DeviceSearchResult =
  /** The device has no article index of this company (never synced with it online). */
  { kind: 'noIndex' } | { kind: 'hits'; hits: DeviceArticleHit[]; indexVersion: string };

interface CompanyIndex {
  version: string;
  names: MiniSearch<StoredArticle>;
  byKey: Map<string, StoredArticle>;
  byGtin: Map<string, DeviceArticleHit>;
  /** Lower-case article numbers, sorted, with their articles: exact and prefix lookups by binary search. */
  numbers: { number: string; article: StoredArticle }[];
}

/** Case, accents and å/ä/ö folded, so "kottbullar" finds "Köttbullar" and "laxfile" finds "Laxfilé". */
export function foldTerm(term: string): string {
  return term
    .toLocaleLowerCase('sv')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** One index per company and index version: built once (20 000 articles take well under a second), then reused. */
const built = new Map<string, Promise<CompanyIndex>>();

async function build(db: OfflineDb, companyCode: string, version: string): Promise<CompanyIndex> {
  const articles = await db.inventoryArticles.where('companyCode').equals(companyCode).toArray();
  const names = new MiniSearch<StoredArticle>({
    idField: 'key',
    fields: ['name'],
    processTerm: (term) => foldTerm(term) || null,
  });
  names.addAll(articles);
  const byGtin = new Map<string, DeviceArticleHit>();
  for (const article of articles) {
    // A piece GTIN wins over another article's carton GTIN with the same digits (as in resolveScan).
    if (article.gtinCarton && !byGtin.has(article.gtinCarton))
      byGtin.set(article.gtinCarton, { article, match: 'gtinCarton' });
  }
  for (const article of articles) {
    if (article.gtinPiece) byGtin.set(article.gtinPiece, { article, match: 'gtinPiece' });
  }
  const numbers = articles
    .map((article) => ({ number: article.articleNumber.toLocaleLowerCase('sv'), article }))
    .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  return { version, names, byKey: new Map(articles.map((a) => [a.key, a])), byGtin, numbers };
}

async function indexOf(db: OfflineDb, companyCode: string): Promise<CompanyIndex | null> {
  const company = await db.inventoryCompanies.get(companyCode);
  const version = company?.indexVersion;
  if (!version) return null;
  // The database's name is part of the key: a test or a bench may hold several databases in one page.
  const key = `${db.name}|${companyCode}|${version}`;
  let index = built.get(key);
  if (!index) {
    for (const old of built.keys()) if (old.startsWith(`${db.name}|${companyCode}|`)) built.delete(old);
    index = build(db, companyCode, version);
    built.set(key, index);
    index.catch(() => built.delete(key));
  }
  return index;
}

function numberHits(index: CompanyIndex, q: string, limit: number): DeviceArticleHit[] {
  const { numbers } = index;
  let lo = 0;
  let hi = numbers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (numbers[mid]!.number < q) lo = mid + 1;
    else hi = mid;
  }
  const out: DeviceArticleHit[] = [];
  for (let i = lo; i < numbers.length && out.length < limit && numbers[i]!.number.startsWith(q); i++) {
    out.push({ article: numbers[i]!.article, match: 'articleNumber' });
  }
  return out;
}

/**
 * Searches the company's article index on the device: codes first (an EAN is one article), then article numbers,
 * then names (every word, each allowed a typo; if no article has them all, any word). At most `limit` hits.
 */
export async function searchDeviceArticles(
  db: OfflineDb,
  companyCode: string,
  query: string,
  limit = 20,
): Promise<DeviceSearchResult> {
  const index = await indexOf(db, companyCode);
  if (!index) return { kind: 'noIndex' };
  const q = query.trim();
  const hits: DeviceArticleHit[] = [];
  const seen = new Set<string>();
  const push = (hit: DeviceArticleHit) => {
    if (hits.length >= limit || seen.has(hit.article.key)) return;
    seen.add(hit.article.key);
    hits.push(hit);
  };
  if (q === '') return { kind: 'hits', hits, indexVersion: index.version };

  for (const code of codeVariants(q)) {
    const hit = index.byGtin.get(code);
    if (hit) push(hit);
  }
  numberHits(index, q.toLocaleLowerCase('sv'), limit).forEach(push);
  // Digits that found a code or a number are that code: a typo-tolerant name search of them finds only noise.
  if (hits.length > 0 && !/\p{L}/u.test(q)) return { kind: 'hits', hits, indexVersion: index.version };
  const options = { fuzzy: 0.25, prefix: true, boost: { name: 1 } } as const;
  let named = index.names.search(q, { ...options, combineWith: 'AND' });
  if (named.length === 0) named = index.names.search(q, { ...options, combineWith: 'OR' });
  for (const result of named) {
    if (hits.length >= limit) break;
    const article = index.byKey.get(String(result.id));
    if (article) push({ article, match: 'name' });
  }
  return { kind: 'hits', hits, indexVersion: index.version };
}
