import { and, eq } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/ambient';
import { companies, purchaseListItems, purchaseLists, users } from '../../db/schema';
import type {
  AddPurchaseListItemBody,
  CreatePurchaseListBody,
  PurchaseList,
  PurchaseListDetail,
  PurchaseListItem,
  PurchaseListItemAnswer,
  PurchaseListSort,
  SortOrder,
} from '../../../contract/purchase-lists';
import { comparePurchaseLists, sortPurchaseListItems } from '../../../contract/purchase-list-order';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import {
  fromDetailRows,
  listColumns,
  prepareDetailRows,
  prepareItemRows,
  prepareListRow,
  settleListQuantity,
  toItem,
  toList,
  type ItemRow,
  type ListRow,
} from './rows';
import { addTargetOn, prepareInsertItem, prepareItemRow, prepareTouchList } from './add-item';
import { UUID } from '../../lib/ids';
import { listMarks } from './marks';
import { prepareSetQuantity, settlings } from './item-quantity';
import { addByIdOn } from './add-by-product';

export type PurchaseListService = ReturnType<typeof buildPurchaseListService>;
export type ItemSort = { sort: PurchaseListSort; order: SortOrder };

const DEFAULT_SORT: ItemSort = { sort: 'date', order: 'asc' };

/** Items in the asked order, by the rule the device's mirror uses too (contract/purchase-list-order.ts). */
export function sortItems(items: PurchaseListItem[], { sort, order }: ItemSort): PurchaseListItem[] {
  return sortPurchaseListItems(items, sort, order);
}

// One service per database handle: a sync batch's changes all run on its one transaction, and building the service per
// change built each of its statements again per change (drizzle's SQL, the prepared query) — an eighth of a batch's
// server time (decision 0071, fourth round). It holds nothing but its statements.
const services = new WeakMap<DbOrTx, ReturnType<typeof buildPurchaseListService>>();

/**
 * Purchase lists ("inköpslistor") of the company the route's access hook established (decision 0052): every call
 * receives that company, never a code to check again, and finds lists only inside it, so a list of another company
 * answers 404 PurchaseListNotFound and ids cannot be probed. Items are reached only through such a list.
 * Written against `DbOrTx`: the routes build it on the idempotency transaction for changes.
 */
export function createPurchaseListService(db: DbOrTx) {
  let service = services.get(db);
  if (service === undefined) services.set(db, (service = buildPurchaseListService(db)));
  return service;
}

