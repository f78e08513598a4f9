import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './types';

/**
 * A sync batch's transaction (decision 0067), and the helpers every module's statements go through so that they run in
 * it: `preparedOnce`, `inOneChange`, `owedInBatch`, `perBatch`.
 */

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

/** Whether a sync batch's transaction is open here (its changes owe what `owedInBatch` keeps, e.g. a list's mark). */
export const inBatch = (): boolean => ambient.getStore() !== undefined;

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
