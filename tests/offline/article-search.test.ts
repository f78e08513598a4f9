/**
 * Finding any article on the device without network (issue #15): the company's offline article index searched by a
 * name with a typo, by article number (exact and prefix) and by EAN (piece or carton, in any of its written forms),
 * never showing another company's articles, and saying so when the device has no index of the company.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ArticleIndexResponse, IndexedArticle } from '../../contract/inventory';
import { openOfflineDb, type OfflineDb } from '../../src/offline';
import { searchDeviceArticles } from '../../src/offline/inventory/article-search';
import { toStoredArticles } from '../../src/offline/inventory/kind';

const article = (over: Partial<IndexedArticle> & Pick<IndexedArticle, 'id' | 'articleNumber' | 'name'>) =>
  ({
    kind: 'product',
    unit: 'piece',
    piecesPerCarton: 1,
    gtinPiece: null,
    gtinCarton: null,
    price: 1000,
    zone: null,
    account: null,
    ...over,
  }) satisfies IndexedArticle;

const ARTICLES_10001 = [
  article({ id: 'p1', articleNumber: '100234', name: 'Laxfilé fryst 1 kg', gtinPiece: '7310865004703' }),
  article({
    id: 'p2',
    articleNumber: '100240',
    name: 'Köttbullar 2,5 kg',
    unit: 'carton',
    piecesPerCarton: 4,
    gtinPiece: '7311041013762',
    gtinCarton: '17311041013769',
  }),
  article({ id: 'p3', articleNumber: '200111', name: 'Mjölk standard 1 l' }),
  article({ id: 'o1', kind: 'own', articleNumber: 'EGEN-7', name: 'Husets sylt' }),
];
const ARTICLES_10002 = [article({ id: 'x1', articleNumber: '900001', name: 'Laxsida hel' })];

async function store(db: OfflineDb, companyCode: string, articles: IndexedArticle[], version = randomUUID()) {
  const index: ArticleIndexResponse = { companyCode, version, generatedAt: new Date().toISOString(), articles };
  await db.inventoryArticles.where('companyCode').equals(companyCode).delete();
  await db.inventoryArticles.bulkPut(toStoredArticles(index));
  await db.inventoryCompanies.put({
    companyCode,
    zones: [],
    accounts: [],
    indexVersion: version,
    indexGeneratedAt: index.generatedAt,
    readAt: index.generatedAt,
  });
}

async function device() {
  const db = openOfflineDb(`skafferi-test-${randomUUID()}`);
  await store(db, '10001', ARTICLES_10001);
  await store(db, '10002', ARTICLES_10002);
  return db;
}

async function names(db: OfflineDb, companyCode: string, q: string) {
  const result = await searchDeviceArticles(db, companyCode, q);
  if (result.kind !== 'hits') throw new Error('no index');
  return result.hits.map((h) => `${h.article.name} (${h.match})`);
}

describe('searching the article index on the device', () => {
  it('finds a name with a typo and without its accents', async () => {
    const db = await device();
    expect(await names(db, '10001', 'laxfile')).toEqual(['Laxfilé fryst 1 kg (name)']);
    expect(await names(db, '10001', 'kötbullar')).toEqual(['Köttbullar 2,5 kg (name)']);
    expect(await names(db, '10001', 'mjolk')).toEqual(['Mjölk standard 1 l (name)']);
    expect(await names(db, '10001', 'husets')).toEqual(['Husets sylt (name)']);
  });

  it('finds an article number exactly and by its beginning', async () => {
    const db = await device();
    expect(await names(db, '10001', '100240')).toEqual(['Köttbullar 2,5 kg (articleNumber)']);
    expect(await names(db, '10001', '1002')).toEqual([
      'Laxfilé fryst 1 kg (articleNumber)',
      'Köttbullar 2,5 kg (articleNumber)',
    ]);
    expect(await names(db, '10001', 'egen-7')).toEqual(['Husets sylt (articleNumber)']);
  });

  it('finds an EAN of a piece or a carton, written with or without its leading zero', async () => {
    const db = await device();
    expect(await names(db, '10001', '7310865004703')).toEqual(['Laxfilé fryst 1 kg (gtinPiece)']);
    expect(await names(db, '10001', '07310865004703')).toEqual(['Laxfilé fryst 1 kg (gtinPiece)']);
    expect(await names(db, '10001', '17311041013769')).toEqual(['Köttbullar 2,5 kg (gtinCarton)']);
  });

  it('shows only the articles of the company asked for', async () => {
    const db = await device();
    expect(await names(db, '10002', 'lax')).toEqual(['Laxsida hel (name)']);
    expect(await names(db, '10001', '900001')).toEqual([]);
    expect(await names(db, '10002', '7310865004703')).toEqual([]);
  });

  it('says when the device has no index of the company', async () => {
    const db = await device();
    expect(await searchDeviceArticles(db, '10003', 'lax')).toEqual({ kind: 'noIndex' });
  });

  it('reads the index again when a new version has arrived', async () => {
    const db = await device();
    expect(await names(db, '10001', 'kaviar')).toEqual([]);
    await store(db, '10001', [...ARTICLES_10001, article({ id: 'p9', articleNumber: '300001', name: 'Kaviar' })]);
    expect(await names(db, '10001', 'kaviar')).toEqual(['Kaviar (name)']);
  });
});
