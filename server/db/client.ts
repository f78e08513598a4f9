import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase, type PgliteQueryResultHKT } from 'drizzle-orm/pglite';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AsyncLocalStorage } from 'node:async_hooks';
import * as schema from './schema';
import { PostgresListener, type ConnectionWatcher } from './listener';
import { preparedPglite } from './pglite-prepared';

/**
 * Both engines speak the same SQL and expose the same Drizzle query API; the app is typed against the
 * PGlite flavour and the node-postgres one is used through the same surface (see docs/decisions/0002).
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a service runs on: the database or a transaction in it (both are Drizzle's PgDatabase). */
export type DbOrTx = PgDatabase<PgliteQueryResultHKT, typeof schema>;

// ── A sync batch's transaction ──────────────────────────────────────────────────────────────────────────────────────
/**
 * The transaction a sync batch runs its changes in (decision 0067). While one is open, `db` itself answers on it: a
 * handler, an access hook or a session lookup that reads `db` reads inside the batch, and `db.transaction` becomes a
 * savepoint of it. PGlite has one connection: a query beside an open transaction waits for it to end, so a batch whose
 * changes queried the plain database would wait for itself forever.
 */
const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The transaction (or savepoint) a use of `db` runs on now, and the batch's own transaction it is part of. `change`:
 * the savepoint a batch's change runs in (`inOneChange`), until the change opens its first transaction.
 */
type Ambient = { tx: Tx; batch: Tx; change?: Change };
/** `kept`: what runs once the change is kept (`owedInBatch`); a change rolled back owes nothing. */
type Change = { open: boolean; savepoint: boolean; kept: (() => void)[]; staged: Map<object, Map<string, unknown>> };

/** What each open batch runs after its changes, before it commits (`owedInBatch`). */
const batchEnds = new WeakMap<Tx, Map<object, () => Promise<void>>>();

type Transaction = Db['transaction'];

/** The savepoint each change of a batch runs in (`inOneChange`); drizzle names its own `sp<n>`. */
const CHANGE = sql.raw('sync_change');

/**
 * The database as every module gets it: the plain one, or inside a batch (`inOneTransaction`) the batch's
 * transaction. Outside a batch nothing changes, a transaction included.
 */
export function followAmbient(db: Db): Db {
  const savepoint = ({ tx, batch, change }: Ambient): Transaction =>
    ((work) => {
      if (change?.open) {
        // A change's own first transaction (its idempotency frame) runs in the change's savepoint instead of a second
        // one nested in it: two statements less per change. Failing, it rolls the change back as its own would have
        // rolled back itself (nothing but reads ran before it in the change), and the transaction stays usable.
        change.open = false;
        return ambient
          .run({ tx, batch }, () => work(tx))
          .catch(async (error: unknown) => {
            // Without a savepoint (a first try, see `inOneChange`) the batch is run again: nothing to roll back to.
            if (change.savepoint) await tx.execute(sql`rollback to savepoint ${CHANGE}`);
            throw error;
          });
      }
      return tx.transaction((inner) => ambient.run({ tx: inner, batch }, () => work(inner)));
    }) as Transaction;
  return new Proxy(db, {
    get(target, property) {
      const store = ambient.getStore();
      if (store && property === 'transaction') return savepoint(store);
      const tx = store?.tx;
      const on: object = tx ?? target;
      const value: unknown = Reflect.get(on, property, on);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(on) : value;
    },
  });
}

/**
 * A query prepared once (decision 0068) that a sync batch (decision 0067) can run too. A prepared query is bound to the
 * handle it was built on: one built on the plain database would run beside an open batch (on PGlite, whose one
 * connection the batch holds, it would wait for it forever), one built inside a batch would outlive its transaction.
 * So the plain database keeps one, and each batch transaction builds its own on first use, which its changes' savepoints
 * share (one connection, one session: building it again per change cost as much as running it). `build` builds on the
 * `db` the module holds, which follows the batch (`followAmbient`).
 */
export function preparedOnce<T>(build: () => T): () => T {
  let plain: T | undefined;
  const inBatch = new WeakMap<Tx, T>();
  return () => {
    const batch = ambient.getStore()?.batch;
    if (!batch) return (plain ??= build());
    let query = inBatch.get(batch);
    if (query === undefined) inBatch.set(batch, (query = build()));
    return query;
  };
}

