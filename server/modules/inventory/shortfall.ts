/** Par levels → order: the items counted below their par level and what to put in the cart for each. */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import type { InventoryUnit, ShortfallLine } from '../../../contract/inventory';
import { toMilli, toMilliPieces } from '../../../contract/rules/count';
import type { CompanyRow } from '../../plugins/access';
import type { InventoryScope } from './scope';

export function inventoryShortfallCalls(db: DbOrTx, scope: InventoryScope) {
  const { listOf, sortedItems } = scope;

  return {
    async shortfall(company: CompanyRow, listId: string): Promise<ShortfallLine[]> {
      await listOf(company.id, listId);
      const items = (await sortedItems(company.id, listId, {})).filter(
        (i) => i.parLevel !== null && toMilli(i.quantity) < toMilli(i.parLevel),
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
        const shortMilli = toMilli(parLevel) - toMilli(i.quantity);
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
  };
}
