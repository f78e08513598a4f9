import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import type { SearchKeyResponse } from '../../contract/search';
import { rateLimits } from '../../server/db/schema';
import { SEARCH_LIMITS } from '../../server/modules/search/limits';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #13 point 6: an anonymous multi_search of 50 searches × 250 hits answered 11 MB and a burst of 30 all
 * succeeded. Hits per page, searches per request, hits per request and facet values are capped; every search call is
 * rate-limited per address, counted in the database.
 */

const PER_MINUTE = 40;
let app: TestApp;
let key = '';

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: String(PER_MINUTE) });
  key = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>().key;
});
afterAll(() => app.closeAll());

const search = (query: Record<string, string>, remoteAddress?: string) =>
  app.inject({
    method: 'GET',
    url: '/v1/search/collections/products/documents/search',
    query: { q: '*', ...query, 'x-typesense-api-key': key },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const multi = (searches: object[]) =>
  app.inject({
    method: 'POST',
    url: '/v1/search/multi_search',
    query: { 'x-typesense-api-key': key },
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ searches }),
  });

describe('search limits', () => {
  it('refuses more hits per page than the cap with 422 and a Swedish message, answers the cap', async () => {
    const over = await search({ per_page: String(SEARCH_LIMITS.perPage + 1) });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ code: 'ValidationError', message: 'Högst 50 träffar per sida.' });
    expect((await search({ limit: '250' })).statusCode).toBe(422);
    const at = await search({ per_page: String(SEARCH_LIMITS.perPage) });
    expect(at.statusCode).toBe(200);
    expect(at.json<{ hits: unknown[] }>().hits).toHaveLength(SEARCH_LIMITS.perPage);
    const facets = await search({ facet_by: 'brand_name', max_facet_values: '10000' });
    expect(facets.statusCode).toBe(422);
    expect(facets.json()).toEqual({ code: 'ValidationError', message: 'Högst 100 värden per filter.' });
  });

  it('refuses the reported multi_search (50 × 250), too many searches and too many hits in all', async () => {
    const reported = await multi(Array.from({ length: 50 }, () => ({ collection: 'products', q: '*', per_page: 250 })));
    expect(reported.statusCode).toBe(400);
    expect(reported.body.length).toBeLessThan(1000);
    expect(reported.json()).toEqual({ code: 'ValidationError', message: 'Högst 12 sökningar i samma förfrågan.' });

    const many = await multi(Array.from({ length: 4 }, () => ({ collection: 'products', q: '*', per_page: 50 })));
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({
      code: 'ValidationError',
      message: 'Högst 150 träffar sammanlagt i samma förfrågan.',
    });
    // Searches that name no per_page count Typesense's default of 10 each.
    expect((await multi(Array.from({ length: 12 }, () => ({ collection: 'products', q: '*' })))).statusCode).toBe(200);
  });

  it('answers the search page’s own largest request (9 searches, 42 hits)', async () => {
    const res = await multi([
      { collection: 'categories', q: 'a', query_by: 'name,path', per_page: 6 },
      { collection: 'tender_items', q: '*', per_page: 6 },
      { collection: 'campaigns', q: '*', per_page: 6 },
      { collection: 'products', q: '*', per_page: 24, max_facet_values: 100, facet_by: 'zone.name' },
      ...['brand_name', 'categories', 'zone.name', 'accreditation_labels', 'stock_status'].map((field) => ({
        collection: 'products',
        q: '*',
        per_page: 0,
        facet_by: field,
        max_facet_values: 100,
      })),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ results: unknown[] }>().results).toHaveLength(9);
  });
});

describe('search rate limit', () => {
  it('answers 429 RateLimited past the limit for one address, counted in the database; others go on', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < PER_MINUTE; i++) expect((await search({}, address)).statusCode).toBe(200);
    const limited = await search({}, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RateLimited',
      message: 'För många försök. Vänta en stund och försök igen.',
    });
    // The key call and multi_search are limited too (each on its own count), and another address is not.
    for (let i = 0; i <= PER_MINUTE; i++) {
      const res = await app.inject({ method: 'GET', url: '/v1/typesense/key', remoteAddress: address });
      expect(res.statusCode).toBe(i < PER_MINUTE ? 200 : 429);
    }
    expect((await search({}, '203.0.113.8')).statusCode).toBe(200);
    const counted = await app.services.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${address}%`));
    expect(counted.map((row) => row.hits).sort()).toEqual([PER_MINUTE + 1, PER_MINUTE + 1]);
  });
});
