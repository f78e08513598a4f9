/**
 * Finding a company's inventory lists and items (decision 0052): every lookup is given the company the route's access
 * hook established and finds lists only inside it — a list of another company answers 404 InventoryListNotFound, and
 * items are reached only through such a list. Shared by the list, item, count and export calls.
 */
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  chartAccounts,
  companies,
  companyProducts,
  inventoryCountEvents,
  inventoryListItems,
  inventoryLists,
  products,
  users,
} from '../../db/schema';
import type {
  InventoryItemSort,
  InventoryList,
  InventoryListItem,
  InventorySortOrder,
} from '../../../contract/inventory';
import { inventoryItemOrder, matchesInventoryQuery } from '../../../contract/rules/inventory-items';
import { publishOn } from '../../lib/bus';
import { comparingLists, touchComparing, type Compared } from './comparing';
import { conflict, notFound } from '../../lib/errors';
import { UUID } from '../../lib/ids';
import { fullName } from '../../lib/text';
import {
  itemColumns,
  listColumns,
  previous,
  previousList,
  closer,
  toItem,
  toList,
  type ItemRow,
  type ListRow,
} from './rows';

export type ItemQuery = {
  sort?: InventoryItemSort | undefined;
  order?: InventorySortOrder | undefined;
  q?: string | undefined;
  zone?: string | undefined;
  account?: string | undefined;
};

export type InventoryScope = ReturnType<typeof createInventoryScope>;

export function createInventoryScope(db: DbOrTx) {
  const listNotFound = () => notFound('InventoryListNotFound');
  const itemNotFound = () => notFound('InventoryListItemNotFound');

  async function listRows(where: SQL): Promise<ListRow[]> {
    return db
      .select(listColumns)
      .from(inventoryLists)
      .innerJoin(companies, eq(companies.id, inventoryLists.companyId))
      .leftJoin(users, eq(users.id, inventoryLists.createdBy))
      .leftJoin(previousList, eq(previousList.id, inventoryLists.previousListId))
      .leftJoin(closer, eq(closer.id, inventoryLists.closedBy))
      .where(where);
  }

  /** The list row if it is the company's, locked until the end of the transaction when `lock` (one change at a time). */
  async function listRow(companyId: string, id: string, lock: boolean) {
    if (!UUID.test(id)) throw listNotFound();
    const query = db
      .select({
        id: inventoryLists.id,
        previousListId: inventoryLists.previousListId,
        closedAt: inventoryLists.closedAt,
        reopenedAt: inventoryLists.reopenedAt,
      })
      .from(inventoryLists)
      .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, companyId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw listNotFound();
    return row;
  }

  /**
   * The list row if it is the company's. `lock` is how every change to a list, its items or counts starts: it locks
   * the row until the end of the transaction (changes go one by one) and refuses a closed list with 409
   * InventoryListClosed (decision 0062) — so a new kind of change is refused on a closed list without saying so.
   * Reading (lock false) works on a closed list.
   */
  async function listOf(companyId: string, id: string, lock = false) {
    const row = await listRow(companyId, id, lock);
    if (lock && row.closedAt !== null) throw conflict('InventoryListClosed');
    return row;
  }

  /**
   * The list row locked, closed or not: for closing or reopening it (the one change a closed list takes), and for
   * raising it when a counter's name changes (decision 0093), which a closed list shows too.
   */
  async function lockedAsIs(companyId: string, id: string) {
    return listRow(companyId, id, true);
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

  /** The list's items: all, one (`itemId`), or those changed after version `changedSince` (decision 0090). */
  async function itemRows(
    companyId: string,
    listId: string,
    itemId?: string,
    changedSince?: number,
  ): Promise<InventoryListItem[]> {
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
        and(
          eq(inventoryListItems.listId, listId),
          itemId === undefined ? undefined : eq(inventoryListItems.id, itemId),
          changedSince === undefined ? undefined : gt(inventoryListItems.changedVersion, changedSince),
        ),
      )) as ItemRow[];
    const names = await userNames(
      rows.flatMap((r) => [
        ...r.countedBy,
        ...(r.lastSetBy ? [r.lastSetBy] : []),
        ...(r.lastCountedBy ? [r.lastCountedBy] : []),
      ]),
    );
    return rows.map((r) => toItem(r, names));
  }

  async function itemOf(companyId: string, listId: string, itemId: string): Promise<InventoryListItem> {
    const [item] = await itemRows(companyId, listId, itemId);
    if (!item) throw itemNotFound();
    return item;
  }

  /**
   * Marks a change of the list (its items, counts or itself): moves `updatedAt`, raises `version` by one and tells the
   * open live views when the transaction commits, on every instance (decision 0060). Every change calls it once, after
   * taking the list's row lock and writing its items (each item row written is stamped with the version made here,
   * decision 0090); returns that version. `itemIds`: the items that changed, none when the list itself did. `whole`:
   * the change is one the items changed since an older version cannot carry (an item removed, another list compared
   * with), so a copy from before it is read whole. `compared`: what the change did to the lists compared with this one
   * (see `touchComparing`); nothing when left out. `shownOnly`: what the items show changed, not what the list holds
   * (a counter's name, decision 0093): `updatedAt` stays.
   */
  async function touch(
    companyId: string,
    listId: string,
    now: Date,
    itemIds: string[] = [],
    { whole = false, compared, shownOnly = false }: { whole?: boolean; compared?: Compared; shownOnly?: boolean } = {},
  ): Promise<number> {
    const next = sql`${inventoryLists.version} + 1`;
    const [row] = await db
      .update(inventoryLists)
      .set({ ...(shownOnly ? {} : { updatedAt: now }), version: next, ...(whole ? { wholeFrom: next } : {}) })
      .where(and(eq(inventoryLists.id, listId), eq(inventoryLists.companyId, companyId)))
      .returning({ version: inventoryLists.version, comparing: comparingLists(compared !== undefined) });
    const version = row?.version ?? 0;
    await publishOn(db, { type: 'inventory-changed', companyId, listId, itemIds, version });
    if (compared && row && row.comparing.length > 0) {
      await touchComparing(db, companyId, listId, row.comparing, itemIds, compared);
    }
    return version;
  }

  async function sortedItems(companyId: string, listId: string, query: ItemQuery) {
    const items = (await itemRows(companyId, listId)).filter((i) => matchesInventoryQuery(i, query));
    return items.sort(inventoryItemOrder(query.sort ?? 'name', query.order ?? 'asc'));
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

  return {
    listNotFound,
    itemNotFound,
    listRows,
    listOf,
    lockedAsIs,
    summary,
    userNames,
    itemRows,
    itemOf,
    touch,
    sortedItems,
    idTaken,
  };
}
