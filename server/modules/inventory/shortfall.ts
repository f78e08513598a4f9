/** Par levels → order: the items counted below their par level and what to put in the cart for each. */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { ShortfallLine } from '../../../contract/inventory';
import { parLevelOrder } from '../../../contract/rules/count';
import type { CompanyRow } from '../../plugins/access';
import type { InventoryScope } from './scope';

export function inventoryShortfallCalls(db: DbOrTx, scope: InventoryScope) {
  const { listOf, sortedItems } = scope;

  return {
    async shortfall(company: CompanyRow, listId: string): Promise<ShortfallLine[]> {
      await listOf(company.id, listId);
      const items = (await sortedItems(company.id, listId, {})).filter((i) => parLevelOrder(i, null) !== null);
      const ids = items.flatMap((i) => (i.productId ? [i.productId] : []));
      const catalogue = ids.length
        ? await db
            .select({ id: products.id, wholeUnitsOnly: products.wholeUnitsOnly })
            .from(products)
            .where(inArray(products.id, ids))
        : [];
      const byId = new Map(catalogue.map((p) => [p.id, p]));
      return items.map((i) => {
        const product = i.productId ? byId.get(i.productId) : undefined;
        const order = parLevelOrder(i, product ?? null)!;
        return {
          itemId: i.id,
          productId: i.productId,
          companyProductId: i.companyProductId,
          articleNumber: i.articleNumber,
          name: i.name,
          unit: i.unit,
          piecesPerCarton: i.piecesPerCarton,
          quantity: i.quantity,
          parLevel: i.parLevel as number,
          ...order,
        };
      });
    },
  };
}
