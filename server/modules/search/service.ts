import type { DbOrTx } from '../../db/client';
import type { Bus, BusEvent } from '../../lib/bus';
import { EMBEDDED_SEARCH_PATH, type SearchEngine, type SearchNode } from '../../adapters/search';
import {
  PRODUCT_FACETS,
  PRODUCT_QUERY_BY,
  PRODUCT_SORTS,
  type SearchCollection,
  type SearchKeyResponse,
} from '../../../contract/search';
import { loadCategoryDocuments } from './category-documents';
import { asDocuments, COLLECTION_SPECS, PUBLIC_SCOPE } from './collection-specs';
import { loadCompanyItemDocuments } from './company-item-documents';
import { loadProductDocuments } from './product-documents';

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** How often tender items and campaigns are rebuilt, so that prices that start or end today come and go. */
const COMPANY_ITEMS_REFRESH_MS = 3_600_000;

/** Product ids per bus notice (36-character ids: well under PostgreSQL's 8000-byte NOTIFY payload). */
const PRODUCTS_PER_EVENT = 150;
/** How long a change waits to come back from the bus before this instance applies it anyway. */
const ANNOUNCE_FALLBACK_MS = 5_000;

type IndexEvent = Extract<BusEvent, { type: 'products-changed' | 'company-prices-changed' | 'categories-changed' }>;
/** What the index needs of the bus (server/lib/bus.ts). */
export type IndexBus = Pick<Bus, 'publish' | 'on'>;

/** The filter a company's scoped key embeds: the public documents and the company's own, nothing else. */
export const companyFilter = (companyId: string) => `company_id:=[${PUBLIC_SCOPE},${companyId}]`;
export const publicFilter = `company_id:=${PUBLIC_SCOPE}`;

/**
 * Keeps the search engine in step with the database: a full build at start, then the changes other modules report.
 * Every change runs after the previous one (one queue), so a change that arrives during the build is applied to the
 * new index, not lost with the old one.
 */
