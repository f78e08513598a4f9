import {
  INVENTORY_LISTS_MAX_PAGE_SIZE,
  articleIndexResponse,
  chartOfAccountsResponse,
  inventoryListDetail,
  pagedInventoryLists,
  zonesResponse,
  type ArticleIndexResponse,
  type ChartAccount,
  type CompanyZone,
  type InventoryList,
  type InventoryListDetail,
} from '../../../contract/inventory';
import type { OfflineDb } from '../engine/database';
import { inventory, pathTo } from '../../../contract/routes';
import { RefreshStop, type EntityKind, type RefreshContext } from '../engine/kind';
import type { EarlyAnswer } from '../engine/read-ahead';
import type { SessionClient } from '../engine/session-client';
import { applyAnswer, forgetList, markStale, storeList } from './answers';
import { rebase, storeRead } from './rebase';
import { openedKey } from './opened';
import { describeInventoryEntry } from './describe';
import { listPath, type InventoryOp } from './operations';
import { wholeAt } from './state';
import type { InventoryTables, ServerInventoryList, StoredArticle } from './tables';

declare module '../engine/database' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges inventory's tables into the engine's type
  interface OfflineTables extends InventoryTables {}
}

const DETAIL_CONCURRENCY = 3;

async function get(client: SessionClient, path: string, headers: Record<string, string> = {}): Promise<EarlyAnswer> {
  const result = await client.send({ method: 'GET', path }, headers);
  if (result.kind !== 'answer') throw new RefreshStop(result.kind);
  return { status: result.response.status, body: result.response.body };
}

/** All the company's lists (every page); null when the company is not this user's (any more). */
async function readLists(client: SessionClient, code: string): Promise<InventoryList[] | null> {
  const out: InventoryList[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get(
      client,
      pathTo(inventory.lists, { companyCode: code }, { page, pageSize: INVENTORY_LISTS_MAX_PAGE_SIZE }),
    );
    if (status === 403 || status === 404 || status === 400) return null;
    const parsed = pagedInventoryLists.safeParse(body);
    if (status !== 200 || !parsed.success) throw new RefreshStop('unreachable');
    out.push(...parsed.data.data);
    if (page >= parsed.data.totalPages || parsed.data.data.length === 0) return out;
  }
}

/** A list with its items from a 200 answer that the contract accepts; else undefined. */
const detailIn = ({ status, body }: EarlyAnswer): InventoryListDetail | undefined =>
  status === 200 ? inventoryListDetail.safeParse(body).data : undefined;

async function readDetail(
  client: SessionClient,
  code: string,
  id: string,
  since?: number,
): Promise<InventoryListDetail | null> {
  const answer = await get(client, listPath(code, id, since));
  if (answer.status === 404 || answer.status === 403) return null;
  const detail = detailIn(answer);
  if (!detail) throw new RefreshStop('unreachable');
  return detail;
}

/**
 * The page's early read of the list (decision 0089), when it holds at least the overview's version: the overview was
 * read after the drain, so such an answer holds every change this phone sent. An older one (a count came between),
 * a failed or refused one is read again.
 */
async function earlyDetail(context: RefreshContext, code: string, list: InventoryList) {
  const early = await context.takeEarly(listPath(code, list.id));
  const detail = early ? detailIn(early) : undefined;
  return detail && detail.id === list.id && detail.version >= list.version ? detail : undefined;
}

async function readDetails(
  context: RefreshContext,
  code: string,
  lists: InventoryList[],
  known: Map<string, ServerInventoryList>,
) {
  const out = new Map<string, InventoryListDetail | null>();
  let next = 0;
  const worker = async () => {
    while (next < lists.length) {
      const list = lists[next++]!;
      const since = wholeAt(known.get(list.id));
      out.set(
        list.id,
        (since === undefined ? await earlyDetail(context, code, list) : undefined) ??
          (await readDetail(context.client, code, list.id, since)),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(DETAIL_CONCURRENCY, lists.length) }, worker));
  return out;
}

/** Zones, accounts and the article index (not sent again when unchanged: If-None-Match). */
async function readCompanyData(client: SessionClient, code: string, indexVersion: string | null) {
  const [zones, accounts, index] = await Promise.all([
    get(client, pathTo(inventory.zones, { companyCode: code })),
    get(client, pathTo(inventory.chartOfAccounts, { companyCode: code })),
    get(
      client,
      pathTo(inventory.articleIndex, { companyCode: code }),
      indexVersion ? { 'If-None-Match': `"${indexVersion}"` } : {},
    ),
  ]);
  const z = zonesResponse.safeParse(zones.body);
  const a = chartOfAccountsResponse.safeParse(accounts.body);
  const i = index.status === 200 ? articleIndexResponse.safeParse(index.body) : null;
  return {
    zones: zones.status === 200 && z.success ? z.data.data : null,
    accounts: accounts.status === 200 && a.success ? a.data.data : null,
    /** null: unchanged (304) or not readable. */
    index: i?.success ? i.data : null,
  };
}

export function toStoredArticles(index: ArticleIndexResponse): StoredArticle[] {
  return index.articles.map((a) => ({
    ...a,
    key: `${index.companyCode}|${a.id}`,
    companyCode: index.companyCode,
    search: `${a.name} ${a.articleNumber}`.toLocaleLowerCase('sv'),
  }));
}

