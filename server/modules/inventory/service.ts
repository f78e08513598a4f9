import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  chartAccounts,
  companies,
  companyPrices,
  companyProducts,
  companyZones,
  inventoryCountEvents,
  inventoryListItems,
  inventoryLists,
  orderRows,
  orders,
  products,
  users,
} from '../../db/schema';
import {
  COUNT_FUTURE_TOLERANCE_MS,
  type AddInventoryItemBody,
  type ArticleIndexResponse,
  type ChartAccount,
  type CompanyZone,
  type CountAnswer,
  type CountBody,
  type CreateInventoryListBody,
  type IndexedArticle,
  type InventoryCount,
  type InventoryGroup,
  type InventoryGroupsResponse,
  type InventoryItemSort,
  type InventoryList,
  type InventoryListDetail,
  type InventoryListItem,
  type InventorySortOrder,
  type InventoryUnit,
  type PagedInventoryLists,
  type ShortfallLine,
  type UpdateInventoryItemBody,
  type UpdateInventoryListBody,
  type UserRef,
} from '../../../contract/inventory';
import {
  compareCountEvents,
  fromMilliPieces,
  mergeCounts,
  toMilliPieces,
  valueOf,
  type MergeEvent,
} from '../../../contract/rules/count';
import {
  groupInventoryItems,
  inventoryItemOrder,
  matchesInventoryQuery,
} from '../../../contract/rules/inventory-items';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { createPriceService } from '../prices/service';
import { createHash } from 'node:crypto';

