/** What a purchase list and its items are read as, and how a requested quantity is stored. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, products, purchaseListItems, purchaseLists, users } from '../../db/schema';
import type {
  AddPurchaseListItemBody,
  ListMessage,
  PurchaseList,
  PurchaseListItem,
} from '../../../contract/purchase-lists';
import { settleRequest, type QuantityMinimum } from '../../../contract/rules/quantity';
import { errorText } from '../../lib/i18n';

/** The number of items of the list of the outer query. */
const itemCount = sql<number>`(select count(*)::int from ${purchaseListItems} where ${purchaseListItems.listId} = ${purchaseLists.id})`;

export const listColumns = {
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

export type ListRow = {
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

export const itemColumns = {
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

export type ItemRow = Omit<PurchaseListItem, 'quantity' | 'addedAt' | 'imageUrl'> & {
  quantity: string;
  addedAt: Date;
  images: { url: string }[];
};

export type ProductRow = { id: string; wholeUnitsOnly: boolean };

/** A company's list by id (placeholders `id`, `companyId`), prepared once (decision 0068). */
export const prepareListRow = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(purchaseLists)
    .innerJoin(companies, eq(companies.id, purchaseLists.companyId))
    .leftJoin(users, eq(users.id, purchaseLists.createdBy))
    .where(and(eq(purchaseLists.id, sql.placeholder('id')), eq(purchaseLists.companyId, sql.placeholder('companyId'))))
    .limit(1)
    .prepare('purchase_list_row');

/** The item columns of a detail row, named apart from the list's (null on the one row of an empty list). */
const { id: itemId, name: productName, ...sharedItemColumns } = itemColumns;
const detailItemColumns = { itemId, productName, ...sharedItemColumns };

/**
 * An item's columns as a statement names them beside a list's: the detail read (`detailItemColumns`) and the add by
 * product id (./add-by-product.ts) alias theirs alike, so this one mapper turns either into an `ItemRow`.
 */
export type ItemColumnsRow = Omit<ItemRow, 'id' | 'name'> & { itemId: string; productName: string };

/** An `ItemRow` of an item's aliased columns, in the order of `itemColumns`, as a read of the item answers it. */
export function fromItemColumns(row: ItemColumnsRow): ItemRow {
  return {
    id: row.itemId,
    productId: row.productId,
    sku: row.sku,
    name: row.productName,
    brandName: row.brandName,
    unit: row.unit,
    piecesPerCarton: row.piecesPerCarton,
    quantity: row.quantity,
    addedAt: row.addedAt,
    gtinPiece: row.gtinPiece,
    gtinCarton: row.gtinCarton,
    images: row.images,
    stockStatus: row.stockStatus,
    discontinued: row.discontinued,
    wholeUnitsOnly: row.wholeUnitsOnly,
  };
}

/**
 * A company's list and its items in one round trip (placeholders `id`, `companyId`), prepared once (decision 0068,
 * second round): one row per item with the list's columns beside it, or one row without an item for an empty list,
 * none when the list is not the company's. The item count is the rows', not a subquery per row.
 */
export const prepareDetailRows = (db: DbOrTx) => {
  const { itemCount: _count, ...list } = listColumns;
  return db
    .select({ ...list, ...detailItemColumns })
    .from(purchaseLists)
    .innerJoin(companies, eq(companies.id, purchaseLists.companyId))
    .leftJoin(users, eq(users.id, purchaseLists.createdBy))
    .leftJoin(purchaseListItems, eq(purchaseListItems.listId, purchaseLists.id))
    .leftJoin(products, eq(products.id, purchaseListItems.productId))
    .where(and(eq(purchaseLists.id, sql.placeholder('id')), eq(purchaseLists.companyId, sql.placeholder('companyId'))))
    .prepare('purchase_list_detail');
};

type DetailRow = Awaited<ReturnType<ReturnType<typeof prepareDetailRows>['execute']>>[number];

/** The list and its items of the detail rows (undefined: no such list of the company). */
export function fromDetailRows(rows: DetailRow[]): { list: ListRow; items: PurchaseListItem[] } | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const items: PurchaseListItem[] = [];
  for (const row of rows) {
    if (row.itemId === null) continue;
    // An item row: its columns are all there (only an empty list has a row without one).
    items.push(toItem(fromItemColumns(row as ItemColumnsRow)));
  }
  const list: ListRow = {
    id: first.id,
    companyId: first.companyId,
    companyCode: first.companyCode,
    name: first.name,
    itemCount: items.length,
    createdAt: first.createdAt,
    updatedAt: first.updatedAt,
    firstName: first.firstName,
    lastName: first.lastName,
  };
  return { list, items };
}

/** A list's items with their products (placeholder `listId`), prepared once (decision 0068). */
export const prepareItemRows = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(purchaseListItems)
    .innerJoin(products, eq(products.id, purchaseListItems.productId))
    .where(eq(purchaseListItems.listId, sql.placeholder('listId')))
    .prepare('purchase_list_items');

export function toList(row: ListRow): PurchaseList {
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

export function toItem({ images, ...row }: ItemRow): PurchaseListItem {
  return {
    ...row,
    quantity: Number(row.quantity),
    addedAt: row.addedAt.toISOString(),
    imageUrl: images[0]?.url ?? null,
  };
}

/**
 * A requested quantity as it is stored, by the rule the phone applies too (contract/rules/quantity.ts): `minimum` 1
 * when an item is added, 0 when its quantity is set. Rounding to whole units comes with a notice (SPEC §5).
 */
export function settleListQuantity(
  product: Pick<ProductRow, 'wholeUnitsOnly'>,
  requested: number,
  minimum: QuantityMinimum,
): { quantity: number; messages: ListMessage[] } {
  const { quantity, rounded } = settleRequest(product.wholeUnitsOnly, requested, minimum);
  if (!rounded) return { quantity, messages: [] };
  return {
    quantity,
    messages: [
      { code: 'QuantityRounded', message: errorText('QuantityRounded').replace('{{quantity}}', String(quantity)) },
    ],
  };
}

export function lookupField(body: AddPurchaseListItemBody): 'productId' | 'articleNumber' | 'ean' {
  if (body.productId !== undefined) return 'productId';
  if (body.ean !== undefined) return 'ean';
  return 'articleNumber';
}
