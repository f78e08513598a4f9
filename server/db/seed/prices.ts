import type { companyPrices } from '../schema';
import type { CompanyInfo } from './companies';
import type { ProductInfo } from './products';
import type { Rng } from './rng';
import { addDays, isoDate, startOfUtcDay } from './util';

type Kind = 'agreement' | 'campaign' | 'tender';
type PriceRow = typeof companyPrices.$inferInsert;

/** Company prices per company id and product id, to price order rows and inventory items consistently. */
export type PriceBook = Map<string, Map<string, PriceRow[]>>;

export type PriceResult = { rows: PriceRow[]; book: PriceBook };

/** Types of business that buy through public tenders (upphandling). */
const TENDER_TYPES = new Set(['school', 'care']);

function discounted(rng: Rng, price: number, min: number, max: number): number {
  return Math.max(1, Math.round((price * (1 - rng.float(min, max))) / 10) * 10);
}

/**
 * Agreement prices on 10–20 % of the catalogue (5–15 % below list, mostly on what the company buys), a few campaign
 * prices (15–30 % below list, running now or just ended) and, for schools, care homes and a few others, tender
 * articles (10–20 % below list, two-year contracts).
 */
export function makeCompanyPrices(
  rng: Rng,
  companies: CompanyInfo[],
  products: ProductInfo[],
  assortments: Map<string, ProductInfo[]>,
  now: Date,
): PriceResult {
  const today = startOfUtcDay(now);
  const orderable = products.filter((p) => !p.discontinued);
  const rows: PriceRow[] = [];
  const book: PriceBook = new Map();

  for (const company of companies) {
    const own = new Map<string, PriceRow[]>();
    book.set(company.id, own);
    const assortment = assortments.get(company.id) ?? [];
    const add = (product: ProductInfo, kind: Kind, price: number, validFrom: Date, validTo: Date | null) => {
      const list = own.get(product.id) ?? [];
      if (list.some((r) => r.kind === kind)) return;
      const row: PriceRow = {
        companyId: company.id,
        productId: product.id,
        kind,
        price,
        validFrom: isoDate(validFrom),
        validTo: validTo ? isoDate(validTo) : null,
      };
      list.push(row);
      own.set(product.id, list);
      rows.push(row);
    };

    // Agreement (price list): most of the regular assortment plus a random share of the rest.
    const target = Math.round(orderable.length * rng.float(0.1, 0.2));
    const fromAssortment = rng.sample(
      assortment,
      Math.min(Math.round(target * 0.6), Math.round(assortment.length * 0.7)),
    );
    const others = rng.sample(orderable, target - fromAssortment.length);
    for (const product of [...fromAssortment, ...others]) {
      const from = addDays(today, -rng.int(200, 420));
      add(
        product,
        'agreement',
        discounted(rng, product.publicPrice, 0.05, 0.15),
        from,
        rng.chance(0.3) ? addDays(today, rng.int(30, 300)) : null,
      );
    }

    // Campaigns: a handful running now, one that has just ended.
    const campaigns = rng.sample(assortment.length > 0 ? assortment : orderable, rng.int(3, 8));
    campaigns.forEach((product, i) => {
      const ended = i === 0;
      const from = ended ? addDays(today, -rng.int(30, 45)) : addDays(today, -rng.int(0, 10));
      const to = ended ? addDays(today, -rng.int(2, 20)) : addDays(today, rng.int(5, 25));
      add(product, 'campaign', discounted(rng, product.publicPrice, 0.15, 0.3), from, to);
    });

    // Tender articles.
    if (TENDER_TYPES.has(company.def.type) || rng.chance(0.2)) {
      const count = rng.int(20, 60);
      const tender = [
        ...rng.sample(assortment, Math.round(count * 0.7)),
        ...rng.sample(orderable, Math.round(count * 0.3)),
      ];
      const from = addDays(today, -rng.int(200, 400));
      for (const product of tender)
        add(product, 'tender', discounted(rng, product.publicPrice, 0.1, 0.2), from, addDays(from, 730));
    }
  }
  return { rows, book };
}

/** The price a company paid for a product on a date: the lowest valid company price, else the list price. */
export function priceOn(book: PriceBook, companyId: string, product: ProductInfo, date: string): number {
  let best = product.publicPrice;
  for (const row of book.get(companyId)?.get(product.id) ?? []) {
    if (row.validFrom && row.validFrom > date) continue;
    if (row.validTo && row.validTo < date) continue;
    if (row.price < best) best = row.price;
  }
  return best;
}