/**
 * Runs one change of a batch, rolled back unless `keep` says otherwise: a refused change undoes only itself. With
 * `savepoint`, in a savepoint of the batch's transaction (two statements per change); without, on the transaction
 * itself (none), for a batch that is run again with savepoints once a change is not kept (server/modules/sync/batch.ts).
 * The change's own first transaction runs in it (`followAmbient`).
 */
export async function inOneChange<T>(
  work: () => Promise<T>,
  keep: (result: T) => boolean,
  savepoint = true,
): Promise<T> {
  const batch = ambient.getStore()?.batch;
  if (!batch) throw new Error('inOneChange outside a batch');
  const change: Change = { open: true, savepoint, kept: [], staged: new Map() };
  const settled = (result: T) => {
    const kept = keep(result);
    if (kept) for (const then of change.kept) then();
    return kept;
  };
  if (!savepoint) {
    const result = await ambient.run({ tx: batch, batch, change }, work);
    settled(result);
    return result;
  }
  await batch.execute(sql`savepoint ${CHANGE}`);
  let kept = false;
  try {
    const result = await ambient.run({ tx: batch, batch, change }, work);
    kept = settled(result);
    return result;
  } finally {
    if (!kept) await batch.execute(sql`rollback to savepoint ${CHANGE}`);
    await batch.execute(sql`release savepoint ${CHANGE}`);
  }
}

/**
 * What a batch's changes owe and the batch writes once, after its last change and before it commits (decision 0071,
 * third round): e.g. a list's `updated_at`, which every change of the list would otherwise rewrite, one row version
 * per change in one transaction. A change's entries count once it is kept (a refused change, rolled back, owes
 * nothing); the change itself sees its own. Outside a batch `set` answers false: the caller writes at once.
 */
export function owedInBatch<V>(write: (owed: Map<string, V>, batch: Tx) => Promise<void>) {
  const perBatchOwed = new WeakMap<Tx, Map<string, V>>();
  const registry = {};
  const owedOf = (batch: Tx) => {
    let owed = perBatchOwed.get(batch);
    if (owed === undefined) {
      perBatchOwed.set(batch, (owed = new Map()));
      let ends = batchEnds.get(batch);
      if (ends === undefined) batchEnds.set(batch, (ends = new Map()));
      ends.set(registry, () => (owed!.size > 0 ? write(owed!, batch) : Promise.resolve()));
    }
    return owed;
  };
  const stage = (key: string, value: V | undefined): boolean => {
    const store = ambient.getStore();
    if (!store) return false;
    const owed = owedOf(store.batch);
    if (!store.change) {
      if (value === undefined) owed.delete(key);
      else owed.set(key, value);
      return true;
    }
    let staged = store.change.staged.get(registry) as Map<string, V | undefined> | undefined;
    if (staged === undefined) store.change.staged.set(registry, (staged = new Map()));
    staged.set(key, value);
    store.change.kept.push(() => (value === undefined ? owed.delete(key) : owed.set(key, value)));
    return true;
  };
  return {
    /** What is owed for `key` in this batch, this change's own entries first (undefined outside a batch). */
    get(key: string): V | undefined {
      const store = ambient.getStore();
      if (!store) return undefined;
      const staged = store.change?.staged.get(registry) as Map<string, V | undefined> | undefined;
      if (staged?.has(key)) return staged.get(key);
      return perBatchOwed.get(store.batch)?.get(key);
    },
    set: (key: string, value: V) => stage(key, value),
    forget: (key: string) => stage(key, undefined),
  };
}

/**
 * A value that lives as long as the current batch transaction (undefined outside a batch): what a batch's changes may
 * share because it cannot differ between them (e.g. an answer of the access check, decision 0067).
 */
export function perBatch<T extends object>(make: () => T): () => T | undefined {
  const values = new WeakMap<Tx, T>();
  return () => {
    const batch = ambient.getStore()?.batch;
    if (!batch) return undefined;
    let value = values.get(batch);
    if (value === undefined) values.set(batch, (value = make()));
    return value;
  };
}

/** Runs `work` in one transaction on which every use of `db` in it runs (see `followAmbient`). */
export function inOneTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) =>
    ambient.run({ tx, batch: tx }, async () => {
      const result = await work(tx);
      for (const end of batchEnds.get(tx)?.values() ?? []) await end();
      return result;
    }),
  );
}

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
