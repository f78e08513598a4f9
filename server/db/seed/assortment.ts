import type { CompanyInfo } from './companies';
import type { ProductInfo } from './products';
import type { Rng } from './rng';

function group(products: ProductInfo[]): Map<string, ProductInfo[]> {
  const byTop = new Map<string, ProductInfo[]>();
  for (const p of products) {
    const list = byTop.get(p.topSlug);
    if (list) list.push(p);
    else byTop.set(p.topSlug, [p]);
  }
  return byTop;
}

function cumulate(items: ProductInfo[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const p of items) {
    sum += p.popularity + 100;
    out.push(sum);
  }
  return out;
}

/** Products of one top-level category with cumulative popularity weights, for fast weighted picks. */
type Pool = { items: ProductInfo[]; cumulative: number[] };
export type Pools = { all: Map<string, Pool>; noAlcohol: Map<string, Pool> };

/** Orderable products (not discontinued, not expired) by top category, with and without alcohol. */
export function makePools(products: ProductInfo[]): Pools {
  const orderable = products.filter((p) => !p.discontinued && !p.expired);
  const build = (list: ProductInfo[]) => {
    const out = new Map<string, Pool>();
    for (const [slug, items] of group(list)) out.set(slug, { items, cumulative: cumulate(items) });
    return out;
  };
  return { all: build(orderable), noAlcohol: build(orderable.filter((p) => !p.alcoholic)) };
}

function pickWeighted(rng: Rng, pool: Pool): ProductInfo {
  const total = pool.cumulative[pool.cumulative.length - 1] ?? 0;
  const r = rng.next() * total;
  let lo = 0;
  let hi = pool.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pool.cumulative[mid] ?? 0) > r) hi = mid;
    else lo = mid + 1;
  }
  return pool.items[lo] as ProductInfo;
}

/**
 * The products a company buys regularly: drawn by the kind of business's category shares and by popularity, so the
 * order history, purchase lists and "popular articles" look like one customer's.
 */
export function makeAssortment(rng: Rng, company: CompanyInfo, pools: Pools): ProductInfo[] {
  const source = company.profile.noAlcohol ? pools.noAlcohol : pools.all;
  const slugs = Object.keys(company.profile.categories).filter((s) => (source.get(s)?.items.length ?? 0) > 0);
  const weights = slugs.map((s) => company.profile.categories[s] ?? 0);
  const available = slugs.reduce((n, s) => n + (source.get(s)?.items.length ?? 0), 0);
  const wanted = Math.min(
    rng.int(company.profile.assortment[0], company.profile.assortment[1]),
    Math.floor(available * 0.8),
  );
  const chosen = new Map<string, ProductInfo>();
  for (let tries = 0; chosen.size < wanted && tries < wanted * 20; tries++) {
    const slug = rng.weighted(slugs, weights);
    const pool = source.get(slug);
    if (!pool) continue;
    const product = pickWeighted(rng, pool);
    if (!chosen.has(product.id)) chosen.set(product.id, product);
  }
  return [...chosen.values()];
}
