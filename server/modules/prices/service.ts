import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/ambient';
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
 * The products and the company's price rows of them in one round trip, prepared once (decision 0068): one row per
 * product and price row (the product alone when it has none), grouped here. Built on the database, not a transaction:
 * prices are only read. Aggregating the rows as JSON in the query cost the database more than the plain join, and the
 * app as much again to parse it (second round).
 */
function pricesQuery(db: DbOrTx) {
  return db
    .select({
      id: products.id,
      publicPrice: products.publicPrice,
      comparisonPrice: products.comparisonPrice,
      priceValidUntil: products.priceValidUntil,
      kind: companyPrices.kind,
      price: companyPrices.price,
      validFrom: companyPrices.validFrom,
      validTo: companyPrices.validTo,
    })
    .from(products)
    .leftJoin(
      companyPrices,
      and(eq(companyPrices.productId, products.id), eq(companyPrices.companyId, sql.placeholder('companyId'))),
    )
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('prices_for_company');
}

type Product = Parameters<typeof customerPrice>[0];

export function createPriceService(db: DbOrTx) {
  const prepared = preparedOnce(() => pricesQuery(db));
  return {
    /** Prices of the given products for one company (already authorised by the caller); unknown ids are left out. */
    async forCompany(companyId: string, productIds: string[], now = new Date()): Promise<CustomerPrice[]> {
      if (productIds.length === 0) return [];
      const joined = await prepared().execute({ companyId, ids: productIds });
      const found = new Map<string, { product: Product; rows: PriceRow[] }>();
      for (const { id, publicPrice, comparisonPrice, priceValidUntil, kind, price, validFrom, validTo } of joined) {
        let entry = found.get(id);
        if (!entry)
          found.set(id, (entry = { product: { id, publicPrice, comparisonPrice, priceValidUntil }, rows: [] }));
        if (kind !== null && price !== null) entry.rows.push({ productId: id, kind, price, validFrom, validTo });
      }
      const day = stockholmToday(now);
      // In the order asked, each product once.
      const answer: CustomerPrice[] = [];
      for (const id of productIds) {
        const entry = found.get(id);
        if (!entry) continue;
        found.delete(id);
        answer.push(customerPrice(entry.product, entry.rows, day));
      }
      return answer;
    },
  };
}
