import { and, eq, sql } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/client';
import { companyPrices, products } from '../../db/schema';
import type { CustomerPrice } from '../../../contract/catalog';
import { stockholmToday } from '../catalog/service';

/** One company price of a product, as the price rules read it. */
export type PriceRow = {
  productId: string;
  kind: 'agreement' | 'campaign' | 'tender';
  price: number;
  validFrom: string | null;
  validTo: string | null;
};

/** A company price is valid on `day` when the day is within its (inclusive, open-ended when null) range. */
export function validOn(row: Pick<PriceRow, 'validFrom' | 'validTo'>, day: string): boolean {
  return (row.validFrom === null || row.validFrom <= day) && (row.validTo === null || row.validTo >= day);
}

/**
 * The price a company pays for a product on a day: the lowest of its agreement, campaign and tender prices valid that
 * day, else (none valid) the public list price. The comparison price follows the same ratio (rounded to the öre).
 */
export function customerPrice(
  product: { id: string; publicPrice: number; comparisonPrice: number; priceValidUntil: string | null },
  rows: PriceRow[],
  day: string,
): CustomerPrice {
  let best: PriceRow | undefined;
  for (const row of rows) {
    if (!validOn(row, day)) continue;
    if (!best || row.price < best.price) best = row;
  }
  if (!best) {
    return {
      productId: product.id,
      price: product.publicPrice,
      comparisonPrice: product.comparisonPrice,
      kind: 'list',
      validTo: product.priceValidUntil,
      listPrice: product.publicPrice,
    };
  }
  const ratio = product.publicPrice > 0 ? best.price / product.publicPrice : 1;
  return {
    productId: product.id,
    price: best.price,
    comparisonPrice: Math.max(1, Math.round(product.comparisonPrice * ratio)),
    kind: best.kind,
    validTo: best.validTo,
    listPrice: product.publicPrice,
  };
}

export type PriceService = ReturnType<typeof createPriceService>;

/**
 * The products and the company's price rows of them in one round trip, prepared once (decision 0068): the rows of a
 * product come aggregated beside it. Built on the database, not a transaction: prices are only read.
 */
function pricesQuery(db: DbOrTx) {
  const rows = sql<PriceRow[]>`coalesce(json_agg(json_build_object(
      'productId', ${companyPrices.productId}, 'kind', ${companyPrices.kind}, 'price', ${companyPrices.price},
      'validFrom', ${companyPrices.validFrom}, 'validTo', ${companyPrices.validTo}
    )) filter (where ${companyPrices.productId} is not null), '[]'::json)`;
  return db
    .select({
      id: products.id,
      publicPrice: products.publicPrice,
      comparisonPrice: products.comparisonPrice,
      priceValidUntil: products.priceValidUntil,
      rows,
    })
    .from(products)
    .leftJoin(
      companyPrices,
      and(eq(companyPrices.productId, products.id), eq(companyPrices.companyId, sql.placeholder('companyId'))),
    )
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .groupBy(products.id)
    .prepare('prices_for_company');
}

export function createPriceService(db: DbOrTx) {
  const prepared = preparedOnce(() => pricesQuery(db));
  return {
    /** Prices of the given products for one company (already authorised by the caller); unknown ids are left out. */
    async forCompany(companyId: string, productIds: string[], now = new Date()): Promise<CustomerPrice[]> {
      if (productIds.length === 0) return [];
      const items = await prepared().execute({ companyId, ids: productIds });
      const day = stockholmToday(now);
      const order = new Map(productIds.map((id, i) => [id, i]));
      return items
        .map(({ rows, ...p }) => customerPrice(p, rows, day))
        .sort((a, b) => (order.get(a.productId) ?? 0) - (order.get(b.productId) ?? 0));
    },
  };
}
