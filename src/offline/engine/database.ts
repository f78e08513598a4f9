import Dexie, { type EntityTable, type Table } from 'dexie';

/** The name of the IndexedDB database the app and the service worker share. */
export const OFFLINE_DB_NAME = 'skafferi';

export type OutboxStatus = 'pending' | 'rejected' | 'blocked';
export type HttpMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Why an entry was not sent: the server's `{code, message}` (Swedish) or the engine's own. 0 = no answer. */
export interface OutboxError {
  status: number;
  code: string;
  message: string;
}

/**
 * The kind of data an entry changes ('purchaseList', 'cart', 'inventoryList' …): the name a kind registers under
 * (see ./registry.ts). The engine only compares it; it never lists the kinds.
 */
export type OutboxEntity = string;

/** One waiting change. Sent strictly in `seq` order, only with the token of `userId`. */
export interface OutboxEntry {
  seq: number;
  /** uuid v7, sent as Idempotency-Key: a resend is answered from the server's store, never applied twice. */
  mutationId: string;
  userId: string;
  companyCode: string;
  entity: OutboxEntity;
  /** Id of the aggregate the change belongs to (a purchase list for item changes too; the cart's company code). */
  entityId: string;
  /**
   * The change itself, with its client ids and time: reapplied to the server's state when the mirror is rebased.
   * Opaque to the engine: only the entry's kind reads it (as its own op type).
   */
  op: unknown;
  method: HttpMethod;
  /** Absolute path from the API root, e.g. `/v1/purchase-lists/{id}/items`. */
  path: string;
  body: unknown;
  /** Id of the row this change creates, if any (a later change may depend on it). */
  creates: string | null;
  /** Ids of rows that must exist for this change: if the change creating one was rejected, this one is too. */
  dependsOn: string[];
  /** ISO time of the change on the device. */
  createdAt: string;
  attempts: number;
  status: OutboxStatus;
  lastError: OutboxError | null;
  /** Epoch ms before which the drain does not try this entry again (backoff); null = now. */
  nextAttemptAt: number | null;
}

/** The copy of the session the service worker reads. `verified`: the token was checked to belong to `userId`. */
export interface SessionRow {
  key: 'current';
  userId: string;
  token: string;
  validTo: string;
  verified: boolean;
}

/** Small key/value facts: `lastSyncedAt|<userId>|<companyCode>`, `blocked|<userId>` (the token that failed). */
export interface MetaRow {
  key: string;
  value: string;
}

/**
 * The tables of the offline database. The engine declares its own here; each kind merges its tables into this
 * interface (`declare module '../engine/database'` beside its registration), so `db.carts` is typed without the
 * engine importing any kind.
 */
export interface OfflineTables {
  outbox: EntityTable<OutboxEntry, 'seq'>;
  session: Table<SessionRow, 'current'>;
  meta: EntityTable<MetaRow, 'key'>;
}

export type OfflineDb = Dexie & OfflineTables;

/** Dexie store specs (table name → primary key and indexes), as `db.version(n).stores(...)` takes them. */
export type StoreSpecs = Readonly<Record<string, string>>;

/** The engine's own tables, present since schema version 1. */
export const ENGINE_STORES = {
  // [userId+status] gives a user's waiting entries in seq order (an index orders equal keys by primary key).
  outbox: '++seq, [userId+status], entityId, companyCode, status',
  session: 'key',
  meta: 'key',
} as const;

/** The kinds' tables of each schema version, oldest first (set once by `defineSchema`). */
let kindVersions: readonly StoreSpecs[] = [];

/**
 * The kinds' tables, by the schema version that added them (index 0 = version 1): src/offline/schema.ts lists them.
 * The versions and store specs on a user's phone must never change: a new table comes in a new version listing only
 * the new tables (Dexie keeps the existing ones and their data). Call before the database is opened.
 */
export function defineSchema(versions: readonly StoreSpecs[]): void {
  kindVersions = versions;
}

/** The stores of every version, oldest first: the engine's own tables are part of version 1. */
export function schemaVersions(): StoreSpecs[] {
  return kindVersions.map((stores, i) => (i === 0 ? { ...stores, ...ENGINE_STORES } : stores));
}

/**
 * Opens (lazily, on first use) the offline database. Transactions are `strict` in Chromium: a committed change is on
 * disk, so a phone that dies in the cold room keeps what was counted. The schema must be defined first (importing
 * src/offline or src/offline/schema does it): a database opened without the kinds' tables would not know them.
 */
export function openOfflineDb(name: string = OFFLINE_DB_NAME): OfflineDb {
  if (kindVersions.length === 0) throw new Error('Skafferi offline: no schema defined (import src/offline/schema)');
  const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as OfflineDb;
  schemaVersions().forEach((stores, i) => db.version(i + 1).stores(stores));
  return db;
}

let shared: OfflineDb | undefined;

/** The database of this page or service worker (one instance per context). */
export function offlineDb(): OfflineDb {
  shared ??= openOfflineDb();
  return shared;
}

/**
 * A read-write transaction that fails loudly if it lost its zone. Dexie keeps a transaction across `await` only for
 * Dexie promises (and async functions that end awaiting one); awaiting anything else inside would let later writes
 * run outside the transaction. Every helper used inside ends with a Dexie operation; this check makes a slip visible
 * (the transaction aborts) instead of silently splitting a change.
 */
export function transact<T>(db: OfflineDb, tables: Table[], body: () => Promise<T>): Promise<T> {
  return db.transaction('rw', tables, async (tx) => {
    const result = await body();
    if (Dexie.currentTransaction !== tx) {
      throw new Error('Skafferi offline: a transaction lost its context (a non-Dexie await inside it)');
    }
    return result;
  });
}

/** The engine's own tables, which every change also touches. */
export function engineTables(db: OfflineDb): Table[] {
  return [db.outbox, db.session, db.meta];
}
