/** A list item's quantity set in one statement (decision 0071, fourth round). */
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { products, purchaseListItems } from '../../db/schema';
import { itemColumns, settleListQuantity } from './rows';

const placeholder = sql.placeholder;

/**
 * Sets the quantity of the list's item and answers the item with its product (placeholders `listId`, `itemId`,
 * `whole`, `part`); no row: no such item in the list. How a quantity is stored depends on the item's product (whole
 * units only or not), which the statement itself finds: it is given both settlings and keeps the one for the product,
 * so the rule stays in contract/rules/quantity.ts and a change is one statement, where it was a read and an update.
 */
export const prepareSetQuantity = (db: DbOrTx) =>
  db
    .update(purchaseListItems)
    .set({
      quantity: sql`case when ${products.wholeUnitsOnly} then ${placeholder('whole')}::numeric else ${placeholder('part')}::numeric end`,
    })
    .from(products)
    .where(
      and(
        eq(purchaseListItems.id, placeholder('itemId')),
        eq(purchaseListItems.listId, placeholder('listId')),
        eq(products.id, purchaseListItems.productId),
      ),
    )
    .returning(itemColumns)
    .prepare('purchase_list_item_quantity');

/** The placeholders `whole` and `part` of `prepareSetQuantity`: the requested quantity as each kind of product keeps it. */
export const settlings = (requested: number) => ({
  whole: String(settleListQuantity({ wholeUnitsOnly: true }, requested, 0).quantity),
  part: String(settleListQuantity({ wholeUnitsOnly: false }, requested, 0).quantity),
});
