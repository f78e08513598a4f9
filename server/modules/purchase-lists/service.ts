import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, products, purchaseListItems, purchaseLists, users } from '../../db/schema';
import type {
  AddPurchaseListItemBody,
  CreatePurchaseListBody,
  ListMessage,
  PurchaseList,
  PurchaseListDetail,
  PurchaseListItem,
  PurchaseListItemAnswer,
  PurchaseListSort,
  SortOrder,
} from '../../../contract/purchase-lists';
import { comparePurchaseLists, sortPurchaseListItems } from '../../../contract/purchase-list-order';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { AuthUser } from '../../plugins/authenticate';
import { mayActFor, type CompanyService } from '../companies/service';

export type PurchaseListService = ReturnType<typeof createPurchaseListService>;
export type ItemSort = { sort: PurchaseListSort; order: SortOrder };

const DEFAULT_SORT: ItemSort = { sort: 'date', order: 'asc' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Swedish order (å, ä, ö after z), the same on PGlite and on a PostgreSQL cluster with any collation. */

const itemCount = sql<number>`(select count(*)::int from ${purchaseListItems} where ${purchaseListItems.listId} = ${purchaseLists.id})`;

const listColumns = {
  id: purchaseLists.id,
  companyId: purchaseLists.companyId,
  companyCode: companies.code,
  name: purchaseLists.name,
  itemCount,
  createdAt: purchaseLists.createdAt,
  updatedAt: purchaseLists.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

type ListRow = {
  id: string;
  companyId: string;
  companyCode: string;
  name: string;
  itemCount: number;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
};

const itemColumns = {
  id: purchaseListItems.id,
  productId: products.id,
  sku: products.sku,
  name: products.name,
  brandName: products.brandName,
  unit: products.unit,
  piecesPerCarton: products.piecesPerCarton,
  quantity: purchaseListItems.quantity,
  addedAt: purchaseListItems.addedAt,
  gtinPiece: products.gtinPiece,
  gtinCarton: products.gtinCarton,
  images: products.images,
  stockStatus: products.stockStatus,
  discontinued: products.discontinued,
  wholeUnitsOnly: products.wholeUnitsOnly,
};

type ItemRow = Omit<PurchaseListItem, 'quantity' | 'addedAt' | 'imageUrl'> & {
  quantity: string;
  addedAt: Date;
  images: { url: string }[];
};

type ProductRow = { id: string; wholeUnitsOnly: boolean };

function toList(row: ListRow): PurchaseList {
  const createdBy = row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();
  return {
    id: row.id,
    companyCode: row.companyCode,
    name: row.name,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy,
  };
}

function toItem({ images, ...row }: ItemRow): PurchaseListItem {
  return {
    ...row,
    quantity: Number(row.quantity),
    addedAt: row.addedAt.toISOString(),
    imageUrl: images[0]?.url ?? null,
  };
}

/** Items in the asked order, by the rule the device's mirror uses too (contract/purchase-list-order.ts). */
export function sortItems(items: PurchaseListItem[], { sort, order }: ItemSort): PurchaseListItem[] {
  return sortPurchaseListItems(items, sort, order);
}

/**
 * A requested quantity as it is stored: three decimals at most; for a product sold in whole units only, rounded to
 * a whole number (never below `minimum`) with a notice (SPEC §5).
 */
export function settleQuantity(
  product: Pick<ProductRow, 'wholeUnitsOnly'>,
  requested: number,
  minimum: 0 | 1,
): { quantity: number; messages: ListMessage[] } {
  if (!product.wholeUnitsOnly) {
    return { quantity: Math.max(minimum === 1 ? 0.001 : 0, Math.round(requested * 1000) / 1000), messages: [] };
  }
  const quantity = Math.max(minimum, Math.round(requested));
  if (quantity === requested) return { quantity, messages: [] };
  return {
    quantity,
    messages: [
      { code: 'QuantityRounded', message: errorText('QuantityRounded').replace('{{quantity}}', String(quantity)) },
    ],
  };
}

function lookupField(body: AddPurchaseListItemBody): 'productId' | 'articleNumber' | 'ean' {
  if (body.productId !== undefined) return 'productId';
  if (body.ean !== undefined) return 'ean';
  return 'articleNumber';
}

/**
 * Purchase lists ("inköpslistor") of a company. Every call checks that the user may act for the list's company
 * (docs/decisions/0005); a list of another company answers 404 PurchaseListNotFound, so ids cannot be probed.
 * Written against `DbOrTx`: the routes build it on the idempotency transaction for changes.
 */
export function createPurchaseListService(db: DbOrTx, companyService: CompanyService) {
  const listNotFound = () => notFound('PurchaseListNotFound');
  const itemNotFound = () => notFound('PurchaseListItemNotFound');

  async function listRow(id: string): Promise<ListRow | undefined> {
    const [row] = await db
      .select(listColumns)
      .from(purchaseLists)
      .innerJoin(companies, eq(companies.id, purchaseLists.companyId))
      .leftJoin(users, eq(users.id, purchaseLists.createdBy))
      .where(eq(purchaseLists.id, id))
      .limit(1);
    return row;
  }

  /** The list if the user may act for its company, else 404 (reads). */
  async function accessibleList(user: AuthUser, id: string): Promise<ListRow> {
    if (!UUID.test(id)) throw listNotFound();
    const row = await listRow(id);
    if (!row) throw listNotFound();
    try {
      await companyService.companyForUser(user, row.companyCode);
    } catch (error) {
      if (error instanceof AppError) throw listNotFound();
      throw error;
    }
    return row;
  }

  /**
   * For a change: locks the list row until the end of the transaction (changes to one list, and its deletion, happen
   * one after the other) and checks access in the same statement; 404 if it is missing or not the user's.
   */
  async function lockAccessibleList(user: AuthUser, id: string): Promise<void> {
    if (!UUID.test(id)) throw listNotFound();
    const [row] = await db
      .select({ allowed: mayActFor(user, purchaseLists, purchaseLists.companyId) })
      .from(purchaseLists)
      .where(eq(purchaseLists.id, id))
      .for('update');
    if (!row?.allowed) throw listNotFound();
  }

  async function itemRows(listId: string, itemId?: string): Promise<PurchaseListItem[]> {
    const rows = await db
      .select(itemColumns)
      .from(purchaseListItems)
      .innerJoin(products, eq(products.id, purchaseListItems.productId))
      .where(
        itemId === undefined
          ? eq(purchaseListItems.listId, listId)
          : and(eq(purchaseListItems.listId, listId), eq(purchaseListItems.id, itemId)),
      );
    return (rows as ItemRow[]).map(toItem);
  }

  async function detailOf(id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListDetail> {
    const row = await listRow(id);
    if (!row) throw listNotFound();
    return { ...toList(row), items: sortItems(await itemRows(id), sort) };
  }

  async function itemOf(listId: string, itemId: string): Promise<PurchaseListItem> {
    const [item] = await itemRows(listId, itemId);
    if (!item) throw itemNotFound();
    return item;
  }

  async function touch(listId: string, now: Date) {
    await db.update(purchaseLists).set({ updatedAt: now }).where(eq(purchaseLists.id, listId));
  }

  async function findProduct(body: AddPurchaseListItemBody): Promise<ProductRow> {
    const columns = { id: products.id, wholeUnitsOnly: products.wholeUnitsOnly };
    const where =
      body.productId !== undefined
        ? eq(products.id, body.productId)
        : body.ean !== undefined
          ? or(eq(products.gtinPiece, body.ean), eq(products.gtinCarton, body.ean))
          : eq(products.sku, body.articleNumber ?? '');
    const [product] = await db.select(columns).from(products).where(where).orderBy(products.sku).limit(1);
    if (!product) {
      throw new AppError(404, 'ProductNotFound', undefined, [
        { path: lookupField(body), message: errorText('ProductNotFound') },
      ]);
    }
    return product;
  }

  return {
    /** The company's lists, in Swedish name order. */
    async listForCompany(user: AuthUser, companyCode: string): Promise<PurchaseList[]> {
      const company = await companyService.companyForUser(user, companyCode);
      const rows = await db
        .select(listColumns)
        .from(purchaseLists)
        .innerJoin(companies, eq(companies.id, purchaseLists.companyId))
        .leftJoin(users, eq(users.id, purchaseLists.createdBy))
        .where(eq(purchaseLists.companyId, company.id));
      return rows.map(toList).sort(comparePurchaseLists);
    },

    async detail(user: AuthUser, id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListDetail> {
      await accessibleList(user, id);
      return detailOf(id, sort);
    },

    async items(user: AuthUser, id: string, sort: ItemSort = DEFAULT_SORT): Promise<PurchaseListItem[]> {
      await accessibleList(user, id);
      return sortItems(await itemRows(id), sort);
    },

    /**
     * Creates a list. A client id that already exists with the same company and name is a resend of this create
     * (its answer got lost): it answers with the list as it is now. Any other use of an existing id is 409.
     */
    async create(user: AuthUser, body: CreatePurchaseListBody, now = new Date()): Promise<PurchaseListDetail> {
      const company = await companyService.companyForUser(user, body.companyCode);
      const inserted = await db
        .insert(purchaseLists)
        .values({
          ...(body.id ? { id: body.id } : {}),
          companyId: company.id,
          createdBy: user.id,
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
          .select({ companyId: purchaseLists.companyId, name: purchaseLists.name })
          .from(purchaseLists)
          .where(eq(purchaseLists.id, id));
        if (!existing || existing.companyId !== company.id || existing.name !== body.name) {
          throw conflict('ClientIdTaken');
        }
      }
      return detailOf(id);
    },

    async rename(user: AuthUser, id: string, name: string, now = new Date()): Promise<PurchaseListDetail> {
      await lockAccessibleList(user, id);
      await db.update(purchaseLists).set({ name, updatedAt: now }).where(eq(purchaseLists.id, id));
      return detailOf(id);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await lockAccessibleList(user, id);
      await db.delete(purchaseLists).where(eq(purchaseLists.id, id));
    },

    /**
     * Adds an article by product id, article number (SKU) or EAN (piece or carton GTIN). An article already in the
     * list is refused (409 ArticleAlreadyInList, the spec's hint). A client id that already exists for the same list
     * and article answers with that item (a resend); any other use of it is 409 ClientIdTaken.
     */
    async addItem(
      user: AuthUser,
      listId: string,
      body: AddPurchaseListItemBody,
      now = new Date(),
    ): Promise<PurchaseListItemAnswer> {
      await lockAccessibleList(user, listId);
      const product = await findProduct(body);
      if (body.id) {
        const [existing] = await db
          .select({ listId: purchaseListItems.listId, productId: purchaseListItems.productId })
          .from(purchaseListItems)
          .where(eq(purchaseListItems.id, body.id));
        if (existing) {
          if (existing.listId !== listId || existing.productId !== product.id) throw conflict('ClientIdTaken');
          return { ...(await itemOf(listId, body.id)), messages: [] };
        }
      }
      const { quantity, messages } = settleQuantity(product, body.quantity, 1);
      const inserted = await db
        .insert(purchaseListItems)
        .values({
          ...(body.id ? { id: body.id } : {}),
          listId,
          productId: product.id,
          quantity: String(quantity),
          addedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: purchaseListItems.id });
      const itemId = inserted[0]?.id;
      if (!itemId && body.id) {
        const [taken] = await db
          .select({ id: purchaseListItems.id })
          .from(purchaseListItems)
          .where(eq(purchaseListItems.id, body.id));
        if (taken) throw conflict('ClientIdTaken');
      }
      if (!itemId) {
        throw new AppError(409, 'ArticleAlreadyInList', undefined, [
          { path: lookupField(body), message: errorText('ArticleAlreadyInList') },
        ]);
      }
      await touch(listId, now);
      return { ...(await itemOf(listId, itemId)), messages };
    },

    async updateItem(
      user: AuthUser,
      listId: string,
      itemId: string,
      requested: number,
      now = new Date(),
    ): Promise<PurchaseListItemAnswer> {
      await lockAccessibleList(user, listId);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [row] = await db
        .select({ wholeUnitsOnly: products.wholeUnitsOnly })
        .from(purchaseListItems)
        .innerJoin(products, eq(products.id, purchaseListItems.productId))
        .where(and(eq(purchaseListItems.id, itemId), eq(purchaseListItems.listId, listId)));
      if (!row) throw itemNotFound();
      const { quantity, messages } = settleQuantity(row, requested, 0);
      await db
        .update(purchaseListItems)
        .set({ quantity: String(quantity) })
        .where(and(eq(purchaseListItems.id, itemId), eq(purchaseListItems.listId, listId)));
      await touch(listId, now);
      return { ...(await itemOf(listId, itemId)), messages };
    },

    async removeItem(user: AuthUser, listId: string, itemId: string, now = new Date()): Promise<void> {
      await lockAccessibleList(user, listId);
      if (!UUID.test(itemId)) throw itemNotFound();
      const removed = await db
        .delete(purchaseListItems)
        .where(and(eq(purchaseListItems.id, itemId), eq(purchaseListItems.listId, listId)))
        .returning({ id: purchaseListItems.id });
      if (removed.length === 0) throw itemNotFound();
      await touch(listId, now);
    },

    /** Every item's quantity back to 0, the articles kept: the list is ready for the next order. */
    async reset(user: AuthUser, listId: string, now = new Date()): Promise<PurchaseListDetail> {
      await lockAccessibleList(user, listId);
      await db.update(purchaseListItems).set({ quantity: '0' }).where(eq(purchaseListItems.listId, listId));
      await touch(listId, now);
      return detailOf(listId);
    },
  };
}
