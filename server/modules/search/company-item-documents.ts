import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyPrices } from '../../db/schema';
import type { CompanyItemDocument } from '../../../contract/search';
import { stockholmToday } from '../catalog/service';
import { loadProductDocuments } from './product-documents';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const dateSeconds = (day: string) => seconds(new Date(`${day}T00:00:00Z`));

/**
 * A company's tender items and running campaigns (valid today) as product documents priced for the company; all
 * companies' when `companyId` is not given.
 */
export async function loadCompanyItemDocuments(
  db: DbOrTx,
  options: { companyId?: string; productIds?: string[]; now?: Date } = {},
): Promise<{ tenderItems: CompanyItemDocument[]; campaigns: CompanyItemDocument[] }> {
  const today = stockholmToday(options.now);
  const rows = await db
    .select({
      companyId: companyPrices.companyId,
      productId: companyPrices.productId,
      kind: companyPrices.kind,
      price: companyPrices.price,
      validFrom: companyPrices.validFrom,
      validTo: companyPrices.validTo,
    })
    .from(companyPrices)
    .where(
      and(
        inArray(companyPrices.kind, ['tender', 'campaign']),
        options.companyId ? eq(companyPrices.companyId, options.companyId) : undefined,
        options.productIds ? inArray(companyPrices.productId, options.productIds) : undefined,
        or(isNull(companyPrices.validFrom), lte(companyPrices.validFrom, today)),
        or(isNull(companyPrices.validTo), gte(companyPrices.validTo, today)),
      ),
    )
    .orderBy(companyPrices.companyId, companyPrices.productId, sql`${companyPrices.kind}`);
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const byId = new Map((await loadProductDocuments(db, productIds)).map((d) => [d.id, d]));
  const tenderItems: CompanyItemDocument[] = [];
  const campaigns: CompanyItemDocument[] = [];
  for (const row of rows) {
    const product = byId.get(row.productId);
    if (!product || row.kind === 'agreement') continue;
    const list = product.smallest_unit.public_price;
    const ratio = list > 0 ? row.price / list : 1;
    const doc: CompanyItemDocument = {
      ...product,
      id: companyItemId(row.companyId, row.productId),
      company_id: row.companyId,
      product_id: row.productId,
      kind: row.kind,
      list_price: list,
      smallest_unit: {
        ...product.smallest_unit,
        public_price: row.price,
        comparison_price: Math.max(1, Math.round(product.smallest_unit.comparison_price * ratio)),
      },
      valid_from: row.validFrom ? dateSeconds(row.validFrom) : 0,
    };
    if (row.validTo) doc.valid_to = dateSeconds(row.validTo);
    (row.kind === 'tender' ? tenderItems : campaigns).push(doc);
  }
  return { tenderItems, campaigns };
}

/** Document id of a company item: one per company and product in each collection. */
export const companyItemId = (companyId: string, productId: string) => `${companyId}_${productId}`;
