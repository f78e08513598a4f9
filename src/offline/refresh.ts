import { transact, type OfflineDb, type OutboxEntity } from './db';
import { RefreshStop, type RefreshContext } from './kinds';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { refreshLists } from './purchase-lists/kind';
import { rebaseEntities } from './rebase';
import { ENTITY_KINDS, syncTables } from './registry';
import { readSession, type EngineSession } from './session';
import { createSessionClient, type NotReady } from './session-client';
import type { Transport } from './transport';

export interface RefreshOptions {
  db: OfflineDb;
  transport: Transport;
  /** Companies whose mirrored data is read again (the chosen company, and those the drain touched). */
  companyCodes: Iterable<string>;
  /** Single purchase lists to read again besides (e.g. a list of another company whose change was refused). */
  listIds?: Iterable<string>;
  now?: () => number;
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
}

export interface RefreshSummary {
  /** Companies whose data was read and the mirror rebased. */
  companies: string[];
  /** Why the refresh stopped early, if it did. */
  stopped: NotReady | 'noSession' | null;
}

const lastSyncedKey = (userId: string, companyCode: string) => `lastSyncedAt|${userId}|${companyCode}`;

export async function lastSyncedAt(db: OfflineDb, userId: string, companyCode: string): Promise<string | null> {
  return (await db.meta.get(lastSyncedKey(userId, companyCode)))?.value ?? null;
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
  };
  try {
    for (const companyCode of new Set(options.companyCodes)) {
      for (const kind of ENTITY_KINDS) await kind.refreshCompany?.(context, companyCode);
      await db.meta.put({ key: lastSyncedKey(session.userId, companyCode), value: new Date(now()).toISOString() });
      done.push(companyCode);
    }
    const single = [...new Set(options.listIds ?? [])];
    if (single.length > 0) await refreshLists(context, single);
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
