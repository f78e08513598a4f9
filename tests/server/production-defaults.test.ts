import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { solvedCaptcha } from './captcha-proof';
import { createTestApp, DEMO, type TestApp } from './helpers';

let demo: TestApp;
/** The same server on the same database as a production deployment starts it by default (NODE_ENV=production, no SMTP). */
let production: FastifyInstance;

beforeAll(async () => {
  demo = await createTestApp();
  production = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://shop.skafferi.test',
    }),
    { database: demo.services.database },
  );
});
afterAll(async () => {
  await production.close();
  await demo.closeAll();
});

describe('the local mailbox in production', () => {
  it('does not exist: a reset link asked for cannot be read back through the server', async () => {
    const captcha = await solvedCaptcha(production);
    const forgot = await production.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: DEMO.kund.email, captcha },
    });
    expect(forgot.statusCode).toBe(202);

    for (const url of ['/v1/dev/mailbox', `/v1/dev/mailbox?to=${encodeURIComponent(DEMO.kund.email)}`]) {
      const res = await production.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NotFound' });
      expect(res.body).not.toContain('reset-password');
    }
    const docs = (await production.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(docs.paths)).not.toContain('/v1/dev/mailbox');
  });

  it('is still there for the demo (no NODE_ENV, no SMTP_URL)', async () => {
    const res = await demo.inject({ method: 'GET', url: '/v1/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('data');
  });

  it('`npm start` runs the server outside production, so the one-command demo keeps its mailbox', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain('tsx server/main.ts');
    expect(scripts.start).not.toMatch(/NODE_ENV/);
  });
});
