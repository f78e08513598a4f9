import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

/**
 * Two instances started at the same moment on one empty PostgreSQL database (a deployment of two, or a restart of
 * both): one migrates and fills it, the other waits and finds it done — neither fails, nothing is there twice
 * (decision 0047). PGlite has one process, so this runs on CI's PostgreSQL pass only.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('two instances starting at once on an empty database', () => {
  it('both start, and the demo data is made once', async () => {
    const name = `skafferi_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;
    const config = loadConfig({
      DATABASE_URL: databaseUrl.toString(),
      SEED_PRODUCTS: '12',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
    });
    try {
      const [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      try {
        const products = await a.services.database.db.execute<{ n: number }>('select count(*)::int as n from products');
        expect(products.rows[0]?.n).toBe(12);
        const users = await b.services.database.db.execute<{ n: number }>(
          "select count(*)::int as n from users where email = 'kund@skafferi.test'",
        );
        expect(users.rows[0]?.n).toBe(1);
        for (const app of [a, b]) expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.skipIf(!url)('a database connection that PostgreSQL ends', () => {
  it('is logged and replaced: the server keeps answering, nothing ends the process', async () => {
    const name = `skafferi_lost_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;
    const logged: string[] = [];
    const config = loadConfig({
      DATABASE_URL: databaseUrl.toString(),
      SEED_PRODUCTS: '12',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
    });
    try {
      const app = await buildApp(config, { logStream: { write: (line) => void logged.push(line) } });
      try {
        const health = () => app.inject({ method: 'GET', url: '/health' });
        expect((await health()).statusCode).toBe(200);
        // An administrator (or a failover) ends every idle connection of the app; each was idle in the pool.
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        await expect.poll(() => logged.some((line) => line.includes('database connection was lost'))).toBe(true);
        await expect.poll(async () => (await health()).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
