import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../../server/plugins/compress-answers';
import { bearer, createTestApp, DEMO, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
});
afterAll(() => app.closeAll());

const get = (url: string, headers: Record<string, string> = {}, token: string | undefined = kund) =>
  app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

/** The answer's JSON as a client reads it, whether it came compressed or not. */
const bodyOf = (res: Awaited<ReturnType<typeof get>>) =>
  JSON.parse(
    (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8'),
  ) as unknown;

describe('API reads go compressed to a client that accepts it (decision 0087)', () => {
  it('a big read comes gzipped, says so, and reads as the same JSON as uncompressed', async () => {
    const url = '/v1/company/10001/article-index';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const zipped = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The same index (its time of making aside: it is made per request).
    const index = (res: typeof plain) => ({ ...(bodyOf(res) as object), generatedAt: null });
    expect(index(zipped)).toEqual(index(plain));
    // Still personal, and the index's version still answers a revalidation with 304.
    expect(zipped.headers['cache-control']).toBe('no-store');
    const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is not compressed for a client that refuses gzip, nor when it is small', async () => {
    const url = '/v1/company/10001/article-index';
    for (const encoding of ['gzip;q=0', 'br', 'identity']) {
      const res = await get(url, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding'], encoding).toBeUndefined();
    }
    const small = await get('/v1/customer/', { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a kept read (the read cache) keeps the answer as written and sends it compressed again from the cache', async () => {
    const url = '/v1/company/10001/order-history?page=1&pageSize=100';
    const first = await get(url, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const second = await get(url, { 'accept-encoding': 'gzip' });
    expect(bodyOf(second)).toEqual(bodyOf(first));
    expect(bodyOf(plain)).toEqual(bodyOf(first));
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-encoding']).toBe('gzip');
  });

  it('the content routes hash the story as written: a compressed answer carries the same ETag and revalidates', async () => {
    const url = '/v1/content/cdn/stories?per_page=100';
    const plain = await get(url, {}, undefined);
    expect(plain.statusCode).toBe(200);
    const zipped = await get(url, { 'accept-encoding': 'gzip' }, undefined);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.headers['cache-control']).toBe('public, max-age=60');
    expect(bodyOf(zipped)).toEqual(bodyOf(plain));
    const again = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) }, undefined);
    expect(again.statusCode).toBe(304);
  });

  it('a write is never compressed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/company/10001/inventory-list',
      headers: { ...bearer(kund), 'accept-encoding': 'gzip', 'content-type': 'application/json' },
      payload: { name: 'Komprimerad?' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
