/** The statements of adding an article to a list, each prepared once per service (decision 0068, second round). */
import { and, eq, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/ambient';
import { products, purchaseListItems, purchaseLists } from '../../db/schema';
import type { AddPurchaseListItemBody } from '../../../contract/purchase-lists';
import { AppError, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { itemColumns, lookupField, type ProductRow } from './rows';
import { UUID } from '../../lib/ids';

const placeholder = sql.placeholder;

/**
 * The company's list, locked until the transaction ends (changes to one list happen one after the other), with the
 * product named by id and the list's item with the client's id if there is one — one round trip where there were
 * three. Placeholders `listId`, `companyId`, `productId`, `itemId` (null without a client id). No row: not the
 * company's list; `productId` null: no such product.
 */
const prepareAddTarget = (db: DbOrTx) =>
  db
    .select({
      listId: purchaseLists.id,
      productId: products.id,
      wholeUnitsOnly: products.wholeUnitsOnly,
      existingProductId: purchaseListItems.productId,
    })
    .from(purchaseLists)
    .leftJoin(products, eq(products.id, placeholder('productId')))
    .leftJoin(
      purchaseListItems,
      and(eq(purchaseListItems.id, placeholder('itemId')), eq(purchaseListItems.listId, purchaseLists.id)),
    )
    .where(and(eq(purchaseLists.id, placeholder('listId')), eq(purchaseLists.companyId, placeholder('companyId'))))
    .for('update', { of: purchaseLists })
    .prepare('purchase_list_add_target');

/** The new item (placeholders `id` — null for a new one —, `listId`, `productId`, `quantity`, `addedAt`); no row: the
 * article or the id is taken. */
export const prepareInsertItem = (db: DbOrTx) =>
  db
    .insert(purchaseListItems)
    .values({
      id: sql`coalesce(${placeholder('id')}::uuid, gen_random_uuid())`,
      listId: placeholder('listId'),
      productId: placeholder('productId'),
      quantity: placeholder('quantity'),
      addedAt: placeholder('addedAt'),
    })
    .onConflictDoNothing()
    .returning({ id: purchaseListItems.id })
    .prepare('purchase_list_item_insert');

/** The list changed now (placeholders `listId`, `companyId`, `now`). */
export const prepareTouchList = (db: DbOrTx) =>
  db
    .update(purchaseLists)
    .set({ updatedAt: sql`${placeholder('now')}` })
    .where(and(eq(purchaseLists.id, placeholder('listId')), eq(purchaseLists.companyId, placeholder('companyId'))))
    .prepare('purchase_list_touch');

/** One item of a list with its product (placeholders `listId`, `itemId`). */
export const prepareItemRow = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(purchaseListItems)
    .innerJoin(products, eq(products.id, purchaseListItems.productId))
    .where(and(eq(purchaseListItems.listId, placeholder('listId')), eq(purchaseListItems.id, placeholder('itemId'))))
    .prepare('purchase_list_item');

const productNotFound = (body: AddPurchaseListItemBody) =>
  new AppError(404, 'ProductNotFound', undefined, [{ path: lookupField(body), message: errorText('ProductNotFound') }]);

/**
 * What an add needs, the list locked first (`lockList`: 404 when it is not the company's): the product, and the
 * product of the list's item with the client's id (null: none). By product id — as the phone adds — in one round
 * trip; by EAN or article number as before, in up to three.
 */
export function addTargetOn(db: DbOrTx, lockList: (company: CompanyRow, id: string) => Promise<void>) {
  const query = preparedOnce(() => prepareAddTarget(db));

  async function findProduct(body: AddPurchaseListItemBody): Promise<ProductRow> {
    const columns = { id: products.id, wholeUnitsOnly: products.wholeUnitsOnly };
    const where =
      body.ean !== undefined
        ? or(eq(products.gtinPiece, body.ean), eq(products.gtinCarton, body.ean))
        : eq(products.sku, body.articleNumber ?? '');
    const [product] = await db.select(columns).from(products).where(where).orderBy(products.sku).limit(1);
    if (!product) throw productNotFound(body);
    return product;
  }

  return async (
    company: CompanyRow,
    listId: string,
    body: AddPurchaseListItemBody,
  ): Promise<{ product: ProductRow; existing: string | null }> => {
    if (body.productId === undefined) {
      await lockList(company, listId);
      const product = await findProduct(body);
      if (!body.id) return { product, existing: null };
      const [existing] = await db
        .select({ productId: purchaseListItems.productId })
        .from(purchaseListItems)
        .where(and(eq(purchaseListItems.id, body.id), eq(purchaseListItems.listId, listId)));
      return { product, existing: existing?.productId ?? null };
    }
    if (!UUID.test(listId)) throw notFound('PurchaseListNotFound');
    const [row] = await query().execute({
      listId,
      companyId: company.id,
      productId: body.productId,
      itemId: body.id ?? null,
    });
    if (!row) throw notFound('PurchaseListNotFound');
    if (row.productId === null || row.wholeUnitsOnly === null) throw productNotFound(body);
    return { product: { id: row.productId, wholeUnitsOnly: row.wholeUnitsOnly }, existing: row.existingProductId };
  };
}
