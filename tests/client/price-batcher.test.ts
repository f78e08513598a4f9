import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PRICE_IDS, type CustomerPrice } from '../../contract/catalog';
import { createPriceBatcher, PRICE_DEBOUNCE_MS, PRICE_MAX_WAIT_MS } from '../../src/api/prices/batcher';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const priceOf = (productId: string, price = 1000): CustomerPrice => ({
  productId,
  price,
  comparisonPrice: price * 2,
  kind: 'agreement',
  validTo: null,
  listPrice: price + 100,
});

type Call = {
  company: string;
  ids: string[];
  resolve: (prices: CustomerPrice[]) => void;
  reject: (e: unknown) => void;
};

function setup() {
  const calls: Call[] = [];
  const batcher = createPriceBatcher({
    fetchPrices: (company, ids) =>
      new Promise<CustomerPrice[]>((resolve, reject) => calls.push({ company, ids, resolve, reject })),
  });
  const changes = vi.fn();
  batcher.subscribe(changes);
  return { batcher, calls, changes };
}

/** Lets the promise callbacks of a settled fetch run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('price batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec figures: 500 ms debounce, 1000 ms max wait', () => {
    expect(PRICE_DEBOUNCE_MS).toBe(500);
    expect(PRICE_MAX_WAIT_MS).toBe(1000);
  });

  it('waits 500 ms after the last request and asks for every queued id in one call', async () => {
    const { batcher, calls, changes } = setup();
    batcher.setCompany('10001');
    batcher.request(id(1));
    vi.advanceTimersByTime(300);
    batcher.request(id(2));
    batcher.request(id(1)); // already queued: once
    vi.advanceTimersByTime(499);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ company: '10001', ids: [id(1), id(2)] });

    calls[0]!.resolve([priceOf(id(1), 1234)]);
    await settle();
    expect(batcher.get(id(1))).toMatchObject({ productId: id(1), price: 1234 });
    // An id the server left out (unknown) has no price, and is not asked for again.
    expect(batcher.get(id(2))).toBeUndefined();
    expect(changes).toHaveBeenCalled();
    batcher.request(id(1));
    batcher.request(id(2));
    vi.advanceTimersByTime(2000);
    expect(calls).toHaveLength(1);
  });

  it('sends at the latest 1000 ms after the first request while requests keep coming', () => {
    const { batcher, calls } = setup();
    batcher.setCompany('10001');
    for (let i = 0; i < 5; i++) {
      batcher.request(id(i));
      vi.advanceTimersByTime(200); // never 500 ms of quiet
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]!.ids).toEqual([0, 1, 2, 3, 4].map(id));
    // The next request starts a new wait.
    batcher.request(id(9));
    vi.advanceTimersByTime(499);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.ids).toEqual([id(9)]);
  });

  it(`splits a batch into calls of at most ${MAX_PRICE_IDS} ids`, () => {
    const { batcher, calls } = setup();
    batcher.setCompany('10001');
    const ids = Array.from({ length: MAX_PRICE_IDS * 2 + 5 }, (_, i) => id(i));
    for (const productId of ids) batcher.request(productId);
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    expect(calls.map((c) => c.ids.length)).toEqual([MAX_PRICE_IDS, MAX_PRICE_IDS, 5]);
    expect(calls.flatMap((c) => c.ids)).toEqual(ids);
  });

  it('empties the cache when the company changes and drops answers for the old company', async () => {
    const { batcher, calls } = setup();
    batcher.setCompany('10001');
    batcher.request(id(1));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    calls[0]!.resolve([priceOf(id(1), 100)]);
    await settle();
    expect(batcher.get(id(1))?.price).toBe(100);

    batcher.request(id(2));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    batcher.setCompany('10002');
    expect(batcher.get(id(1))).toBeUndefined();
    expect(batcher.get(id(1), '10001')).toBeUndefined();
    calls[1]!.resolve([priceOf(id(2), 200)]); // late answer for 10001
    await settle();
    expect(batcher.get(id(2))).toBeUndefined();

    batcher.request(id(1));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    expect(calls[2]).toMatchObject({ company: '10002', ids: [id(1)] });
    calls[2]!.resolve([priceOf(id(1), 90)]);
    await settle();
    expect(batcher.get(id(1), '10002')?.price).toBe(90);
    expect(batcher.get(id(1), '10001')).toBeUndefined();
  });

  it('forgets queued ids on logout (no company) and asks for nothing without a company', () => {
    const { batcher, calls } = setup();
    batcher.request(id(1));
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(0);
    batcher.setCompany('10001');
    batcher.request(id(1));
    batcher.setCompany(null);
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(0);
  });

  it('ignores a failed call: no price, nothing thrown, and a later request tries again', async () => {
    const { batcher, calls } = setup();
    batcher.setCompany('10001');
    batcher.request(id(1));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    calls[0]!.reject(new Error('503'));
    await settle();
    expect(batcher.get(id(1))).toBeUndefined();

    batcher.request(id(1));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve([priceOf(id(1), 500)]);
    await settle();
    expect(batcher.get(id(1))?.price).toBe(500);
  });

  it('survives a fetch that throws synchronously', () => {
    const batcher = createPriceBatcher({
      fetchPrices: () => {
        throw new Error('boom');
      },
    });
    batcher.setCompany('10001');
    batcher.request(id(1));
    expect(() => vi.advanceTimersByTime(PRICE_DEBOUNCE_MS)).not.toThrow();
    expect(batcher.get(id(1))).toBeUndefined();
  });

  it('says a price is pending until it has come or its call failed, so a card shows a placeholder, not a list price', async () => {
    const { batcher, calls } = setup();
    expect(batcher.pending(id(1))).toBe(false); // no company: list prices, nothing to wait for
    batcher.setCompany('10001');
    expect(batcher.pending(id(1), '10001')).toBe(true); // drawn before its card asked: coming
    expect(batcher.pending(id(1), '10002')).toBe(true); // the batcher has not switched to that company yet
    batcher.request(id(1));
    batcher.request(id(2));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    expect(batcher.pending(id(1))).toBe(true); // on its way
    calls[0]!.resolve([priceOf(id(1))]);
    await settle();
    expect(batcher.pending(id(1))).toBe(false);
    expect(batcher.pending(id(2))).toBe(false); // unknown to the server: the list price stays

    batcher.request(id(3));
    vi.advanceTimersByTime(PRICE_DEBOUNCE_MS);
    calls[1]!.reject(new Error('503'));
    await settle();
    expect(batcher.pending(id(3))).toBe(false); // failed: the list price, not a placeholder forever (SPEC §8)
    batcher.request(id(3));
    expect(batcher.pending(id(3))).toBe(true); // asked again
  });
});