function buildPurchaseListService(db: DbOrTx) {
  const listNotFound = () => notFound('PurchaseListNotFound');
  const itemNotFound = () => notFound('PurchaseListItemNotFound');

  // The reads every list view pays, prepared once per service (decision 0068): the routes' read service lives as long
  // as the server; a change's service lives for its transaction and prepares only what it uses.
  const listQuery = preparedOnce(() => prepareListRow(db));
  const itemsQuery = preparedOnce(() => prepareItemRows(db));
  const detailQuery = preparedOnce(() => prepareDetailRows(db));
  // A change's statements, prepared on its transaction as it first runs them.
  const addTarget = addTargetOn(db, lockList);
  const insertItem = preparedOnce(() => prepareInsertItem(db));
  const touchQuery = preparedOnce(() => prepareTouchList(db));
  const itemQuery = preparedOnce(() => prepareItemRow(db));
  const setQuantity = preparedOnce(() => prepareSetQuantity(db));
  const { addById, refuseAdd } = addByIdOn(db, { itemOf, touch });

  /** The list if it is the company's (else undefined). */
  async function listRow(company: CompanyRow, id: string): Promise<ListRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await listQuery().execute({ id, companyId: company.id });
    return row;
  }

  /** The company's list, else 404 (reads). */
  async function listOf(company: CompanyRow, id: string): Promise<ListRow> {
    const row = await listRow(company, id);
    if (!row) throw listNotFound();
    return row;
  }

  /**
   * For a change: locks the company's list row until the end of the transaction (changes to one list, and its
   * deletion, happen one after the other); 404 if it is missing or another company's.
   */
  async function lockList(company: CompanyRow, id: string): Promise<void> {
    if (!UUID.test(id)) throw listNotFound();
    const [row] = await db
      .select({ id: purchaseLists.id })
      .from(purchaseLists)
      .where(and(eq(purchaseLists.id, id), eq(purchaseLists.companyId, company.id)))
      .for('update');
    if (!row) throw listNotFound();
  }

  /**
   * For a change: marks the company's list changed now, which also locks its row until the end of the transaction (as
   * `lockList`), in one statement; 404 if it is missing or another company's. A change that fails after it rolls back,
   * the mark with it.
   */
  async function touchList(company: CompanyRow, id: string, now: Date, name?: string): Promise<void> {
    if (!UUID.test(id)) throw listNotFound();
    // In a batch that has locked the list already, the mark waits for the batch's end (./marks.ts).
    if (name === undefined && listMarks.get(id)?.companyId === company.id) {
      listMarks.set(id, { at: now, written: false, companyId: company.id });
      return;
    }
    const [row] = await db
      .update(purchaseLists)
      .set({ updatedAt: now, ...(name === undefined ? {} : { name }) })
      .where(and(eq(purchaseLists.id, id), eq(purchaseLists.companyId, company.id)))
      .returning({ id: purchaseLists.id });
    if (!row) throw listNotFound();
    listMarks.set(id, { at: now, written: true, companyId: company.id });
  }

  async function itemRows(listId: string, itemId?: string): Promise<PurchaseListItem[]> {
    if (itemId === undefined) {
      return ((await itemsQuery().execute({ listId })) as ItemRow[]).map(toItem);
    }
    if (!UUID.test(itemId)) return [];
    return ((await itemQuery().execute({ listId, itemId })) as ItemRow[]).map(toItem);
  }

  /** The company's list with its items, else 404: one round trip. */
  async function detailOf(company: CompanyRow, id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListDetail> {
    // The list as a call would answer it: with the mark a batch still owes it.
    const owed = listMarks.get(id);
    if (owed && !owed.written && owed.companyId === company.id) {
      await touchQuery().execute({ listId: id, companyId: company.id, now: owed.at });
      listMarks.set(id, { ...owed, written: true });
    }
    const found = UUID.test(id)
      ? fromDetailRows(await detailQuery().execute({ id, companyId: company.id }))
      : undefined;
    if (!found) throw listNotFound();
    return { ...toList(found.list), items: sortItems(found.items, sort) };
  }

  async function itemOf(listId: string, itemId: string): Promise<PurchaseListItem> {
    const [item] = await itemRows(listId, itemId);
    if (!item) throw itemNotFound();
    return item;
  }

  /** Marks a list the caller has locked changed now; in a batch, at its end (./marks.ts). */
  async function touch(company: CompanyRow, listId: string, now: Date) {
    if (!listMarks.set(listId, { at: now, written: false, companyId: company.id }))
      await touchQuery().execute({ listId, companyId: company.id, now });
  }

  return {
    /** The company's lists, in Swedish name order. */
    async listForCompany(company: CompanyRow): Promise<PurchaseList[]> {
      const rows = await db
        .select(listColumns)
        .from(purchaseLists)
        .innerJoin(companies, eq(companies.id, purchaseLists.companyId))
        .leftJoin(users, eq(users.id, purchaseLists.createdBy))
        .where(eq(purchaseLists.companyId, company.id));
      return rows.map(toList).sort(comparePurchaseLists);
    },

    async detail(company: CompanyRow, id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListDetail> {
      return detailOf(company, id, sort);
    },

    async items(company: CompanyRow, id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListItem[]> {
      await listOf(company, id);
      return sortItems(await itemRows(id), sort);
    },

    /**
     * Creates a list. A client id that already exists with the same company and name is a resend of this create
     * (its answer got lost): it answers with the list as it is now. Any other use of an existing id is 409 (ids are
     * unique across companies: another company's list with the id is a conflict, and nothing of it is read).
     * `createdBy` is the user creating it.
     */
    async create(
      company: CompanyRow,
      createdBy: string,
      body: CreatePurchaseListBody,
      now = new Date(),
    ): Promise<PurchaseListDetail> {
      const inserted = await db
        .insert(purchaseLists)
        .values({
          ...(body.id ? { id: body.id } : {}),
          companyId: company.id,
          createdBy,
          name: body.name,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: purchaseLists.id })
        .returning({ id: purchaseLists.id });
      const id = inserted[0]?.id ?? body.id;
      if (!id) throw new AppError(500, 'InternalError');
      if (inserted.length === 0) {
        const [existing] = await db
          .select({ name: purchaseLists.name })
          .from(purchaseLists)
          .where(and(eq(purchaseLists.id, id), eq(purchaseLists.companyId, company.id)));
        if (!existing || existing.name !== body.name) throw conflict('ClientIdTaken');
      }
      return detailOf(company, id);
    },

    async rename(company: CompanyRow, id: string, name: string, now = new Date()): Promise<PurchaseListDetail> {
      await touchList(company, id, now, name);
      return detailOf(company, id);
    },

    async remove(company: CompanyRow, id: string): Promise<void> {
      if (!UUID.test(id)) throw listNotFound();
      // The delete locks the row as `lockList` did; nothing deleted is the same 404.
      const removed = await db
        .delete(purchaseLists)
        .where(and(eq(purchaseLists.id, id), eq(purchaseLists.companyId, company.id)))
        .returning({ id: purchaseLists.id });
      if (removed.length === 0) throw listNotFound();
      listMarks.forget(id);
    },

    /**
     * Adds an article by product id, article number (SKU) or EAN (piece or carton GTIN). An article already in the
     * list is refused (409 ArticleAlreadyInList, the spec's hint). A client id that already exists for the same list
     * and article answers with that item (a resend); any other use of it is 409 ClientIdTaken (an item of another list
     * with the id makes the insert conflict; only its existence is read).
     */
    async addItem(
      company: CompanyRow,
      listId: string,
      body: AddPurchaseListItemBody,
      now = new Date(),
    ): Promise<PurchaseListItemAnswer> {
      if (body.productId !== undefined) return addById(company, listId, body.productId, body, now);
      const { product, existing } = await addTarget(company, listId, body);
      if (body.id && existing !== null) {
        if (existing !== product.id) throw conflict('ClientIdTaken');
        return { ...(await itemOf(listId, body.id)), messages: [] };
      }
      const { quantity, messages } = settleListQuantity(product, body.quantity, 1);
      const inserted = await insertItem().execute({
        id: body.id ?? null,
        listId,
        productId: product.id,
        quantity: String(quantity),
        addedAt: now,
      });
      const itemId = inserted[0]?.id;
      if (!itemId) return refuseAdd(body);
      await touch(company, listId, now);
      return { ...(await itemOf(listId, itemId)), messages };
    },

    async updateItem(
      company: CompanyRow,
      listId: string,
      itemId: string,
      requested: number,
      now = new Date(),
    ): Promise<PurchaseListItemAnswer> {
      await touchList(company, listId, now);
      if (!UUID.test(itemId)) throw itemNotFound();
      // One statement: the update answers the item as stored (the column's scale), its product with it.
      const [row] = (await setQuantity().execute({ listId, itemId, ...settlings(requested) })) as ItemRow[];
      if (!row) throw itemNotFound();
      return { ...toItem(row), messages: settleListQuantity(row, requested, 0).messages };
    },

    async removeItem(company: CompanyRow, listId: string, itemId: string, now = new Date()): Promise<void> {
      await touchList(company, listId, now);
      if (!UUID.test(itemId)) throw itemNotFound();
      const removed = await db
        .delete(purchaseListItems)
        .where(and(eq(purchaseListItems.id, itemId), eq(purchaseListItems.listId, listId)))
        .returning({ id: purchaseListItems.id });
      if (removed.length === 0) throw itemNotFound();
    },

    /** Every item's quantity back to 0, the articles kept: the list is ready for the next order. */
    async reset(company: CompanyRow, listId: string, now = new Date()): Promise<PurchaseListDetail> {
      await touchList(company, listId, now);
      await db.update(purchaseListItems).set({ quantity: '0' }).where(eq(purchaseListItems.listId, listId));
      return detailOf(company, listId);
    },
  };
}
