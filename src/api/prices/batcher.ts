import type { CustomerPrice } from '../../../contract/catalog';
import { MAX_PRICE_IDS } from '../../../contract/catalog-constants';

/** SPEC §4/§9: requested ids are queued and fetched in one batch, 500 ms after the last request, at most 1 s after the first. */
export const PRICE_DEBOUNCE_MS = 500;
export const PRICE_MAX_WAIT_MS = 1000;

export interface PriceBatcherOptions {
  /** GET /v1/products/prices for one company and at most `maxIds` ids. */
  fetchPrices: (company: string, ids: string[]) => Promise<CustomerPrice[]>;
  debounceMs?: number;
  maxWaitMs?: number;
  maxIds?: number;
}

export interface PriceBatcher {
  /** The company whose prices are asked for; another one (or null: logged out) empties the cache. */
  setCompany(company: string | null): void;
  readonly company: string | null;
  /** Queues a product id (nothing happens without a company, or when the price is known or on its way). */
  request(productId: string): void;
  /** The company's price, once it has come; undefined before, for an unknown product and after a failure. */
  get(productId: string, company?: string | null): CustomerPrice | undefined;
  /**
   * The company's price of the product is still to come: not answered yet and its call has not failed. A screen shows
   * the product at once and a placeholder where this price goes, instead of a list price that then changes.
   */
  pending(productId: string, company?: string | null): boolean;
  subscribe(listener: () => void): () => void;
  /** Sends what is queued now (tests, and a page about to leave). */
  flush(): void;
}

/**
 * Customer prices in batches. Failures are ignored (SPEC §8): the ids leave the queue and the list price stays; a
 * later request for them tries again. An answer for a company that is no longer chosen is dropped.
 */
export function createPriceBatcher(options: PriceBatcherOptions): PriceBatcher {
  const debounceMs = options.debounceMs ?? PRICE_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? PRICE_MAX_WAIT_MS;
  const maxIds = options.maxIds ?? MAX_PRICE_IDS;

  let company: string | null = null;
  /** Bumped on every company change; answers of an older generation are dropped. */
  let generation = 0;
  /** Known answers: a price, or null for an id the server does not know (asked once per company). */
  const cache = new Map<string, CustomerPrice | null>();
  const queued = new Set<string>();
  const inFlight = new Set<string>();
  /** Ids whose call failed: they show the list price (not pending) until they are asked for again. */
  const failed = new Set<string>();
  const listeners = new Set<() => void>();
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let maxWaitTimer: ReturnType<typeof setTimeout> | undefined;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const clearTimers = () => {
    clearTimeout(debounceTimer);
    clearTimeout(maxWaitTimer);
    debounceTimer = undefined;
    maxWaitTimer = undefined;
  };

  function send(forCompany: string, ids: string[], gen: number) {
    for (const id of ids) inFlight.add(id);
    const settle = (prices: CustomerPrice[] | null) => {
      if (gen !== generation) return;
      for (const id of ids) inFlight.delete(id);
      if (!prices) {
        for (const id of ids) failed.add(id);
        notify();
        return;
      }
      const byId = new Map(prices.map((p) => [p.productId.toLowerCase(), p]));
      for (const id of ids) cache.set(id, byId.get(id.toLowerCase()) ?? null);
      notify();
    };
    let pending: Promise<CustomerPrice[]>;
    try {
      pending = options.fetchPrices(forCompany, ids);
    } catch {
      settle(null);
      return;
    }
    pending.then(settle, () => settle(null));
  }

  function flush() {
    clearTimers();
    if (!company || queued.size === 0) return;
    const ids = [...queued];
    queued.clear();
    for (let i = 0; i < ids.length; i += maxIds) send(company, ids.slice(i, i + maxIds), generation);
  }

  return {
    get company() {
      return company;
    },
    setCompany(next) {
      if (next === company) return;
      company = next;
      generation += 1;
      clearTimers();
      cache.clear();
      queued.clear();
      inFlight.clear();
      failed.clear();
      notify();
    },
    request(productId) {
      if (!company || !productId) return;
      if (cache.has(productId) || queued.has(productId) || inFlight.has(productId)) return;
      failed.delete(productId);
      queued.add(productId);
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(flush, debounceMs);
      maxWaitTimer ??= setTimeout(flush, maxWaitMs);
    },
    get(productId, forCompany) {
      if (forCompany !== undefined && forCompany !== company) return undefined;
      return cache.get(productId) ?? undefined;
    },
    pending(productId, forCompany) {
      if (forCompany !== undefined && forCompany !== company) return forCompany !== null;
      return company !== null && productId !== '' && !cache.has(productId) && !failed.has(productId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
  };
}
