import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import { PostgresListener, type ConnectionWatcher } from './listener';
import { preparedPglite } from './pglite-prepared';
import { followAmbient } from './ambient';
import type { Db } from './types';

export type { Db, DbOrTx, Tx } from './types';

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs start-up work (migrations, demo data) while no other instance on this database does: two servers started at
   * once would both migrate and both seed an empty database. PostgreSQL: a session advisory lock on a connection of
   * its own; PGlite has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every `NOTIFY channel` on this database, from any instance (this one included); resolves
   * once listening, to a function that stops. PostgreSQL: one dedicated connection for all channels, connected again
   * after a loss, which `onConnection` hears of; PGlite: the engine's own listeners, in this process, never lost
   * (server/lib/bus.ts builds on it).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection?: ConnectionWatcher,
  ): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** An in-memory PGlite started from this dump of a data directory (tests: one migrated, seeded copy per run). */
  template?: Blob | undefined;
  /**
   * Told when PostgreSQL ends an idle pooled connection (a restart, a failover, an administrator). The pool has already
   * dropped it and opens a new one for the next query; without a listener such an error would end the process.
   */
  onLostConnection?: ((err: Error) => void) | undefined;
};

/** Opens the database (PostgreSQL when a URL is given, else embedded PGlite) and applies the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (err) => options.onLostConnection?.(err));
    const db = drizzlePg(pool, { schema });
    const exclusively = <T>(work: () => Promise<T>) => withStartupLock(options.databaseUrl!, work);
    await exclusively(() => migratePg(db, { migrationsFolder }));
    const listener = new PostgresListener(options.databaseUrl);
    return {
      // A sync batch's changes run on its transaction through this same handle (server/db/ambient.ts).
      db: followAmbient(db as unknown as Db),
      kind: 'postgres',
      exclusively,
      listen: (channel, onPayload, onConnection) => listener.listen(channel, onPayload, onConnection),
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  // No dataDir means an in-memory database (tests).
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.template ? { loadDataDir: options.template } : {});
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  // The app's statements are prepared once and each run in one call into the engine (decision 0075); the migrations
  // above run once and went the plain way.
  const db = drizzlePglite(preparedPglite(client), { schema });
  return {
    db: followAmbient(db),
    kind: 'pglite',
    exclusively: (work) => work(),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Any fixed number: the key of the start-up lock every Skafferi instance on a database takes. */
const STARTUP_LOCK = 4_715_202_613;

async function withStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
