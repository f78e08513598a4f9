import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import { bearer, createTestApp, DEMO, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let productSlug: string;
let productId: string;

beforeAll(async () => {
  app = await createTestApp();
  kund = await login(app, DEMO.kund);
  const [row] = await app.services.database.db.select().from(products).orderBy(asc(products.sku)).limit(1);
  productSlug = row!.slug;
  productId = row!.id;
});
afterAll(() => app.closeAll());

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('Cache-Control on personal answers', () => {
  it('is no-store on what depends on who asks: profile, order history, cart, company articles', async () => {
    for (const url of [
      '/v1/customer/',
      '/v1/customer/companies',
      '/v1/company/10001/order-history',
      '/v1/company/10001/cart',
      '/v1/company/10001',
      '/v1/company/10001/products',
      '/v1/purchase-lists?company=10001',
    ]) {
      const res = await get(url, kund);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store also where the route had asked only for revalidation (the offline article index), and on its 304', async () => {
    const url = '/v1/company/10001/article-index';
    const res = await get(url, kund);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(kund), 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the login answer, on a refused token and on a refused change', async () => {
    const loggedIn = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: DEMO.kund });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.headers['cache-control']).toBe('no-store');
    const refused = await get('/v1/customer/', 'not-a-token');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const refusedChange = await app.inject({
      method: 'PUT',
      url: '/v1/customer/',
      headers: bearer(kund),
      payload: { scannerSound: 'ja' },
    });
    expect(refusedChange.statusCode).toBe(400);
    expect(refusedChange.headers['cache-control']).toBe('no-store');
  });

  it('keeps what a route already made stricter (a company price answer)', async () => {
    const prices = await get(`/v1/products/prices?company=10001&ids=${productId}`, kund);
    expect(prices.statusCode).toBe(200);
    expect(prices.headers['cache-control']).toBe('private, no-store');
  });
});

describe('Cache-Control on public answers', () => {
  it('keeps their caching, for visitors and for logged-in users alike', async () => {
    for (const token of [undefined, kund]) {
      const product = await get(`/v1/products/${productSlug}`, token);
      expect(product.statusCode).toBe(200);
      expect(product.headers['cache-control']).toContain('public');
      const tree = await get('/v1/categories', token);
      expect(tree.headers['cache-control']).toContain('public');
    }
    expect((await get('/v1/content/config')).headers['cache-control']).toBe('public, max-age=300');
    // The public search key is the same for everyone: still just revalidated.
    expect((await get('/v1/typesense/key')).headers['cache-control']).toBe('no-cache');
  });
});
