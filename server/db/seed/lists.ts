import type { companyProducts, inventoryListItems, inventoryLists, purchaseListItems, purchaseLists } from '../schema';
import { accountFor, companyZoneFor, type CompanyInfo } from './companies';
import { OWN_ARTICLES, PURCHASE_LIST_NAMES } from './data/companies';
import { priceOn, type PriceBook } from './prices';
import type { ProductInfo } from './products';
import type { Rng } from './rng';
import type { UserInfo } from './users';
import { addDays, DAY_MS, gtinCheckDigit, isoDate, startOfUtcDay } from './util';

/** Companies with purchase lists, inventory lists and own articles: the demo logins' companies and a few more. */
export const LIST_COMPANY_CODES = ['10001', '10002', '10003', '10004', '10005', '10012', '10019', '10021'];

const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
];

export type ListResult = {
  companyProducts: (typeof companyProducts.$inferInsert)[];
  purchaseLists: (typeof purchaseLists.$inferInsert)[];
  purchaseListItems: (typeof purchaseListItems.$inferInsert)[];
  inventoryLists: (typeof inventoryLists.$inferInsert)[];
  inventoryListItems: (typeof inventoryListItems.$inferInsert)[];
};

type OwnArticle = { id: string; articleNumber: string; name: string; price: number; account: string; zone: string };

function quantityFor(rng: Rng, product: ProductInfo, max: number): string {
  if (!product.wholeUnitsOnly) return String(Math.round(rng.float(0.3, max) * 10) / 10);
  return String(rng.int(1, max));
}

function between(rng: Rng, from: Date, to: Date): Date {
  return new Date(from.getTime() + Math.floor(rng.next() * Math.max(0, to.getTime() - from.getTime())));
}

