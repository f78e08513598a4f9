/**
 * The offline article index (docs/decisions/0027): the company's assortment — products it ordered, has a company
 * price for, or has in an inventory list — and its own articles, with the company's price and last placement.
 */
import { createHash } from 'node:crypto';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companyPrices,
  companyProducts,
  inventoryListItems,
  inventoryLists,
  orderRows,
  orders,
  products,
} from '../../db/schema';
import type { ArticleIndexResponse, IndexedArticle } from '../../../contract/inventory';
import type { CompanyRow } from '../../plugins/access';
import { createPriceService } from '../prices/service';

export function inventoryArticleIndexCalls(db: DbOrTx) {
  return {
    /**
     * The offline article index (docs/decisions/0027): the company's assortment — products it ordered, has a company
     * price for, or has in an inventory list — and its own articles. `version` is a hash of the content.
     */
    async articleIndex(company: CompanyRow, now = new Date()): Promise<ArticleIndexResponse> {
      const assortment = await db
        .selectDistinct({ id: products.id })
        .from(products)
        .where(
          or(
            inArray(
              products.id,
              db
                .select({ id: orderRows.productId })
                .from(orderRows)
                .innerJoin(orders, eq(orders.id, orderRows.orderId))
                .where(eq(orders.companyId, company.id)),
            ),
            inArray(
              products.id,
              db
                .select({ id: companyPrices.productId })
                .from(companyPrices)
                .where(eq(companyPrices.companyId, company.id)),
            ),
            inArray(
              products.id,
              db
                .select({ id: inventoryListItems.productId })
                .from(inventoryListItems)
                .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
                .where(eq(inventoryLists.companyId, company.id)),
            ),
          ),
        );
      const ids = assortment.map((r) => r.id);
      const [rows, prices, own, placements] = await Promise.all([
        ids.length
          ? db
              .select({
                id: products.id,
                sku: products.sku,
                slug: products.slug,
                name: products.name,
                unit: products.unit,
                piecesPerCarton: products.piecesPerCarton,
                gtinPiece: products.gtinPiece,
                gtinCarton: products.gtinCarton,
              })
              .from(products)
              .where(inArray(products.id, ids))
          : Promise.resolve([]),
        createPriceService(db).forCompany(company.id, ids, now),
        db.select().from(companyProducts).where(eq(companyProducts.companyId, company.id)),
        db
          .select({
            articleNumber: inventoryListItems.articleNumber,
            account: inventoryListItems.account,
            zone: inventoryListItems.zone,
            walkPosition: inventoryListItems.walkPosition,
          })
          .from(inventoryListItems)
          .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
          .where(eq(inventoryLists.companyId, company.id))
          .orderBy(asc(inventoryLists.createdAt), asc(inventoryListItems.createdAt)),
      ]);
      const priceOf = new Map(prices.map((p) => [p.productId, p.price]));
      // Later lists overwrite earlier ones: the last placement wins.
      const placed = new Map(placements.map((p) => [p.articleNumber, p]));
      const articles: IndexedArticle[] = [
        ...rows.map((p) => ({
          kind: 'product' as const,
          id: p.id,
          articleNumber: p.sku,
          name: p.name,
          slug: p.slug,
          unit: p.unit,
          piecesPerCarton: p.piecesPerCarton,
          gtinPiece: p.gtinPiece,
          gtinCarton: p.gtinCarton,
          price: priceOf.get(p.id) ?? 0,
          zone: placed.get(p.sku)?.zone ?? null,
          account: placed.get(p.sku)?.account ?? null,
          walkPosition: placed.get(p.sku)?.walkPosition ?? null,
        })),
        ...own.map((o) => ({
          kind: 'own' as const,
          id: o.id,
          articleNumber: o.articleNumber,
          name: o.name,
          slug: null,
          unit: o.unit,
          piecesPerCarton: o.piecesPerCarton,
          gtinPiece: o.gtin,
          gtinCarton: null,
          price: o.price,
          zone: placed.get(o.articleNumber)?.zone ?? o.zone,
          account: placed.get(o.articleNumber)?.account ?? o.account,
          // The own article's zone (no placement yet) has no place in a walk.
          walkPosition: placed.get(o.articleNumber)?.walkPosition ?? null,
        })),
      ].sort((a, b) => (a.articleNumber < b.articleNumber ? -1 : a.articleNumber > b.articleNumber ? 1 : 0));
      const version = createHash('sha256').update(JSON.stringify(articles)).digest('base64url').slice(0, 22);
      return { companyCode: company.code, version, generatedAt: now.toISOString(), articles };
    },
  };
}
