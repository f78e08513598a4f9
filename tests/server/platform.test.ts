import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../../server/plugins/access';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // A route that fails the way a bug would, to see what leaves the server.
  app.get('/v1/test/boom', { config: { access: access.public } }, async () => {
    throw new Error('secret internal detail at db.ts:42');
  });
});
afterAll(() => app.closeAll());

describe('platform', () => {
  it('reports database status on /health', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind: process.env.DATABASE_URL ? 'postgres' : 'pglite', ok: true },
    });
  });

  it('hides internals of an unexpected error behind a Swedish 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'InternalError',
      message: 'Ett internt fel inträffade. Kontakta din säljare om felet kvarstår.',
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/finns-inte' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/auth/login',
        '/v1/auth/renew',
        '/v1/customer/',
        '/v1/companies',
        '/v1/company/{companyCode}',
      ]),
    );
    expect(doc.paths['/v1/auth/login']?.post?.requestBody).toBeDefined();
    // SPEC §7: renew and logout carry the session's Bearer token, contact-us the contact token's.
    const securityOf = (path: string) => (doc.paths[path]?.post as { security?: unknown } | undefined)?.security;
    expect(securityOf('/v1/auth/renew')).toEqual([{ bearer: [] }]);
    expect(securityOf('/v1/auth/logout')).toEqual([{ bearer: [] }]);
    expect(securityOf('/v1/contact-us')).toEqual([{ contactToken: [] }]);
    expect(doc).toMatchObject({
      components: { securitySchemes: { bearer: { scheme: 'bearer' }, contactToken: { scheme: 'bearer' } } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('lets the browser reach a real search cluster and content space once they are configured', async () => {
    const configured = await createTestApp({
      // Loopback addresses that nothing answers on: the test reads headers only and must never reach out.
      TYPESENSE_URL: 'http://127.0.0.1:9',
      TYPESENSE_API_KEY: 'admin-key',
      TYPESENSE_SEARCH_ONLY_KEY: 'search-only-key',
      // Browsers reach a cluster directly only when its public address is given (decision 0048).
      TYPESENSE_PUBLIC_URL: 'http://127.0.0.1:9',
      STORYBLOK_TOKEN: 'public-token',
      STORYBLOK_API_URL: 'http://127.0.0.2:9/v2',
    });
    try {
      const csp = (await configured.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'];
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:9 http://127.0.0.2:9");
      expect(csp).toContain('https://a.storyblok.com');
    } finally {
      await configured.closeAll();
    }
  });
});