async function storeCompanyData(
  db: OfflineDb,
  code: string,
  data: { zones: CompanyZone[] | null; accounts: ChartAccount[] | null; index: ArticleIndexResponse | null },
  now: string,
) {
  const known = await db.inventoryCompanies.get(code);
  if (data.index) {
    await db.inventoryArticles.where('companyCode').equals(code).delete();
    await db.inventoryArticles.bulkPut(toStoredArticles(data.index));
  }
  await db.inventoryCompanies.put({
    companyCode: code,
    zones: data.zones ?? known?.zones ?? [],
    accounts: data.accounts ?? known?.accounts ?? [],
    indexVersion: data.index?.version ?? known?.indexVersion ?? null,
    indexGeneratedAt: data.index?.generatedAt ?? known?.indexGeneratedAt ?? null,
    readAt: now,
  });
}

/**
 * Reads one company's inventory: the lists (overview), the items of the lists opened on this device whose version
 * moved (or the page's early read of them, decision 0089), the zones, the chart of accounts and the offline article
 * index; then rebases the mirror.
 */
async function refreshCompany(context: RefreshContext, companyCode: string): Promise<void> {
  const { db, client } = context;
  const server = await readLists(client, companyCode);
  if (server === null) return;
  const [known, company] = await Promise.all([
    db.serverInventoryLists.where('companyCode').equals(companyCode).toArray(),
    db.inventoryCompanies.get(companyCode),
  ]);
  const knownById = new Map(known.map((l) => [l.id, l]));
  const opened = new Set(
    (
      await db.meta
        .where('key')
        .anyOf(server.map((l) => openedKey(l.id)))
        .toArray()
    ).map((m) => m.key.slice(openedKey('').length)),
  );
  const stale = server.filter(
    (l) => (opened.has(l.id) || knownById.get(l.id)?.itemsRead) && knownById.get(l.id)?.itemsVersion !== l.version,
  );
  // The lists are stored while the company's data is still on its way: a 5 000-item list's writes need not wait for
  // the article index (decision 0070). Two transactions: the mirror's lists never depend on the company's data.
  const companyData = readCompanyData(client, companyCode, company?.indexVersion ?? null);
  // Awaited below; marked as handled for the case that a step before that fails.
  companyData.catch(() => undefined);
  const details = await readDetails(context, companyCode, stale, knownById);

  await context.write(async () => {
    const seen = new Set(server.map((l) => l.id));
    for (const id of knownById.keys()) if (!seen.has(id)) await forgetList(db, id);
    for (const list of server) {
      const detail = details.get(list.id);
      if (detail) await storeRead(db, detail);
      else if (detail === null) await forgetList(db, list.id);
      else await storeList(db, list);
    }
    const mirror = await db.inventoryLists.where('companyCode').equals(companyCode).primaryKeys();
    const queued = (await db.outbox.where('companyCode').equals(companyCode).toArray())
      .filter((e) => e.entity === 'inventoryList')
      .map((e) => e.entityId);
    await context.rebase('inventoryList', [...knownById.keys(), ...seen, ...mirror, ...queued]);
  });
  const data = await companyData;
  await context.write(() => storeCompanyData(db, companyCode, data, new Date(context.now()).toISOString()));
}

/**
 * Reads single lists again (a live view heard that another phone changed it, decision 0060): only their details, not
 * the company's overview, so that a count elsewhere costs one request here.
 */
async function refreshIds(context: RefreshContext, ids: string[]): Promise<void> {
  const { db, client } = context;
  const read = new Map<string, InventoryListDetail | null>();
  for (const id of ids) {
    const known = await db.serverInventoryLists.get(id);
    const code = known?.companyCode ?? (await db.inventoryLists.get(id))?.companyCode;
    if (code) read.set(id, await readDetail(client, code, id, wholeAt(known)));
  }
  await context.write(async () => {
    for (const [id, detail] of read) await (detail ? storeRead(db, detail) : forgetList(db, id));
    await context.rebase('inventoryList', read.keys());
  });
}

/**
 * A live view's news of a list (`{ version }`, the version the change made) is held already when the device's items
 * are whole at that version or later (decision 0088): this phone's own count, whose answer moved them on.
 */
async function knowsListNews(db: OfflineDb, listId: string, news: unknown): Promise<boolean> {
  const version = (news as { version?: unknown } | null)?.version;
  if (typeof version !== 'number') return false;
  const itemsVersion = (await db.serverInventoryLists.get(listId))?.itemsVersion;
  return typeof itemsVersion === 'number' && itemsVersion >= version;
}

/** Inventory lists (issue #6): a list with its items and their counts is one aggregate. */
export const inventoryKind: EntityKind = {
  entity: 'inventoryList',
  tables: (db) => [
    db.inventoryLists,
    db.inventoryItems,
    db.serverInventoryLists,
    db.serverInventoryItems,
    db.serverInventoryItemSets,
    db.inventoryArticles,
    db.inventoryCompanies,
  ],
  applyAnswer: (db, entry, body, replayed) => applyAnswer(db, entry.op as InventoryOp, body, replayed),
  markStale,
  rebase,
  async knownIds(db) {
    const [mirror, base] = await Promise.all([
      db.inventoryLists.toCollection().primaryKeys(),
      db.serverInventoryLists.toCollection().primaryKeys(),
    ]);
    const orphans = (await db.inventoryItems.orderBy('listId').uniqueKeys()) as string[];
    return [...new Set([...mirror, ...base, ...orphans])];
  },
  knowsNews: knowsListNews,
  goneCodes: new Set(['InventoryListNotFound', 'InventoryListItemNotFound']),
  dependencyCode: (entry, missingId) =>
    missingId === entry.entityId ? 'InventoryListNotCreated' : 'InventoryItemNotAdded',
  refreshCompany,
  refreshIds,
  describe: (entry, name) => describeInventoryEntry(entry, name),
  async nameOf(db, id) {
    return (await db.inventoryLists.get(id))?.name ?? (await db.serverInventoryLists.get(id))?.name;
  },
};
