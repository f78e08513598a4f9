import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { and, eq, isNotNull } from 'drizzle-orm';
import { products } from '../../server/db/schema';

export const DEMO = {
  kund: { email: 'kund@skafferi.test', password: 'Kund123!' },
  admin: { email: 'admin@skafferi.test', password: 'Admin123!' },
  personal: { email: 'personal@skafferi.test', password: 'Personal123!' },
  ny: { email: 'ny@skafferi.test', password: 'Ny12345!' },
} as const;

import { SEED_NOW, SEED_PRODUCTS } from './seed-settings';

export { SEED_NOW };

/**
 * A fresh database for one test file: in-memory PGlite, a copy of the seeded one tests/server/global-setup.ts made for the
 * run (`seeded`), or — when DATABASE_URL is set (CI's second pass) — a new, empty database on that PostgreSQL
 * server, dropped again on close.
 */
async function freshDatabase(): Promise<DatabaseHandle & { url?: string; seeded?: boolean }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    if (!template) return openDatabase({});
    return { ...(await openDatabase({ template: new Blob([readFileSync(template)]) })), seeded: true };
  }
  const name = `skafferi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: testUrl.toString() });
  return {
    ...handle,
    url: testUrl.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestApp = FastifyInstance & {
  closeAll(): Promise<void>;
  /** The test database's address on PostgreSQL (DATABASE_URL set); undefined on PGlite. */
  databaseUrl?: string;
};

/** The settings of a test server: no seeding or client, quiet, limits out of the way; `env` overrides them. */
function testConfig(env: Record<string, string>) {
  return loadConfig({
    // Never the demo's ./data: a test that forgot its in-memory database must not write into a running demo's.
    DATA_DIR: '.tmp/test-data',
    SEED_ON_EMPTY: 'false',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_FORGOT_PER_MINUTE: '1000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    PUBLIC_URL: 'http://skafferi.test',
    ...env,
  });
}

/**
 * The real server on a real, seeded database; `env` overrides settings as the environment would, `build` adds build
 * options (a log stream, a route listener).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  if (!database.seeded) await seed(database.db, { products: SEED_PRODUCTS, now: SEED_NOW });
  const config = testConfig(env);
  const app = (await buildApp(config, { ...build, database })) as TestApp;
  app.databaseUrl = database.url;
  app.closeAll = async () => {
    await app.close();
    await database.close();
  };
  return app;
}

/**
 * A second app on the same seeded database whose clock the test sets (delivery deadlines, prices of the day, order
 * dates): `clock.now` is read on every request. The caller closes it with `app.close()` before `base.closeAll()`.
 */
export async function createClockedApp(base: TestApp, clock: { now: Date }): Promise<FastifyInstance> {
  return buildApp(
    loadConfig({
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://skafferi.test',
    }),
    { database: base.services.database, now: () => clock.now },
  );
}

/**
 * A second server instance on the base app's database, as a second server process would be: on PostgreSQL with its
 * own connections and listener; on PGlite (one process only) on the same handle. `closeAll` closes it, not the base.
 */
export async function createSecondInstance(base: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const database = base.databaseUrl ? await openDatabase({ databaseUrl: base.databaseUrl }) : base.services.database;
  const config = testConfig(env);
  const app = (await buildApp(config, { database })) as TestApp;
  app.databaseUrl = base.databaseUrl;
  app.closeAll = async () => {
    await app.close();
    if (database !== base.services.database) await database.close();
  };
  return app;
}

/**
 * Ids of `count` articles a purchase list takes (a barcode, not discontinued), by article number; `anyQuantity`: only
 * those that keep a quantity as given (not whole units only), so a test's quantities come back unrounded.
 */
export async function listableProductIds(app: TestApp, count: number, { anyQuantity = false } = {}): Promise<string[]> {
  const rows = await app.services.database.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        isNotNull(products.gtinPiece),
        eq(products.discontinued, false),
        anyQuantity ? eq(products.wholeUnitsOnly, false) : undefined,
      ),
    )
    .orderBy(products.sku)
    .limit(count);
  return rows.map((r) => r.id);
}

export async function login(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: who });
  if (res.statusCode !== 200) throw new Error(`login failed for ${who.email}: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json<T>();
}

/** The newest mail to an address in the local mailbox, through the API a developer would use. */
export async function lastMail(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json<{ data: { subject: string; text: string; kind: string }[] }>().data[0];
}

export function tokenFromMail(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([\\w%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}
