import { transact, type OfflineDb, type OutboxEntity } from './database';
import { RefreshStop, type RefreshContext } from './kind';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { takeReadAhead } from './read-ahead';
import { rebaseEntities } from './rebase';
import { kindOf, refreshOrder, syncTables } from './registry';
import { readSession, type EngineSession } from './session';
import { createSessionClient, type NotReady } from './session-client';
import { lastSyncedKey } from './status-read';
import type { Transport } from './transport';

export interface RefreshOptions {
  db: OfflineDb;
  transport: Transport;
  /** Companies whose mirrored data is read again (the chosen company, and those the drain touched). */
  companyCodes: Iterable<string>;
  /**
   * Single aggregates to read again besides (e.g. a list of another company whose change was refused), read by their
   * kind's `refreshIds`.
   */
  aggregates?: Iterable<Aggregate>;
  now?: () => number;
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
}

/** One aggregate to read again; `news`: what a live view heard of it, when that is why (see `EntityKind.knowsNews`). */
export interface Aggregate {
  entity: OutboxEntity;
  entityId: string;
  news?: unknown;
}

export interface RefreshSummary {
  /** Companies whose data was read and the mirror rebased. */
  companies: string[];
  /** Why the refresh stopped early, if it did. */
  stopped: NotReady | 'noSession' | null;
}

/** The aggregates to read, by kind: those whose news the device already holds are left out. */
async function singleByKind(db: OfflineDb, aggregates: Iterable<Aggregate>) {
  const byKind = new Map<OutboxEntity, Set<string>>();
  for (const a of aggregates) {
    const known = a.news !== undefined && (await kindOf(a.entity).knowsNews?.(db, a.entityId, a.news));
    if (!known) byKind.set(a.entity, (byKind.get(a.entity) ?? new Set()).add(a.entityId));
  }
  return byKind;
}

/**
 * Reads the server's state of every kind into the server copy and rebases the mirror on it: rows with waiting changes
 * get the server's state and then those changes again on top, so nothing waiting is lost and nothing flickers back.
 * The caller holds the drain lock (see `refresh`).
 */
export async function refreshUnlocked(options: RefreshOptions): Promise<RefreshSummary> {
  const { db, transport } = options;
  const now = options.now ?? Date.now;
  const done: string[] = [];
  const session = await readSession(db);
  if (!session) return { companies: done, stopped: 'noSession' };
  const client = createSessionClient(
    { db, transport, ...(options.onSessionRenewed ? { onSessionRenewed: options.onSessionRenewed } : {}) },
    session,
  );
  const ready = await client.prepare(now());
  if (ready !== 'ok') return { companies: done, stopped: ready };

  const context: RefreshContext = {
    db,
    client,
    userId: session.userId,
    now,
    write: (body) => transact(db, syncTables(db), body),
    rebase: (entity: OutboxEntity, ids: Iterable<string>) => rebaseEntities(db, entity, ids),
    takeEarly: (path) => takeReadAhead(path, session.userId),
  };
  try {
    for (const companyCode of new Set(options.companyCodes)) {
      for (const kind of refreshOrder()) await kind.refreshCompany?.(context, companyCode);
      await db.meta.put({ key: lastSyncedKey(session.userId, companyCode), value: new Date(now()).toISOString() });
      done.push(companyCode);
    }
    for (const [entity, ids] of await singleByKind(db, options.aggregates ?? [])) {
      await kindOf(entity).refreshIds?.(context, [...ids]);
    }
  } catch (error) {
    if (error instanceof RefreshStop) return { companies: done, stopped: error.reason };
    throw error;
  }
  return { companies: done, stopped: null };
}

/** `refreshUnlocked` under the drain lock, so it never interleaves with a drain in another tab or the worker. */
export function refresh(options: RefreshOptions): Promise<RefreshSummary> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, () => refreshUnlocked(options));
}