export function createSearchIndexer(
  db: DbOrTx,
  engine: SearchEngine,
  options: { nodes: SearchNode[] | null; keyTtlSeconds: number; log: Log; bus: IndexBus },
) {
  let queue: Promise<unknown> = Promise.resolve();
  let built: Promise<void> | undefined;
  let state: 'idle' | 'building' | 'ready' | 'failed' = 'idle';
  let timer: NodeJS.Timeout | undefined;

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch((err: unknown) => options.log.error({ err }, 'search index update failed'));
    return next;
  };

  const key = (collection: SearchCollection) => COLLECTION_SPECS[collection].key;

  async function buildAll(): Promise<{ ms: number; products: number }> {
    const started = performance.now();
    const [products, categories, items] = await Promise.all([
      loadProductDocuments(db),
      loadCategoryDocuments(db),
      loadCompanyItemDocuments(db),
    ]);
    const loaded = performance.now();
    await engine.rebuild([
      { spec: COLLECTION_SPECS.products, documents: asDocuments(products) },
      { spec: COLLECTION_SPECS.categories, documents: asDocuments(categories) },
      { spec: COLLECTION_SPECS.tenderItems, documents: asDocuments(items.tenderItems) },
      { spec: COLLECTION_SPECS.campaigns, documents: asDocuments(items.campaigns) },
    ]);
    if (engine.kind === 'embedded') await warmUp();
    const ms = Math.round(performance.now() - started);
    options.log.info(
      {
        engine: engine.kind,
        products: products.length,
        tenderItems: items.tenderItems.length,
        campaigns: items.campaigns.length,
        loadMs: Math.round(loaded - started),
        ms,
      },
      'search index built',
    );
    return { ms, products: products.length };
  }

  /** Runs a browse and a text search once, so that the first user does not wait for the caches and the JIT. */
  async function warmUp() {
    const products = engine.collectionName(key('products'));
    const common = { filter_by: publicFilter, facet_by: PRODUCT_FACETS.join(','), per_page: 24 };
    await engine.search(products, { ...common, q: '*', sort_by: PRODUCT_SORTS.bestSeller });
    await engine.search(products, { ...common, q: 'kaffe', query_by: PRODUCT_QUERY_BY });
  }

  async function refreshCompanyItems(companyId?: string, productIds?: string[]) {
    const items = await loadCompanyItemDocuments(db, { companyId, productIds });
    if (!companyId && !productIds) {
      await engine.rebuild([
        { spec: COLLECTION_SPECS.tenderItems, documents: asDocuments(items.tenderItems) },
        { spec: COLLECTION_SPECS.campaigns, documents: asDocuments(items.campaigns) },
      ]);
      return;
    }
    const filter = companyId ? `company_id:=${companyId}` : `product_id:[${(productIds ?? []).join(',')}]`;
    for (const [collection, docs] of [
      ['tenderItems', items.tenderItems],
      ['campaigns', items.campaigns],
    ] as const) {
      await engine.removeWhere(key(collection), filter);
      await engine.upsert(key(collection), asDocuments(docs));
    }
  }

  // ── Changes reach every instance's index through the bus (decision 0048) ──────────────────────────────────────
  /** Who waits for an announced change to be applied here, by the event's text. */
  const waiting = new Map<string, (() => void)[]>();

  function applied(event: IndexEvent) {
    const key = JSON.stringify(event);
    const waiters = waiting.get(key) ?? [];
    waiting.delete(key);
    for (const resolve of waiters) resolve();
  }

  /** Applies a change when the event arrives, on every instance (this one too). Before the first build, the build
   * itself reads the change from the database. */
  function onEvent(event: IndexEvent, apply: () => Promise<void>) {
    if (state === 'idle') return applied(event);
    void enqueue(apply).finally(() => applied(event));
  }

  /**
   * Tells every instance, and resolves once this one has applied it. Should the notice not come back (a lost
   * listener connection), this instance applies it itself after ANNOUNCE_FALLBACK_MS, so the caller is not held.
   */
  function announce(event: IndexEvent, apply: () => Promise<void>): Promise<void> {
    const key = JSON.stringify(event);
    return new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(fallback);
        resolve();
      };
      const fallback = setTimeout(() => {
        waiting.set(
          key,
          (waiting.get(key) ?? []).filter((w) => w !== finish),
        );
        options.log.error({ event: event.type }, 'search index change not heard back from the bus; applied here');
        void enqueue(apply).finally(finish);
      }, ANNOUNCE_FALLBACK_MS);
      fallback.unref();
      waiting.set(key, [...(waiting.get(key) ?? []), finish]);
      options.bus.publish(event).catch((err: unknown) => {
        clearTimeout(fallback);
        waiting.set(
          key,
          (waiting.get(key) ?? []).filter((w) => w !== finish),
        );
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  async function applyProducts(ids: string[]) {
    const docs = await loadProductDocuments(db, ids);
    const present = new Set(docs.map((d) => d.id));
    await engine.upsert(key('products'), asDocuments(docs));
    const gone = ids.filter((id) => !present.has(id));
    if (gone.length > 0) await engine.remove(key('products'), gone);
    await refreshCompanyItems(undefined, ids);
  }

  options.bus.on('products-changed', (event) => onEvent(event, () => applyProducts(event.ids)));
  options.bus.on('company-prices-changed', (event) => onEvent(event, () => refreshCompanyItems(event.companyId)));
  options.bus.on('categories-changed', (event) => onEvent(event, async () => void (await buildAll())));

  return {
    engine,

    /** Builds every collection from the database (once; later calls wait for the same build). */
    start(): Promise<void> {
      if (!built) {
        state = 'building';
        built = enqueue(buildAll).then(
          () => {
            state = 'ready';
            timer = setInterval(() => void enqueue(() => refreshCompanyItems()), COMPANY_ITEMS_REFRESH_MS);
            timer.unref();
          },
          (err: unknown) => {
            state = 'failed';
            options.log.error({ err }, 'search index build failed');
            throw err;
          },
        );
        built.catch(() => {});
      }
      return built;
    },

    /** Resolves when the first build is done (rejects when it failed). */
    ready(): Promise<void> {
      return this.start();
    },

    get state() {
      return state;
    },

    /** Rebuilds everything now (e.g. after the category tree changed). */
    rebuild(): Promise<{ ms: number; products: number }> {
      return enqueue(buildAll);
    },

    /**
     * Call after products were created, changed or deleted: every instance loads their documents (and the tender
     * items and campaigns that show them) again; ids that no longer exist are removed. Resolves once this instance
     * has.
     */
    async productsChanged(ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      // One notice per PRODUCTS_PER_EVENT ids: each fits in a NOTIFY payload and is awaited as it was sent.
      for (let i = 0; i < unique.length; i += PRODUCTS_PER_EVENT) {
        const chunk = unique.slice(i, i + PRODUCTS_PER_EVENT);
        await announce({ type: 'products-changed', ids: chunk }, () => applyProducts(chunk));
      }
    },

    /** Call after a company's agreement, campaign or tender prices changed (every instance reloads them). */
    companyPricesChanged(companyId: string): Promise<void> {
      return announce({ type: 'company-prices-changed', companyId }, () => refreshCompanyItems(companyId));
    },

    /** Call after categories changed (names and paths show in every product document): every instance rebuilds. */
    categoriesChanged(): Promise<void> {
      return announce({ type: 'categories-changed' }, async () => void (await buildAll()));
    },

    /** The key anyone may use: it sees public documents only (products and categories). */
    publicKey(): SearchKeyResponse {
      return {
        key: engine.scopedKey({ filter_by: publicFilter }),
        expiresAt: null,
        companyId: null,
        nodes: options.nodes,
        path: EMBEDDED_SEARCH_PATH,
        collections: collectionNames(engine),
        engine: engine.kind,
      };
    },

    /** A key for one company: public documents and that company's tender items and campaigns, until it expires. */
    companyKey(companyId: string, now = new Date()): SearchKeyResponse {
      const expiresAt = Math.floor(now.getTime() / 1000) + options.keyTtlSeconds;
      return {
        key: engine.scopedKey({ filter_by: companyFilter(companyId), expires_at: expiresAt }),
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        companyId,
        nodes: options.nodes,
        path: EMBEDDED_SEARCH_PATH,
        collections: collectionNames(engine),
        engine: engine.kind,
      };
    },

    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await queue.catch(() => {});
      await engine.close();
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;

function collectionNames(engine: SearchEngine): SearchKeyResponse['collections'] {
  return {
    products: engine.collectionName(COLLECTION_SPECS.products.key),
    categories: engine.collectionName(COLLECTION_SPECS.categories.key),
    tenderItems: engine.collectionName(COLLECTION_SPECS.tenderItems.key),
    campaigns: engine.collectionName(COLLECTION_SPECS.campaigns.key),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The search index. Modules that change products, prices or categories call `productsChanged(ids)`,
     * `companyPricesChanged(companyId)` or `categoriesChanged()` after their transaction has committed.
     */
    searchIndex: SearchIndexer;
  }
}
