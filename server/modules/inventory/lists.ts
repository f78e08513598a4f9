/** Inventory lists of a company: the overview, one list with its items, create, update and remove. */
import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, inventoryLists, users } from '../../db/schema';
import type {
  CreateInventoryListBody,
  InventoryListDetail,
  PagedInventoryLists,
  UpdateInventoryListBody,
} from '../../../contract/inventory';
import { AppError, conflict } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { likeContaining } from '../../lib/text';
import { inventoryItemOrder } from '../../../contract/rules/inventory-items';
import { closer, listColumns, previousList, toList } from './rows';
import type { InventoryScope } from './scope';

export function inventoryListCalls(db: DbOrTx, scope: InventoryScope) {
  const { listOf, listRows, itemRows, summary, sortedItems, touch } = scope;

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

  return {
    async lists(
      company: CompanyRow,
      query: { q?: string | undefined; page: number; pageSize: number },
    ): Promise<PagedInventoryLists> {
      const filters: SQL[] = [eq(inventoryLists.companyId, company.id)];
      if (query.q) filters.push(ilike(inventoryLists.name, likeContaining(query.q)));
      const where = and(...filters)!;
      const [totals] = await db.select({ n: count() }).from(inventoryLists).where(where);
      const totalRecords = totals?.n ?? 0;
      const rows = await db
        .select(listColumns)
        .from(inventoryLists)
        .innerJoin(companies, eq(companies.id, inventoryLists.companyId))
        .leftJoin(users, eq(users.id, inventoryLists.createdBy))
        .leftJoin(previousList, eq(previousList.id, inventoryLists.previousListId))
        .leftJoin(closer, eq(closer.id, inventoryLists.closedBy))
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

    /**
     * The list with all its items, or with `changedSince` only the items changed after that version (decision 0090)
     * when a copy whole at it can be brought up to date with them: no removal or new list compared with since
     * (`wholeFrom`), and not a version the list has not reached. The list row is read in one statement with both, and
     * the items after it: they are at least as new as the version answered.
     */
    async detail(company: CompanyRow, id: string, changedSince?: number): Promise<InventoryListDetail> {
      await listOf(company.id, id);
      const [row] = await listRows(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id))!);
      if (!row) throw scope.listNotFound();
      if (changedSince === undefined || changedSince < row.wholeFrom || changedSince > row.version) {
        return { ...toList(row), items: await sortedItems(company.id, id, {}) };
      }
      const items = await itemRows(company.id, id, undefined, changedSince);
      return { ...toList(row), items: items.sort(inventoryItemOrder('name', 'asc')), changedSince };
    },

    /**
     * Creates a list. A client id that exists with the same company and name is a resend (answers the list as it is);
     * any other use of it is 409 ClientIdTaken.
     */
    async create(company: CompanyRow, createdBy: string, body: CreateInventoryListBody, now = new Date()) {
      if (body.id) {
        // One look at the id in every company: asked in two (this company's, then any), a create committed between
        // them by a resend was taken for another's.
        const [existing] = await db
          .select({ name: inventoryLists.name, companyId: inventoryLists.companyId })
          .from(inventoryLists)
          .where(eq(inventoryLists.id, body.id));
        if (existing) {
          if (existing.companyId !== company.id || existing.name !== body.name) throw conflict('ClientIdTaken');
          return summary(company.id, body.id);
        }
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
        })
        .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id)));
      // Another list compared with changes every item's previous count: a copy from before is read whole.
      // Its name is the previous list's name of the lists compared with it.
      await touch(company.id, id, now, [], { whole: body.previousListId !== undefined, compared: 'list' });
      return summary(company.id, id);
    },

    async remove(company: CompanyRow, id: string, now = new Date()): Promise<void> {
      await listOf(company.id, id, true);
      // Open views of it hear that it changed, read it again and find it gone.
      await touch(company.id, id, now);
      // The lists compared with it lose their previous counts (the key sets them null, no row of theirs changes): their
      // copies are read whole, and their open views hear of it (decision 0090).
      const comparing = await db
        .select({ id: inventoryLists.id })
        .from(inventoryLists)
        .where(and(eq(inventoryLists.companyId, company.id), eq(inventoryLists.previousListId, id)));
      for (const list of comparing) await touch(company.id, list.id, now, [], { whole: true });
      await db.delete(inventoryLists).where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id)));
    },
  };
}
