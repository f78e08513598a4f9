import { purchaseListDetail, purchaseListsResponse, type PurchaseListDetail } from '../../../contract/purchase-lists';
import { pathTo, purchaseLists } from '../../../contract/routes';
import type { OfflineDb, OutboxEntry } from '../engine/database';
import { describeListEntry } from './describe';
import { RefreshStop, type EntityKind, type RefreshContext } from '../engine/kind';
import type { SessionClient } from '../engine/session-client';
import { applyAnswer, forgetList, markStale, storeDetail } from './answers';
import { applyPending, type ListState, type PurchaseListOp } from './operations';
import { readBase, readMirror, writeMirror } from './state';
import type { PurchaseListTables } from './tables';

declare module '../engine/database' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the lists' tables into the engine's type
  interface OfflineTables extends PurchaseListTables {}
}

/** How many lists are read at once. */
const DETAIL_CONCURRENCY = 4;

/** GET one list: its detail, null when it is gone (404), throws RefreshStop without an answer. */
async function readList(client: SessionClient, listId: string): Promise<PurchaseListDetail | null> {
  const result = await client.send({ method: 'GET', path: pathTo(purchaseLists.detail, { id: listId }) });
  if (result.kind !== 'answer') throw new RefreshStop(result.kind);
  const { status, body } = result.response;
  if (status === 404 || status === 403) return null;
  const detail = purchaseListDetail.safeParse(body);
  if (status !== 200 || !detail.success) throw new RefreshStop('unreachable');
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

async function rebase(db: OfflineDb, listIds: readonly string[], waiting: (id: string) => OutboxEntry[]) {
  for (const listId of new Set(listIds)) {
    let state: ListState = await readBase(db, listId);
    for (const entry of waiting(listId)) state = applyPending(state, entry.op as PurchaseListOp);
    await writeMirror(db, listId, await readMirror(db, listId), state);
  }
}

/**
 * Reads one company's lists: the list of lists, then the detail of every list whose `updatedAt` the device does not
 * have yet (one request per company when nothing changed). Lists gone on the server are forgotten.
 */
async function refreshCompany(context: RefreshContext, companyCode: string): Promise<void> {
  const { db, client } = context;
  const result = await client.send({
    method: 'GET',
    path: pathTo(purchaseLists.lists, {}, { company: companyCode }),
  });
  if (result.kind !== 'answer') throw new RefreshStop(result.kind);
  const { status, body } = result.response;
  if (status === 403 || status === 404 || status === 400) return; // not this user's company (any more)
  const parsed = purchaseListsResponse.safeParse(body);
  if (status !== 200 || !parsed.success) throw new RefreshStop('unreachable');
  const server = parsed.data.data;

  const known = new Map(
    (await db.serverPurchaseLists.where('companyCode').equals(companyCode).toArray()).map((l) => [l.id, l]),
  );
  const stale = server.filter((l) => known.get(l.id)?.itemsVersion !== l.updatedAt).map((l) => l.id);
  const details = await readLists(client, stale);

  await context.write(async () => {
    const seen = new Set(server.map((l) => l.id));
    for (const id of known.keys()) if (!seen.has(id)) await forgetList(db, id);
    for (const list of server) {
      const detail = details.get(list.id);
      if (detail) await storeDetail(db, detail);
      else if (detail === null) await forgetList(db, list.id);
      else await db.serverPurchaseLists.put({ ...list, itemsVersion: known.get(list.id)?.itemsVersion ?? null });
    }
    const mirror = await db.purchaseLists.where('companyCode').equals(companyCode).primaryKeys();
    const queued = (await db.outbox.where('companyCode').equals(companyCode).toArray())
      .filter((e) => e.entity === 'purchaseList')
      .map((e) => e.entityId);
    await context.rebase('purchaseList', [...known.keys(), ...seen, ...mirror, ...queued]);
  });
}

/** Reads single lists again (e.g. one of another company whose change was refused). */
export async function refreshLists(context: RefreshContext, listIds: string[]): Promise<void> {
  const details = await readLists(context.client, listIds);
  await context.write(async () => {
    for (const [id, detail] of details) {
      if (detail) await storeDetail(context.db, detail);
      else await forgetList(context.db, id);
    }
    await context.rebase('purchaseList', listIds);
  });
}

/** Purchase lists (issue #4): lists and their items, one aggregate per list. */
export const purchaseListKind: EntityKind = {
  entity: 'purchaseList',
  tables: (db) => [db.purchaseLists, db.purchaseListItems, db.serverPurchaseLists, db.serverPurchaseListItems],
  applyAnswer: (db, entry, body, replayed) => applyAnswer(db, entry.op as PurchaseListOp, body, replayed),
  markStale,
  rebase,
  async knownIds(db) {
    const [mirror, base] = await Promise.all([
      db.purchaseLists.toCollection().primaryKeys(),
      db.serverPurchaseLists.toCollection().primaryKeys(),
    ]);
    const orphans = (await db.purchaseListItems.orderBy('listId').uniqueKeys()) as string[];
    return [...new Set([...mirror, ...base, ...orphans])];
  },
  goneCodes: new Set(['PurchaseListNotFound', 'PurchaseListItemNotFound']),
  dependencyCode: (entry, missingId) => (missingId === entry.entityId ? 'ListNotCreated' : 'ItemNotAdded'),
  refreshCompany,
  refreshIds: refreshLists,
  describe: (entry, name) => describeListEntry(entry, name),
  async nameOf(db, id) {
    return (await db.serverPurchaseLists.get(id))?.name ?? (await db.purchaseLists.get(id))?.name;
  },
};