/** Own articles ("mina artiklar"), purchase lists and inventory lists for the companies in LIST_COMPANY_CODES. */
export function makeLists(
  rng: Rng,
  companies: CompanyInfo[],
  usersByCompany: Map<string, UserInfo[]>,
  assortments: Map<string, ProductInfo[]>,
  book: PriceBook,
  now: Date,
): ListResult {
  const today = startOfUtcDay(now);
  const result: ListResult = {
    companyProducts: [],
    purchaseLists: [],
    purchaseListItems: [],
    inventoryLists: [],
    inventoryListItems: [],
  };

  for (const company of companies) {
    if (!LIST_COMPANY_CODES.includes(company.code)) continue;
    const users = usersByCompany.get(company.id) ?? [];
    const assortment = assortments.get(company.id) ?? [];
    if (users.length === 0 || assortment.length === 0) continue;
    // Lists in the demo companies are made by the demo user, so they show up as "mine".
    const creator = () => (rng.chance(0.6) ? (users[0] as UserInfo) : rng.pick(users));

    // Own articles.
    const own: OwnArticle[] = rng.sample(OWN_ARTICLES, rng.int(3, 8)).map((a, i) => {
      const id = rng.uuid();
      const articleNumber = `E-${String(i + 1).padStart(3, '0')}`;
      const price = rng.int(a.price[0], a.price[1]) * 100;
      const account =
        a.kind === 'nonfood' ? '5460' : a.kind === 'drink' && company.accounts.includes('1465') ? '1465' : '1460';
      const zone = companyZoneFor(company, a.zone, false);
      const body = '2' + rng.digits(11);
      const createdAt = addDays(today, -rng.int(60, 400));
      result.companyProducts.push({
        id,
        companyId: company.id,
        name: a.name,
        articleNumber,
        unit: 'piece',
        piecesPerCarton: 1,
        price,
        account,
        zone,
        gtin: rng.chance(0.5) ? body + gtinCheckDigit(body) : null,
        createdAt,
        updatedAt: createdAt,
      });
      return { id, articleNumber, name: a.name, price, account, zone };
    });

    // Purchase lists.
    for (const name of rng.sample(PURCHASE_LIST_NAMES, rng.int(2, 4))) {
      const id = rng.uuid();
      const createdAt = new Date(addDays(today, -rng.int(20, 300)).getTime() + rng.int(7, 17) * 3_600_000);
      let updatedAt = createdAt;
      for (const product of rng.sample(assortment, rng.int(5, Math.min(30, assortment.length)))) {
        const addedAt = between(rng, createdAt, now);
        if (addedAt > updatedAt) updatedAt = addedAt;
        result.purchaseListItems.push({
          id: rng.uuid(),
          listId: id,
          productId: product.id,
          quantity: quantityFor(rng, product, 10),
          addedAt,
        });
      }
      result.purchaseLists.push({ id, companyId: company.id, createdBy: creator().id, name, createdAt, updatedAt });
    }

    // Inventory lists: one per month back from the current one, the current one only partly counted.
    const listCount = rng.int(1, 3);
    for (let m = 0; m < listCount; m++) {
      const id = rng.uuid();
      const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - m, 1));
      const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - m + 1, 0));
      const current = m === 0;
      const countFrom = current ? addDays(today, -Math.min(3, today.getUTCDate() - 1)) : addDays(monthEnd, -2);
      const countTo = current ? now : new Date(monthEnd.getTime() + 20 * 3_600_000);
      const createdAt = new Date(countFrom.getTime() - DAY_MS + 9 * 3_600_000);
      const counters = rng.sample(users, Math.min(users.length, rng.int(1, 3)));
      const createdBy = creator();
      let updatedAt = createdAt;

      const products = rng.sample(
        assortment,
        rng.int(Math.min(20, assortment.length), Math.min(80, assortment.length)),
      );
      const items: { product?: ProductInfo; own?: OwnArticle }[] = [
        ...products.map((product) => ({ product })),
        ...own.filter(() => rng.chance(0.7)).map((o) => ({ own: o })),
      ];
      for (const entry of items) {
        const counted = !current || rng.chance(0.6);
        const counter = rng.pick(counters);
        const setAt = counted ? between(rng, countFrom, countTo) : null;
        if (setAt && setAt > updatedAt) updatedAt = setAt;
        const base = {
          id: rng.uuid(),
          listId: id,
          lastSetBy: counted ? counter.id : null,
          lastSetAt: setAt,
          countedBy: counted ? [counter.id] : [],
          parLevel: rng.chance(0.2) ? String(rng.int(2, 20)) : null,
          createdAt,
          updatedAt: setAt ?? createdAt,
        };
        if (entry.product) {
          const p = entry.product;
          result.inventoryListItems.push({
            ...base,
            productId: p.id,
            companyProductId: null,
            articleNumber: p.sku,
            name: p.name,
            unit: p.unit,
            price: priceOn(book, company.id, p, isoDate(monthEnd < today ? monthEnd : today)),
            account: accountFor(company, p.topSlug, p.leafSlug, p.alcoholic),
            zone: companyZoneFor(company, p.zoneName, p.alcoholic),
            quantity: counted ? quantityFor(rng, p, 24) : '0',
          });
        } else if (entry.own) {
          const o = entry.own;
          result.inventoryListItems.push({
            ...base,
            productId: null,
            companyProductId: o.id,
            articleNumber: o.articleNumber,
            name: o.name,
            unit: 'piece',
            price: o.price,
            account: o.account,
            zone: o.zone,
            quantity: counted ? String(rng.int(1, 15)) : '0',
          });
        }
      }
      const label = `${MONTHS[monthStart.getUTCMonth()]} ${monthStart.getUTCFullYear()}`;
      result.inventoryLists.push({
        id,
        companyId: company.id,
        createdBy: createdBy.id,
        name: current
          ? `Inventering ${label}`
          : rng.chance(0.5)
            ? `Månadsinventering ${label}`
            : `Inventering ${label}`,
        dateFrom: isoDate(monthStart),
        dateTo: isoDate(monthEnd),
        createdAt,
        updatedAt,
      });
    }
  }
  return result;
}
