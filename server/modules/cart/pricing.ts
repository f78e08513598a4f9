import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyPrices, products } from '../../db/schema';
import type { CartItem, CartProduct } from '../../../contract/cart';
import type { PriceKind } from '../../../contract/catalog';
import { rowTotalOf } from '../../../contract/rules/order-totals';
import { convertPrice } from '../../../contract/rules/units';
import { customerPrice, type PriceRow } from '../prices/service';
import type { PricingContext } from './context';
import { productColumns, productView, replacementProducts, type Contents, type ProductColumns } from './contents';
import { todayIn } from './delivery';

/** Today's company price of each product (per the product's own unit), by product id. */
function priceBook(ctx: PricingContext, rows: readonly ProductColumns[], priceRows: readonly PriceRow[]) {
  const byProduct = new Map<string, PriceRow[]>();
  for (const row of priceRows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  const today = todayIn(ctx.now);
  const book = new Map<string, { price: number; kind: PriceKind }>();
  for (const r of rows) {
    if (book.has(r.productId)) continue;
    const price = customerPrice(
      {
        id: r.productId,
        publicPrice: r.publicPrice,
        comparisonPrice: r.comparisonPrice,
        priceValidUntil: r.priceValidUntil,
      },
      byProduct.get(r.productId) ?? [],
      today,
    );
    book.set(r.productId, { price: price.price, kind: price.kind });
  }
  return book;
}

/**
 * Lines with today's company prices (the A-price per line unit) and row totals — by the rules the phone estimates a
 * line with (contract/rules: convertPrice, rowTotalOf).
 */
export function pricedItems(ctx: PricingContext, { lines, prices }: Contents): CartItem[] {
  const book = priceBook(ctx, lines, prices);
  const today = todayIn(ctx.now);
  return lines.map((r) => {
    const price = book.get(r.productId)!;
    const quantity = Number(r.quantity);
    const aPrice = convertPrice(price.price, r.productUnit, r.unit, r.piecesPerCarton);
    return {
      itemId: r.itemId,
      lineNumber: r.lineNumber,
      productId: r.productId,
      product: productView(r, today),
      quantity,
      unit: r.unit,
      aPrice,
      listPrice: convertPrice(r.publicPrice, r.productUnit, r.unit, r.piecesPerCarton),
      priceKind: price.kind,
      rowTotal: rowTotalOf(aPrice, quantity),
      addedAt: new Date(r.addedAt).toISOString(),
    };
  });
}

async function pricesOf(db: DbOrTx, companyId: string, productIds: string[]): Promise<PriceRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: companyPrices.productId,
      kind: companyPrices.kind,
      price: companyPrices.price,
      validFrom: companyPrices.validFrom,
      validTo: companyPrices.validTo,
    })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, productIds)));
}

/**
 * Products (the catalog's, of every company) as a cart line shows them, with today's company price per the product's
 * unit (unknown ids left out).
 */
export async function snapshots(db: DbOrTx, ctx: PricingContext, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, { product: CartProduct; price: number; kind: PriceKind }>();
  const [rows, priceRows] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .leftJoin(replacementProducts, eq(replacementProducts.id, products.replacementProductId))
      .where(inArray(products.id, productIds)) as Promise<ProductColumns[]>,
    pricesOf(db, ctx.company.id, productIds),
  ]);
  const book = priceBook(ctx, rows, priceRows);
  const today = todayIn(ctx.now);
  return new Map(
    rows.map((r) => [r.productId, { product: productView(r, today), ...book.get(r.productId)! }] as const),
  );
}
