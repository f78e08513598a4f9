/** The statements of adding an article to a list by EAN or article number, prepared once per service (decision 0068). */
import { and, eq, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { products, purchaseListItems, purchaseLists } from '../../db/schema';
import type { AddPurchaseListItemBody } from '../../../contract/purchase-lists';
import { AppError } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { itemColumns, lookupField, type ProductRow } from './rows';

const placeholder = sql.placeholder;

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

export const productNotFound = (body: AddPurchaseListItemBody) =>
  new AppError(404, 'ProductNotFound', undefined, [{ path: lookupField(body), message: errorText('ProductNotFound') }]);

/**
 * What an add by EAN or article number needs, the list locked first (`lockList`: 404 when it is not the company's):
 * the product, and the product of the list's item with the client's id (null: none). An add by product id — as the
 * phone adds — is one statement of its own (./add-by-product.ts).
 */
export function addTargetOn(db: DbOrTx, lockList: (company: CompanyRow, id: string) => Promise<void>) {
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
    await lockList(company, listId);
    const product = await findProduct(body);
    if (!body.id) return { product, existing: null };
    const [existing] = await db
      .select({ productId: purchaseListItems.productId })
      .from(purchaseListItems)
      .where(and(eq(purchaseListItems.id, body.id), eq(purchaseListItems.listId, listId)));
    return { product, existing: existing?.productId ?? null };
  };
}