export type InventoryService = ReturnType<typeof createInventoryService>;
export type ItemQuery = {
  sort?: InventoryItemSort | undefined;
  order?: InventorySortOrder | undefined;
  q?: string | undefined;
  zone?: string | undefined;
  account?: string | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const milli = (n: string | number) => Math.round(Number(n) * 1000);
const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

const previous = alias(inventoryListItems, 'previous_item');
const previousList = alias(inventoryLists, 'previous_list');

const itemCount = sql<number>`(select count(*)::int from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id})`;
const countedCount = sql<number>`(select count(*)::int from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id} and ${inventoryListItems.countCount} > 0)`;
// round(numeric) rounds halves away from zero, as valueOf() does.
const stockValue = sql<string>`(select coalesce(sum(round(${inventoryListItems.quantity} * ${inventoryListItems.price})), 0)::text from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id})`;

const listColumns = {
  id: inventoryLists.id,
  companyId: inventoryLists.companyId,
  companyCode: companies.code,
  name: inventoryLists.name,
  dateFrom: inventoryLists.dateFrom,
  dateTo: inventoryLists.dateTo,
  previousListId: inventoryLists.previousListId,
  previousListName: previousList.name,
  itemCount,
  countedCount,
  stockValue,
  createdAt: inventoryLists.createdAt,
  updatedAt: inventoryLists.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
type ListRow = {
  id: string;
  companyId: string;
  companyCode: string;
  name: string;
  dateFrom: string | null;
  dateTo: string | null;
  previousListId: string | null;
  previousListName: string | null;
  itemCount: number;
  countedCount: number;
  stockValue: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
};

function toList(row: ListRow): InventoryList {
  return {
    id: row.id,
    companyCode: row.companyCode,
    name: row.name,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    previousListId: row.previousListId,
    previousListName: row.previousListName,
    itemCount: row.itemCount,
    countedCount: row.countedCount,
    stockValue: Number(row.stockValue),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: fullName(row.firstName, row.lastName),
  };
}

const itemColumns = {
  id: inventoryListItems.id,
  listId: inventoryListItems.listId,
  productId: inventoryListItems.productId,
  companyProductId: inventoryListItems.companyProductId,
  articleNumber: inventoryListItems.articleNumber,
  name: inventoryListItems.name,
  unit: inventoryListItems.unit,
  piecesPerCarton: inventoryListItems.piecesPerCarton,
  quantity: inventoryListItems.quantity,
  price: inventoryListItems.price,
  account: inventoryListItems.account,
  accountName: chartAccounts.name,
  zone: inventoryListItems.zone,
  parLevel: inventoryListItems.parLevel,
  previousQuantity: previous.quantity,
  previousUnit: previous.unit,
  previousPiecesPerCarton: previous.piecesPerCarton,
  countCount: inventoryListItems.countCount,
  lastCountedAt: inventoryListItems.lastCountedAt,
  lastSetAt: inventoryListItems.lastSetAt,
  lastSetBy: inventoryListItems.lastSetBy,
  countedBy: inventoryListItems.countedBy,
  conflict: inventoryListItems.conflict,
  productGtinPiece: products.gtinPiece,
  productGtinCarton: products.gtinCarton,
  ownGtin: companyProducts.gtin,
  createdAt: inventoryListItems.createdAt,
  updatedAt: inventoryListItems.updatedAt,
};
type ItemRow = {
  id: string;
  listId: string;
  productId: string | null;
  companyProductId: string | null;
  articleNumber: string;
  name: string;
  unit: InventoryUnit;
  piecesPerCarton: number;
  quantity: string;
  price: number;
  account: string | null;
  accountName: string | null;
  zone: string | null;
  parLevel: string | null;
  previousQuantity: string | null;
  previousUnit: InventoryUnit | null;
  previousPiecesPerCarton: number | null;
  countCount: number;
  lastCountedAt: Date | null;
  lastSetAt: Date | null;
  lastSetBy: string | null;
  countedBy: string[];
  conflict: boolean;
  productGtinPiece: string | null;
  productGtinCarton: string | null;
  ownGtin: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toItem(row: ItemRow, names: Map<string, string>): InventoryListItem {
  const quantity = Number(row.quantity);
  const ref = (id: string): UserRef => ({ id, name: names.get(id) ?? 'Borttagen användare' });
  let previousQuantity: number | null = null;
  if (row.previousQuantity !== null && row.previousUnit !== null) {
    const pieces = toMilliPieces(Number(row.previousQuantity), row.previousUnit, row.previousPiecesPerCarton ?? 1);
    previousQuantity = fromMilliPieces(pieces, row.unit, row.piecesPerCarton);
  }
  const variance = previousQuantity === null ? null : (milli(quantity) - milli(previousQuantity)) / 1000;
  return {
    id: row.id,
    listId: row.listId,
    productId: row.productId,
    companyProductId: row.companyProductId,
    articleNumber: row.articleNumber,
    name: row.name,
    unit: row.unit,
    piecesPerCarton: row.piecesPerCarton,
    gtinPiece: row.productGtinPiece ?? row.ownGtin,
    gtinCarton: row.productGtinCarton,
    quantity,
    price: row.price,
    stockValue: valueOf(quantity, row.price),
    account: row.account,
    accountName: row.accountName,
    zone: row.zone,
    parLevel: row.parLevel === null ? null : Number(row.parLevel),
    previousQuantity,
    variance,
    varianceValue: variance === null ? null : valueOf(variance, row.price),
    counted: row.countCount > 0,
    countCount: row.countCount,
    lastCountedAt: row.lastCountedAt?.toISOString() ?? null,
    lastSetAt: row.lastSetAt?.toISOString() ?? null,
    lastSetBy: row.lastSetBy ? ref(row.lastSetBy) : null,
    countedBy: row.countedBy.map(ref),
    conflict: row.conflict,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type EventRow = typeof inventoryCountEvents.$inferSelect;

function toMergeEvent(e: EventRow): MergeEvent {
  return { id: e.id, kind: e.kind, countedAt: e.countedAt, milliPieces: milli(e.pieces), userId: e.userId };
}

/** Price of one `to` unit from the price of one `from` unit. */
export function convertPrice(price: number, from: InventoryUnit, to: InventoryUnit, piecesPerCarton: number): number {
  if (from === to || piecesPerCarton === 1) return price;
  return from === 'carton' ? Math.round(price / piecesPerCarton) : price * piecesPerCarton;
}

/**
 * Inventory lists of a company, their items and counts (docs/decisions/0025–0027). Every call receives the company
 * the route's access hook established (decision 0052), never a code to check again, and finds lists only inside it:
 * a list of another company answers 404 InventoryListNotFound. Items and counts are reached only through such a list.
 * Written against `DbOrTx`: the routes build it on the idempotency transaction for changes.
 */
export function createInventoryService(db: DbOrTx) {
  const listNotFound = () => notFound('InventoryListNotFound');
  const itemNotFound = () => notFound('InventoryListItemNotFound');
  const fieldError = (status: number, code: 'ArticleAlreadyInList' | 'ArticleNumberTaken', path: string) =>
    new AppError(status, code, undefined, [{ path, message: errorText(code) }]);

  async function listRows(where: SQL): Promise<ListRow[]> {
    return db
      .select(listColumns)
      .from(inventoryLists)
      .innerJoin(companies, eq(companies.id, inventoryLists.companyId))
      .leftJoin(users, eq(users.id, inventoryLists.createdBy))
      .leftJoin(previousList, eq(previousList.id, inventoryLists.previousListId))
      .where(where);
  }

  /** The list row if it is the company's; `lock` locks it until the end of the transaction (changes go one by one). */
  async function listOf(companyId: string, id: string, lock = false) {
    if (!UUID.test(id)) throw listNotFound();
    const query = db
      .select({ id: inventoryLists.id, previousListId: inventoryLists.previousListId })
      .from(inventoryLists)
      .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, companyId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw listNotFound();
    return row;
  }

  async function summary(companyId: string, id: string): Promise<InventoryList> {
    const [row] = await listRows(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, companyId))!);
    if (!row) throw listNotFound();
    return toList(row);
  }

  async function userNames(ids: Iterable<string>): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, fullName(r.firstName, r.lastName) ?? '']));
  }

  async function itemRows(companyId: string, listId: string, itemId?: string): Promise<InventoryListItem[]> {
    const [list] = await db
      .select({ previousListId: inventoryLists.previousListId })
      .from(inventoryLists)
      .where(and(eq(inventoryLists.id, listId), eq(inventoryLists.companyId, companyId)));
    const previousListId = list?.previousListId ?? null;
    const rows = (await db
      .select(itemColumns)
      .from(inventoryListItems)
      .leftJoin(
        previous,
        and(
          previousListId === null ? sql`false` : eq(previous.listId, previousListId),
          eq(previous.articleNumber, inventoryListItems.articleNumber),
        ),
      )
      .leftJoin(products, eq(products.id, inventoryListItems.productId))
      .leftJoin(companyProducts, eq(companyProducts.id, inventoryListItems.companyProductId))
      .leftJoin(
        chartAccounts,
        and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.number, inventoryListItems.account)),
      )
      .where(
        itemId === undefined
          ? eq(inventoryListItems.listId, listId)
          : and(eq(inventoryListItems.listId, listId), eq(inventoryListItems.id, itemId)),
      )) as ItemRow[];
    const names = await userNames(rows.flatMap((r) => [...r.countedBy, ...(r.lastSetBy ? [r.lastSetBy] : [])]));
    return rows.map((r) => toItem(r, names));
  }

  async function itemOf(companyId: string, listId: string, itemId: string): Promise<InventoryListItem> {
    const [item] = await itemRows(companyId, listId, itemId);
    if (!item) throw itemNotFound();
    return item;
  }

  async function touch(companyId: string, listId: string, now: Date) {
    await db
      .update(inventoryLists)
      .set({ updatedAt: now })
      .where(and(eq(inventoryLists.id, listId), eq(inventoryLists.companyId, companyId)));
  }

  async function checkAccount(companyId: string, account: string | null | undefined, path = 'account') {
    if (account === null || account === undefined) return;
    const [row] = await db
      .select({ number: chartAccounts.number })
      .from(chartAccounts)
      .where(
        and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.number, account), eq(chartAccounts.active, true)),
      );
    if (!row) throw new AppError(400, 'UnknownAccount', undefined, [{ path, message: errorText('UnknownAccount') }]);
  }

  async function checkZone(companyId: string, zone: string | null | undefined, path = 'zone') {
    if (zone === null || zone === undefined) return;
    const [row] = await db
      .select({ name: companyZones.name })
      .from(companyZones)
      .where(and(eq(companyZones.companyId, companyId), eq(companyZones.name, zone)));
    if (!row) throw new AppError(400, 'UnknownZone', undefined, [{ path, message: errorText('UnknownZone') }]);
  }

  /** The previous list for a new one: the company's latest list of an earlier period (by dateFrom, else creation). */
  async function defaultPrevious(companyId: string, self: string, dateFrom: string | null, now: Date) {
    const start = sql`coalesce(${inventoryLists.dateFrom}, (${inventoryLists.createdAt} at time zone 'Europe/Stockholm')::date)`;
    const before = dateFrom ?? now.toISOString().slice(0, 10);
    const [row] = await db
      .select({ id: inventoryLists.id })
      .from(inventoryLists)
      .where(and(eq(inventoryLists.companyId, companyId), ne(inventoryLists.id, self), sql`${start} < ${before}::date`))
      .orderBy(desc(start), desc(inventoryLists.createdAt), desc(inventoryLists.id))
      .limit(1);
    return row?.id ?? null;
  }

  async function checkPrevious(companyId: string, self: string, previousId: string) {
    if (previousId === self) {
      throw new AppError(400, 'ValidationError', undefined, [
        { path: 'previousListId', message: errorText('InventoryListNotFound') },
      ]);
    }
    const [row] = await db
      .select({ id: inventoryLists.id })
      .from(inventoryLists)
      .where(and(eq(inventoryLists.id, previousId), eq(inventoryLists.companyId, companyId)));
    if (!row) {
      throw new AppError(400, 'ValidationError', undefined, [
        { path: 'previousListId', message: errorText('InventoryListNotFound') },
      ]);
    }
  }

  async function eventsOf(itemId: string): Promise<EventRow[]> {
    return db.select().from(inventoryCountEvents).where(eq(inventoryCountEvents.itemId, itemId));
  }

  /** Re-derives an item's quantity and counting info from its events (the merge rule) and stores them. */
  async function recompute(itemId: string, now: Date) {
    const [item] = await db
      .select({
        unit: inventoryListItems.unit,
        piecesPerCarton: inventoryListItems.piecesPerCarton,
        conflictResolvedUntil: inventoryListItems.conflictResolvedUntil,
      })
      .from(inventoryListItems)
      .where(eq(inventoryListItems.id, itemId));
    if (!item) throw itemNotFound();
    const events = (await eventsOf(itemId)).sort(compareCountEvents);
    const merged = mergeCounts(events.map(toMergeEvent));
    const countedBy: string[] = [];
    for (const e of events) if (e.userId && !countedBy.includes(e.userId)) countedBy.push(e.userId);
    const resolved = item.conflictResolvedUntil;
    const isConflict =
      merged.overriddenUsers.size > 0 &&
      merged.overriddenUntil !== null &&
      (resolved === null || merged.overriddenUntil > resolved);
    const last = events[events.length - 1];
    await db
      .update(inventoryListItems)
      .set({
        quantity: String(fromMilliPieces(merged.milliPieces, item.unit, item.piecesPerCarton)),
        countCount: events.length,
        lastCountedAt: last?.countedAt ?? null,
        lastSetAt: merged.set ? new Date(merged.set.countedAt) : null,
        lastSetBy: merged.set?.userId ?? null,
        countedBy,
        conflict: isConflict,
        updatedAt: now,
      })
      .where(eq(inventoryListItems.id, itemId));
    return merged;
  }

  function toCount(e: EventRow, names: Map<string, string>, effective: Set<string>): InventoryCount {
    return {
      id: e.id,
      itemId: e.itemId,
      kind: e.kind,
      value: Number(e.value),
      unit: e.unit,
      pieces: Number(e.pieces),
      countedAt: e.countedAt.toISOString(),
      receivedAt: e.receivedAt.toISOString(),
      deviceId: e.deviceId,
      user: e.userId ? { id: e.userId, name: names.get(e.userId) ?? 'Borttagen användare' } : null,
      effective: effective.has(e.id),
    };
  }

  async function sortedItems(companyId: string, listId: string, query: ItemQuery) {
    const items = (await itemRows(companyId, listId)).filter((i) => matchesInventoryQuery(i, query));
    return items.sort(inventoryItemOrder(query.sort ?? 'name', query.order ?? 'asc'));
  }

  async function companyLookups(companyId: string) {
    const [zones, accounts] = await Promise.all([
      db
        .select({ id: companyZones.id, name: companyZones.name, sort: companyZones.sort })
        .from(companyZones)
        .where(eq(companyZones.companyId, companyId))
        .orderBy(asc(companyZones.sort), asc(companyZones.name)),
      db
        .select({ number: chartAccounts.number, name: chartAccounts.name, active: chartAccounts.active })
        .from(chartAccounts)
        .where(eq(chartAccounts.companyId, companyId))
        .orderBy(asc(chartAccounts.number)),
    ]);
    return { zones, accounts };
  }

  /**
   * Whether any company has a row with this id (a client id cannot be reused): ids are unique across companies, so
   * another company's row with it is a conflict. Only its existence is read.
   */
  async function idTaken(
    table: typeof inventoryLists | typeof inventoryListItems | typeof inventoryCountEvents,
    id: string,
  ) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return row !== undefined;
  }

  /** Where the company placed an article last time (latest list first), for defaults. */
  async function lastPlacement(companyId: string, articleNumber: string) {
    const [row] = await db
      .select({ account: inventoryListItems.account, zone: inventoryListItems.zone })
      .from(inventoryListItems)
      .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
      .where(and(eq(inventoryLists.companyId, companyId), eq(inventoryListItems.articleNumber, articleNumber)))
      .orderBy(desc(inventoryLists.createdAt), desc(inventoryListItems.createdAt))
      .limit(1);
    return row;
  }

  return {
    async lists(
      company: CompanyRow,
      query: { q?: string | undefined; page: number; pageSize: number },
    ): Promise<PagedInventoryLists> {
      const filters: SQL[] = [eq(inventoryLists.companyId, company.id)];
      if (query.q) filters.push(ilike(inventoryLists.name, escapeLike(query.q)));
      const where = and(...filters)!;
      const [totals] = await db.select({ n: count() }).from(inventoryLists).where(where);
      const totalRecords = totals?.n ?? 0;
      const rows = await db
        .select(listColumns)
        .from(inventoryLists)
        .innerJoin(companies, eq(companies.id, inventoryLists.companyId))
        .leftJoin(users, eq(users.id, inventoryLists.createdBy))
        .leftJoin(previousList, eq(previousList.id, inventoryLists.previousListId))
        .where(where)
        .orderBy(
          sql`${inventoryLists.dateFrom} desc nulls last`,
          desc(inventoryLists.createdAt),
          desc(inventoryLists.id),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        data: rows.map(toList),
        totalRecords,
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(totalRecords / query.pageSize)),
      };
    },

    async detail(company: CompanyRow, id: string): Promise<InventoryListDetail> {
      await listOf(company.id, id);
      return { ...(await summary(company.id, id)), items: await sortedItems(company.id, id, {}) };
    },

    /**
     * Creates a list. A client id that exists with the same company and name is a resend (answers the list as it is);
     * any other use of it is 409 ClientIdTaken.
     */
    async create(company: CompanyRow, createdBy: string, body: CreateInventoryListBody, now = new Date()) {
      if (body.id) {
        const [existing] = await db
          .select({ name: inventoryLists.name })
          .from(inventoryLists)
          .where(and(eq(inventoryLists.id, body.id), eq(inventoryLists.companyId, company.id)));
        if (existing) {
          if (existing.name !== body.name) throw conflict('ClientIdTaken');
          return summary(company.id, body.id);
        }
        if (await idTaken(inventoryLists, body.id)) throw conflict('ClientIdTaken');
      }
      const id = body.id ?? crypto.randomUUID();
      let previousListId: string | null;
      if (body.previousListId === undefined) {
        previousListId = await defaultPrevious(company.id, id, body.dateFrom ?? null, now);
      } else {
        previousListId = body.previousListId;
        if (previousListId !== null) await checkPrevious(company.id, id, previousListId);
      }
      await db.insert(inventoryLists).values({
        id,
        companyId: company.id,
        createdBy,
        name: body.name,
        dateFrom: body.dateFrom ?? null,
        dateTo: body.dateTo ?? null,
        previousListId,
        createdAt: now,
        updatedAt: now,
      });
      return summary(company.id, id);
    },

    async update(company: CompanyRow, id: string, body: UpdateInventoryListBody, now = new Date()) {
      await listOf(company.id, id, true);
      if (body.previousListId) await checkPrevious(company.id, id, body.previousListId);
      await db
        .update(inventoryLists)
        .set({
          name: body.name,
          dateFrom: body.dateFrom ?? null,
          dateTo: body.dateTo ?? null,
          ...(body.previousListId !== undefined ? { previousListId: body.previousListId } : {}),
          updatedAt: now,
        })
        .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id)));
      return summary(company.id, id);
    },

    async remove(company: CompanyRow, id: string): Promise<void> {
      await listOf(company.id, id, true);
      await db.delete(inventoryLists).where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id)));
    },

    async items(company: CompanyRow, listId: string, query: ItemQuery) {
      await listOf(company.id, listId);
      const data = await sortedItems(company.id, listId, query);
      return { data, stockValue: data.reduce((s, i) => s + i.stockValue, 0) };
    },

    async groups(
      company: CompanyRow,
      listId: string,
      group: InventoryGroup,
      query: ItemQuery,
    ): Promise<InventoryGroupsResponse> {
      await listOf(company.id, listId);
      const [items, lookups] = await Promise.all([sortedItems(company.id, listId, query), companyLookups(company.id)]);
      const data = groupInventoryItems(items, group, lookups);
      return { group, data, stockValue: data.reduce((s, g) => s + g.subtotal, 0) };
    },

    /** Everything an export needs: the company, the list, its groups and lookups. */
    async exportData(company: CompanyRow, listId: string, group: InventoryGroup) {
      await listOf(company.id, listId);
      const [list, items, lookups] = await Promise.all([
        summary(company.id, listId),
        sortedItems(company.id, listId, {}),
        companyLookups(company.id),
      ]);
      return { company, list, groups: groupInventoryItems(items, group, lookups), group };
    },

    /**
     * Adds a catalogue product or an own article (see contract addInventoryItemBody for defaults and refusals).
     */
    async addItem(company: CompanyRow, listId: string, body: AddInventoryItemBody, now = new Date()) {
      await listOf(company.id, listId, true);
      type Source = {
        articleNumber: string;
        name: string;
        unit: InventoryUnit;
        piecesPerCarton: number;
        price: number;
        account: string | null;
        zone: string | null;
      };
      let source: Source;
      if (body.productId !== undefined) {
        const [p] = await db
          .select({
            id: products.id,
            sku: products.sku,
            name: products.name,
            unit: products.unit,
            piecesPerCarton: products.piecesPerCarton,
          })
          .from(products)
          .where(eq(products.id, body.productId));
        if (!p) {
          throw new AppError(404, 'ProductNotFound', undefined, [
            { path: 'productId', message: errorText('ProductNotFound') },
          ]);
        }
        const [price] = await createPriceService(db).forCompany(company.id, [p.id], now);
        source = {
          articleNumber: p.sku,
          name: p.name,
          unit: p.unit,
          piecesPerCarton: p.piecesPerCarton,
          price: price?.price ?? 0,
          account: null,
          zone: null,
        };
      } else {
        const [o] = await db
          .select()
          .from(companyProducts)
          .where(and(eq(companyProducts.id, body.companyProductId ?? ''), eq(companyProducts.companyId, company.id)));
        if (!o) {
          throw new AppError(404, 'CompanyProductNotFound', undefined, [
            { path: 'companyProductId', message: errorText('CompanyProductNotFound') },
          ]);
        }
        source = {
          articleNumber: o.articleNumber,
          name: o.name,
          unit: o.unit,
          piecesPerCarton: o.piecesPerCarton,
          price: o.price,
          account: o.account,
          zone: o.zone,
        };
      }

      if (body.id) {
        const [existing] = await db
          .select({
            productId: inventoryListItems.productId,
            companyProductId: inventoryListItems.companyProductId,
          })
          .from(inventoryListItems)
          .where(and(eq(inventoryListItems.id, body.id), eq(inventoryListItems.listId, listId)));
        if (existing) {
          const same =
            body.productId !== undefined
              ? existing.productId === body.productId
              : existing.companyProductId === body.companyProductId;
          if (!same) throw conflict('ClientIdTaken');
          return itemOf(company.id, listId, body.id);
        }
        if (await idTaken(inventoryListItems, body.id)) throw conflict('ClientIdTaken');
      }

      const [taken] = await db
        .select({ productId: inventoryListItems.productId, companyProductId: inventoryListItems.companyProductId })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.listId, listId), eq(inventoryListItems.articleNumber, source.articleNumber)));
      if (taken) {
        const sameArticle =
          body.productId !== undefined
            ? taken.productId === body.productId
            : taken.companyProductId === body.companyProductId;
        if (sameArticle)
          throw fieldError(409, 'ArticleAlreadyInList', body.productId ? 'productId' : 'companyProductId');
        throw fieldError(409, 'ArticleNumberTaken', body.productId ? 'productId' : 'companyProductId');
      }

      const placement = await lastPlacement(company.id, source.articleNumber);
      const unit = body.unit ?? source.unit;
      const account = body.account !== undefined ? body.account : (placement?.account ?? source.account);
      const zone = body.zone !== undefined ? body.zone : (placement?.zone ?? source.zone);
      if (body.account !== undefined) await checkAccount(company.id, account);
      if (body.zone !== undefined) await checkZone(company.id, zone);
      const id = body.id ?? crypto.randomUUID();
      await db.insert(inventoryListItems).values({
        id,
        listId,
        productId: body.productId ?? null,
        companyProductId: body.companyProductId ?? null,
        articleNumber: source.articleNumber,
        name: source.name,
        unit,
        piecesPerCarton: source.piecesPerCarton,
        price: body.price ?? convertPrice(source.price, source.unit, unit, source.piecesPerCarton),
        account,
        zone,
        parLevel: body.parLevel === undefined || body.parLevel === null ? null : String(body.parLevel),
        createdAt: now,
        updatedAt: now,
      });
      await touch(company.id, listId, now);
      return itemOf(company.id, listId, id);
    },

    async updateItem(
      company: CompanyRow,
      listId: string,
      itemId: string,
      body: UpdateInventoryItemBody,
      now = new Date(),
    ) {
      await listOf(company.id, listId, true);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [row] = await db
        .select()
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      if (!row) throw itemNotFound();
      if (body.account !== undefined) await checkAccount(company.id, body.account);
      if (body.zone !== undefined) await checkZone(company.id, body.zone);
      const unit = body.unit ?? row.unit;
      const changes: Partial<typeof inventoryListItems.$inferInsert> = { updatedAt: now };
      if (body.unit !== undefined) changes.unit = body.unit;
      if (body.price !== undefined) changes.price = body.price;
      else if (unit !== row.unit) changes.price = convertPrice(row.price, row.unit, unit, row.piecesPerCarton);
      if (body.account !== undefined) changes.account = body.account;
      if (body.zone !== undefined) changes.zone = body.zone;
      if (body.parLevel !== undefined) changes.parLevel = body.parLevel === null ? null : String(body.parLevel);
      if (body.resolveConflict) {
        const merged = mergeCounts((await eventsOf(itemId)).map(toMergeEvent));
        changes.conflictResolvedUntil = merged.overriddenUntil ?? now;
      }
      await db
        .update(inventoryListItems)
        .set(changes)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      await recompute(itemId, now);
      await touch(company.id, listId, now);
      return itemOf(company.id, listId, itemId);
    },

    async removeItem(company: CompanyRow, listId: string, itemId: string, now = new Date()) {
      await listOf(company.id, listId, true);
      if (!UUID.test(itemId)) throw itemNotFound();
      const removed = await db
        .delete(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)))
        .returning({ id: inventoryListItems.id });
      if (removed.length === 0) throw itemNotFound();
      await touch(company.id, listId, now);
    },

    /**
     * Records one count (delta or set) and re-derives the item's quantity by the merge rule. A known count id with the
     * same content is a resend: nothing changes and `created` is false. Any other use of the id is 409 ClientIdTaken.
     */
    async count(
      company: CompanyRow,
      userId: string,
      listId: string,
      itemId: string,
      body: CountBody,
      now = new Date(),
    ): Promise<CountAnswer & { created: boolean }> {
      await listOf(company.id, listId, true);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [item] = await db
        .select({ piecesPerCarton: inventoryListItems.piecesPerCarton })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)))
        .for('update');
      if (!item) throw itemNotFound();
      const value = body.kind === 'delta' ? body.amount : body.quantity;
      const [existing] = await db
        .select()
        .from(inventoryCountEvents)
        .where(and(eq(inventoryCountEvents.id, body.id), eq(inventoryCountEvents.itemId, itemId)));
      let created = false;
      if (existing) {
        const same =
          existing.kind === body.kind &&
          milli(existing.value) === milli(value) &&
          existing.unit === body.unit &&
          existing.deviceId === body.deviceId;
        if (!same) throw conflict('ClientIdTaken');
      } else if (await idTaken(inventoryCountEvents, body.id)) {
        throw conflict('ClientIdTaken');
      } else {
        const countedAt = new Date(body.countedAt);
        const latest = now.getTime() + COUNT_FUTURE_TOLERANCE_MS;
        await db.insert(inventoryCountEvents).values({
          id: body.id,
          itemId,
          listId,
          userId,
          deviceId: body.deviceId,
          kind: body.kind,
          value: String(value),
          unit: body.unit,
          pieces: String(toMilliPieces(value, body.unit, item.piecesPerCarton) / 1000),
          countedAt: countedAt.getTime() > latest ? now : countedAt,
          receivedAt: now,
        });
        created = true;
        await recompute(itemId, now);
        await touch(company.id, listId, now);
      }
      const events = await eventsOf(itemId);
      const merged = mergeCounts(events.map(toMergeEvent));
      const event = events.find((e) => e.id === body.id)!;
      const names = await userNames(event.userId ? [event.userId] : []);
      return {
        item: await itemOf(company.id, listId, itemId),
        count: toCount(event, names, merged.effective),
        created,
      };
    },

    async counts(company: CompanyRow, listId: string, itemId: string): Promise<InventoryCount[]> {
      await listOf(company.id, listId);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [item] = await db
        .select({ id: inventoryListItems.id })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      if (!item) throw itemNotFound();
      const events = (await eventsOf(itemId)).sort(compareCountEvents);
      const merged = mergeCounts(events.map(toMergeEvent));
      const names = await userNames(events.flatMap((e) => (e.userId ? [e.userId] : [])));
      return events.map((e) => toCount(e, names, merged.effective));
    },

    async shortfall(company: CompanyRow, listId: string): Promise<ShortfallLine[]> {
      await listOf(company.id, listId);
      const items = (await sortedItems(company.id, listId, {})).filter(
        (i) => i.parLevel !== null && milli(i.quantity) < milli(i.parLevel),
      );
      const ids = items.flatMap((i) => (i.productId ? [i.productId] : []));
      const catalogue = ids.length
        ? await db
            .select({ id: products.id, unit: products.unit, wholeUnitsOnly: products.wholeUnitsOnly })
            .from(products)
            .where(inArray(products.id, ids))
        : [];
      const byId = new Map(catalogue.map((p) => [p.id, p]));
      return items.map((i) => {
        const parLevel = i.parLevel as number;
        const shortMilli = milli(parLevel) - milli(i.quantity);
        const shortPieces = toMilliPieces(shortMilli / 1000, i.unit, i.piecesPerCarton);
        const product = i.productId ? byId.get(i.productId) : undefined;
        let orderQuantity: number | null = null;
        let orderUnit: InventoryUnit | null = null;
        if (product) {
          if (i.piecesPerCarton > 1) {
            orderUnit = 'carton';
            orderQuantity = Math.ceil(shortPieces / (i.piecesPerCarton * 1000));
          } else {
            orderUnit = 'piece';
            orderQuantity = product.wholeUnitsOnly ? Math.ceil(shortPieces / 1000) : shortPieces / 1000;
          }
        }
        return {
          itemId: i.id,
          productId: i.productId,
          companyProductId: i.companyProductId,
          articleNumber: i.articleNumber,
          name: i.name,
          unit: i.unit,
          piecesPerCarton: i.piecesPerCarton,
          quantity: i.quantity,
          parLevel,
          shortfall: shortMilli / 1000,
          orderQuantity,
          orderUnit,
        };
      });
    },

    async chartOfAccounts(company: CompanyRow): Promise<ChartAccount[]> {
      return (await companyLookups(company.id)).accounts;
    },

    async zones(company: CompanyRow): Promise<CompanyZone[]> {
      return (await companyLookups(company.id)).zones;
    },

    /**
     * The offline article index (docs/decisions/0027): the company's assortment — products it ordered, has a company
     * price for, or has in an inventory list — and its own articles. `version` is a hash of the content.
     */
    async articleIndex(company: CompanyRow, now = new Date()): Promise<ArticleIndexResponse> {
      const assortment = await db
        .selectDistinct({ id: products.id })
        .from(products)
        .where(
          or(
            inArray(
              products.id,
              db
                .select({ id: orderRows.productId })
                .from(orderRows)
                .innerJoin(orders, eq(orders.id, orderRows.orderId))
                .where(eq(orders.companyId, company.id)),
            ),
            inArray(
              products.id,
              db
                .select({ id: companyPrices.productId })
                .from(companyPrices)
                .where(eq(companyPrices.companyId, company.id)),
            ),
            inArray(
              products.id,
              db
                .select({ id: inventoryListItems.productId })
                .from(inventoryListItems)
                .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
                .where(eq(inventoryLists.companyId, company.id)),
            ),
          ),
        );
      const ids = assortment.map((r) => r.id);
      const [rows, prices, own, placements] = await Promise.all([
        ids.length
          ? db
              .select({
                id: products.id,
                sku: products.sku,
                name: products.name,
                unit: products.unit,
                piecesPerCarton: products.piecesPerCarton,
                gtinPiece: products.gtinPiece,
                gtinCarton: products.gtinCarton,
              })
              .from(products)
              .where(inArray(products.id, ids))
          : Promise.resolve([]),
        createPriceService(db).forCompany(company.id, ids, now),
        db.select().from(companyProducts).where(eq(companyProducts.companyId, company.id)),
        db
          .select({
            articleNumber: inventoryListItems.articleNumber,
            account: inventoryListItems.account,
            zone: inventoryListItems.zone,
          })
          .from(inventoryListItems)
          .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
          .where(eq(inventoryLists.companyId, company.id))
          .orderBy(asc(inventoryLists.createdAt), asc(inventoryListItems.createdAt)),
      ]);
      const priceOf = new Map(prices.map((p) => [p.productId, p.price]));
      // Later lists overwrite earlier ones: the last placement wins.
      const placed = new Map(placements.map((p) => [p.articleNumber, p]));
      const articles: IndexedArticle[] = [
        ...rows.map((p) => ({
          kind: 'product' as const,
          id: p.id,
          articleNumber: p.sku,
          name: p.name,
          unit: p.unit,
          piecesPerCarton: p.piecesPerCarton,
          gtinPiece: p.gtinPiece,
          gtinCarton: p.gtinCarton,
          price: priceOf.get(p.id) ?? 0,
          zone: placed.get(p.sku)?.zone ?? null,
          account: placed.get(p.sku)?.account ?? null,
        })),
        ...own.map((o) => ({
          kind: 'own' as const,
          id: o.id,
          articleNumber: o.articleNumber,
          name: o.name,
          unit: o.unit,
          piecesPerCarton: o.piecesPerCarton,
          gtinPiece: o.gtin,
          gtinCarton: null,
          price: o.price,
          zone: placed.get(o.articleNumber)?.zone ?? o.zone,
          account: placed.get(o.articleNumber)?.account ?? o.account,
        })),
      ].sort((a, b) => (a.articleNumber < b.articleNumber ? -1 : a.articleNumber > b.articleNumber ? 1 : 0));
      const version = createHash('sha256').update(JSON.stringify(articles)).digest('base64url').slice(0, 22);
      return { companyCode: company.code, version, generatedAt: now.toISOString(), articles };
    },
  };
}
