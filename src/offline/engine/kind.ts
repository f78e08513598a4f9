import type { Table } from 'dexie';
import type { OfflineDb, OutboxEntity, OutboxEntry } from './database';
import type { EarlyAnswer } from './read-ahead';
import type { SessionClient } from './session-client';

/** What a kind's refresh gets: a client holding the user's session, the clock, and the engine's write helpers. */
export interface RefreshContext {
  db: OfflineDb;
  client: SessionClient;
  userId: string;
  now: () => number;
  /** Runs `body` in one read-write transaction over every table of the engine (see `transact`). */
  write<T>(body: () => Promise<T>): Promise<T>;
  /** Inside `write`: rebuilds the mirror of these aggregates of `entity` (server copy + waiting entries). */
  rebase(entity: OutboxEntity, entityIds: Iterable<string>): Promise<void>;
  /**
   * Takes the page's early read of this GET path for this user, once (see read-ahead.ts): undefined when there is none,
   * null when it failed. The kind uses it only when it can tell that the answer is as new as its refresh needs.
   */
  takeEarly(path: string): Promise<EarlyAnswer | null> | undefined;
}

/**
 * One kind of mirrored data (purchase lists, the cart, inventory lists): what the generic engine (enqueue, drain,
 * rebase, refresh, the sync panel) needs to know about it. Each kind lives in its own folder under src/offline and is
 * registered once (src/offline/kinds.ts calls `registerKind`); the engine imports no kind. The engine never looks
 * inside an entry's `op`; only its kind does.
 *
 * Every function that writes runs inside a read-write transaction the engine opens over `syncTables(db)`, so it must
 * only await Dexie operations (see `transact` in database.ts).
 */
export interface EntityKind {
  readonly entity: OutboxEntity;
  /** The kind's mirror and server-copy tables (the engine adds outbox, session and meta). */
  tables(db: OfflineDb): Table[];
  /** Stores the server's answer to a sent entry in the server copy; `replayed` answers may be stale. */
  applyAnswer(db: OfflineDb, entry: OutboxEntry, body: unknown, replayed: boolean): Promise<unknown>;
  /** The server copy of the aggregate must be read again (after a refused change). */
  markStale(db: OfflineDb, entityId: string): Promise<void>;
  /**
   * Rebuilds the mirror of these aggregates: the server copy, then `waiting(entityId)` (the current user's waiting
   * entries for it, in seq order) applied on top.
   */
  rebase(db: OfflineDb, entityIds: readonly string[], waiting: (entityId: string) => OutboxEntry[]): Promise<void>;
  /** Every aggregate id the device holds (mirror or server copy): for a full rebase after the user changed. */
  knownIds(db: OfflineDb): Promise<string[]>;
  /** Error codes of a 404 that mean a DELETE reached its goal (the row is gone either way). */
  readonly goneCodes: ReadonlySet<string>;
  /** The engine's code for an entry refused on the device because the row `missingId` it needs was not created. */
  dependencyCode(entry: OutboxEntry, missingId: string): string;
  /**
   * Reads the server's state of the kind for one company into the server copy and rebases the mirror (reads first,
   * then one `context.write`). Throws `RefreshStop` when the server cannot be reached. A 403/404 (not this user's
   * company any more) is not an error: nothing is read. Optional: a kind without it is only refreshed from answers.
   */
  refreshCompany?(context: RefreshContext, companyCode: string): Promise<void>;
  /** Reads single aggregates again besides the companies' (e.g. a list of another company whose change was refused). */
  refreshIds?(context: RefreshContext, entityIds: string[]): Promise<void>;
  /**
   * Whether the server copy already holds what a live view's news names (`news`: what the server said with it), so
   * that it need not be read: e.g. the device's own change, whose answer it stored. Asked under the drain lock, after
   * any drain has stored its answers. Without it, every piece of news is read.
   */
  knowsNews?(db: OfflineDb, entityId: string, news: unknown): Promise<boolean>;
  /** The entry in plain Swedish for the sync panel; `name` is the aggregate's name on the device, if it has one. */
  describe(entry: OutboxEntry, name?: string): string;
  /** The aggregate's name on the device (e.g. the list's name), for `describe`. */
  nameOf?(db: OfflineDb, entityId: string): Promise<string | undefined>;
}

/** Thrown by a kind's refresh when the server did not answer; the refresh stops and reports why. */
export class RefreshStop extends Error {
  constructor(readonly reason: 'unreachable' | 'refused' | 'changed' | 'mismatch') {
    super(reason);
  }
}
