import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderRows, orders, products } from '../../db/schema';
import type { PopularArticle, PopularArticlesResponse } from '../../../contract/orders';
import type { CompanyRow } from '../../plugins/access';
import { plusDays, stockholmInstant, todayIn } from '../cart/delivery';
import type { CartService } from '../cart/service';

/** The period popular articles are counted over when the query gives none. */
export const POPULAR_DEFAULT_DAYS = 365;

/** A row's quantity in the product's own unit (a carton is piecesPerCarton pieces). */
const quantityInProductUnit = sql<string>`sum(case
  when ${orderRows.unit} = ${products.unit} then ${orderRows.quantity}
  when ${orderRows.unit} = 'carton' then ${orderRows.quantity} * ${products.piecesPerCarton}
  else ${orderRows.quantity} / greatest(${products.piecesPerCarton}, 1) end)`;

export type PopularService = ReturnType<typeof createPopularService>;

/**
 * "Populära artiklar": what a company orders most, with the products as they are now. It receives the company the
 * route's access hook established (decision 0052) and counts that company's orders only.
 */
export function createPopularService(db: DbOrTx, carts: CartService, clock: () => Date) {
  return {
    async forCompany(
      company: CompanyRow,
      query: { from?: string | undefined; to?: string | undefined; limit: number },
    ): Promise<PopularArticlesResponse> {
      const ctx = { company, now: clock() };
      const to = query.to ?? todayIn(ctx.now);
      const from = query.from ?? plusDays(to, -POPULAR_DEFAULT_DAYS);
      const orderCount = sql<number>`count(distinct ${orders.id})::int`;
      const rows = await db
        .select({
          productId: orderRows.productId,
          quantity: quantityInProductUnit,
          orderCount,
          lastOrdered: sql<string>`max(${orders.orderDate})`,
        })
        .from(orderRows)
        .innerJoin(orders, eq(orders.id, orderRows.orderId))
        .innerJoin(products, eq(products.id, orderRows.productId))
        .where(
          and(
            eq(orders.companyId, ctx.company.id),
            gte(orders.orderDate, stockholmInstant(`${from}T00:00:00`)),
            lt(orders.orderDate, stockholmInstant(`${plusDays(to, 1)}T00:00:00`)),
          ),
        )
        .groupBy(orderRows.productId)
        .orderBy(desc(orderCount), desc(quantityInProductUnit), orderRows.productId)
        .limit(query.limit);
      const snapshots = await carts.snapshots(
        ctx,
        rows.map((r) => r.productId!),
      );
      const data: PopularArticle[] = [];
      for (const r of rows) {
        const snap = snapshots.get(r.productId!);
        if (!snap) continue;
        data.push({
          product: snap.product,
          quantity: Math.round(Number(r.quantity) * 1000) / 1000,
          unit: snap.product.unit,
          orderCount: r.orderCount,
          lastOrdered: new Date(r.lastOrdered).toISOString(),
          price: snap.price,
          priceKind: snap.kind,
        });
      }
      return { from, to, data };
    },
  };
}
