import { purchaseListDetail, purchaseListsResponse, type PurchaseListDetail } from '../../contract/purchase-lists';
import { purchaseListTables, transact, type OfflineDb } from './db';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { forgetList, storeDetail } from './purchase-lists/answers';
import { rebaseLists } from './rebase';
import { readSession, type EngineSession } from './session';
import { createSessionClient, type NotReady, type SessionClient } from './session-client';
import type { Transport } from './transport';

export interface RefreshOptions {
  db: OfflineDb;
  transport: Transport;
  /** Companies whose lists are read again (the chosen company, and those the drain touched). */
  companyCodes: Iterable<string>;
  /** Single lists to read again besides (e.g. a list of another company whose change was refused). */
  listIds?: Iterable<string>;
  now?: () => number;
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
}

export interface RefreshSummary {
  /** Companies whose lists were read and the mirror rebased. */
  companies: string[];
  /** Why the refresh stopped early, if it did. */
  stopped: NotReady | 'noSession' | null;
}

/** How many lists are read at once. */
const DETAIL_CONCURRENCY = 4;

const lastSyncedKey = (userId: string, companyCode: string) => `lastSyncedAt|${userId}|${companyCode}`;

export async function lastSyncedAt(db: OfflineDb, userId: string, companyCode: string): Promise<string | null> {
  return (await db.meta.get(lastSyncedKey(userId, companyCode)))?.value ?? null;
}

class Stop extends Error {
  constructor(readonly reason: NotReady) {
    super(reason);
  }
}

/** GET one list: its detail, null when it is gone (404), throws Stop without an answer. */
async function readList(client: SessionClient, listId: string): Promise<PurchaseListDetail | null> {
  const result = await client.send({ method: 'GET', path: `/v1/purchase-lists/${encodeURIComponent(listId)}` });
  if (result.kind !== 'answer') throw new Stop(result.kind);
  const { status, body } = result.response;
  if (status === 404 || status === 403) return null;
  const detail = purchaseListDetail.safeParse(body);
  if (status !== 200 || !detail.success) throw new Stop('unreachable');
  return detail.data;
}

async function readLists(client: SessionClient, ids: string[]): Promise<Map<string, PurchaseListDetail | null>> {
  const out = new Map<string, PurchaseListDetail | null>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      out.set(id, await readList(client, id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAIL_CONCURRENCY, ids.length) }, worker));
  return out;
}

/**
 * Reads the server's state into the server copy and rebases the mirror on it: rows with waiting changes get the
 * server's state and then those changes again on top, so nothing waiting is lost and nothing flickers back. Lists
 * whose `updatedAt` is what the device already has keep their items (one request per company when nothing changed).
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

  try {
    const companies = new Set(options.companyCodes);
    for (const companyCode of companies) {
      const result = await client.send({
        method: 'GET',
        path: `/v1/purchase-lists?company=${encodeURIComponent(companyCode)}`,
      });
      if (result.kind !== 'answer') throw new Stop(result.kind);
      const { status, body } = result.response;
      if (status === 403 || status === 404 || status === 400) continue; // not this user's company (any more)
      const parsed = purchaseListsResponse.safeParse(body);
      if (status !== 200 || !parsed.success) throw new Stop('unreachable');
      const server = parsed.data.data;

      const known = new Map(
        (await db.serverPurchaseLists.where('companyCode').equals(companyCode).toArray()).map((l) => [l.id, l]),
      );
      const stale = server.filter((l) => known.get(l.id)?.itemsVersion !== l.updatedAt).map((l) => l.id);
      const details = await readLists(client, stale);

      await transact(db, purchaseListTables(db), async () => {
        const seen = new Set(server.map((l) => l.id));
        for (const id of known.keys()) if (!seen.has(id)) await forgetList(db, id);
        for (const list of server) {
          const detail = details.get(list.id);
          if (detail) await storeDetail(db, detail);
          else if (detail === null) await forgetList(db, list.id);
          else await db.serverPurchaseLists.put({ ...list, itemsVersion: known.get(list.id)?.itemsVersion ?? null });
        }
        const mirror = await db.purchaseLists.where('companyCode').equals(companyCode).primaryKeys();
        const queued = (await db.outbox.where('companyCode').equals(companyCode).toArray()).map((e) => e.entityId);
        await rebaseLists(db, [...known.keys(), ...seen, ...mirror, ...queued]);
        await db.meta.put({ key: lastSyncedKey(session.userId, companyCode), value: new Date(now()).toISOString() });
      });
      done.push(companyCode);
    }

    const single = [...new Set(options.listIds ?? [])];
    if (single.length > 0) {
      const details = await readLists(client, single);
      await transact(db, purchaseListTables(db), async () => {
        for (const [id, detail] of details) {
          if (detail) await storeDetail(db, detail);
          else await forgetList(db, id);
        }
        await rebaseLists(db, single);
      });
    }
  } catch (error) {
    if (error instanceof Stop) return { companies: done, stopped: error.reason };
    throw error;
  }
  return { companies: done, stopped: null };
}

/** `refreshUnlocked` under the drain lock, so it never interleaves with a drain in another tab or the worker. */
export function refresh(options: RefreshOptions): Promise<RefreshSummary> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, () => refreshUnlocked(options));
}
