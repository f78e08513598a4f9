import type { productCategories, products } from '../schema';
import type { LeafCategory } from './categories';
import { WINE_PRODUCERS } from './data/drinks';
import type { Item, Leaf, Pack } from './data/types';
import { makeNutrients } from './nutrients';
import { skewedIndex, type Rng } from './rng';
import { drawingAlt, drawingPath, familyOf } from './drawings/families';
import { addDays, endOfMonth, gtinCheckDigit, isoDate, roundPrice, slugify, svDecimal } from './util';

export type ProductRow = typeof products.$inferInsert & { id: string };

/** What the later generators (prices, orders, lists) need to know about a product. */
export type ProductInfo = {
  id: string;
  sku: string;
  name: string;
  unit: 'piece' | 'carton';
  piecesPerCarton: number;
  wholeUnitsOnly: boolean;
  publicPrice: number;
  vatRate: number;
  zoneName: string;
  topSlug: string;
  leafSlug: string;
  alcoholic: boolean;
  discontinued: boolean;
  expired: boolean;
  popularity: number;
  gtinPiece: string;
};

export type ProductResult = {
  rows: ProductRow[];
  links: (typeof productCategories.$inferInsert)[];
  infos: ProductInfo[];
};

const STOCK = ['in_stock', 'few_left', 'out_of_stock'] as const;
const STOCK_WEIGHTS = [86, 9, 5];

/** Leaves whose products get a safety data sheet besides the product sheet. */
const CHEMICAL_LEAVES = new Set(['rengoring-disk', 'bransle-tandning', 'hygien-skydd']);

function sizeLabel(p: Pack, perCarton: number): string {
  if (p.loose) return 'lösvikt';
  if (p.label === '1 st') return perCarton > 1 ? `${perCarton} st` : '';
  return perCarton > 1 ? `${perCarton}×${p.label}` : p.label;
}

function stepRound(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function storageText(leaf: Leaf): string {
  if (leaf.zone === 'Frys') return 'Förvaras fryst, högst −18 °C.';
  if (leaf.temp) return `Förvaras kylt, ${leaf.temp[0]}–${leaf.temp[1]} °C.`;
  if (leaf.zone === 'Non food') return 'Artikel för yrkesmässigt bruk.';
  return 'Förvaras torrt i rumstemperatur.';
}

/** Articles every catalogue has, whatever its size: the examples of typo-tolerant and stemmed search (issue #3). */
export const ALWAYS_IN_CATALOGUE = ['Laxfilé', 'Tomat klass 1'] as const;

/** The `index`-th always-present article, unless the catalogue already has it. */
function featuredItem(leaves: LeafCategory[], seen: Set<string>, index: number) {
  const name = ALWAYS_IN_CATALOGUE[index];
  if (name === undefined || seen.has(name)) return null;
  for (const cat of leaves) {
    const it = cat.leaf.items.find((i) => i.name === name);
    if (it) return { cat, it };
  }
  return null;
}

/**
 * Makes `count` products spread over the leaf categories. Every attribute of the schema is filled: names from the
 * word lists, prices in öre, EAN-13 (prefix 73) for the piece and a GTIN-14 or EAN-13 for cartons, all with valid
 * check digits, and unique 6-digit SKUs and slugs.
 */
export function makeProducts(rng: Rng, leaves: LeafCategory[], count: number, now: Date): ProductResult {
  const rows: ProductRow[] = [];
  const links: (typeof productCategories.$inferInsert)[] = [];
  const infos: ProductInfo[] = [];
  const skus = new Set<string>();
  const gtins = new Set<string>();
  const byLeaf = new Map<string, number[]>();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weights = leaves.map((l) => l.leaf.weight ?? l.leaf.items.length * 2);

  const newEan13 = (): string => {
    for (;;) {
      const body = '73' + rng.digits(10);
      const code = body + gtinCheckDigit(body);
      if (!gtins.has(code)) {
        gtins.add(code);
        return code;
      }
    }
  };
  const newSku = (): string => {
    for (;;) {
      const sku = String(rng.int(100000, 999999));
      if (!skus.has(sku)) {
        skus.add(sku);
        return sku;
      }
    }
  };

  const seen = new Set<string>();
  for (let n = 0; n < count; n++) {
    let cat = rng.weighted(leaves, weights);
    let it: Item = rng.pick(cat.leaf.items);
    // The last products of a small catalogue make sure the articles the docs and tests search for exist.
    const featured = count - n <= ALWAYS_IN_CATALOGUE.length ? featuredItem(leaves, seen, count - n - 1) : null;
    if (featured) ({ cat, it } = featured);
    seen.add(it.name);
    const leaf = cat.leaf;
    const packs = it.packs ?? leaf.packs;
    const p = rng.pick(packs);
    const perCarton = rng.pick(p.cartons);
    const origins = it.origins ?? leaf.origins;
    const origin = origins[skewedIndex(rng, origins.length, 1.6)] ?? 'Sverige';
    const brand =
      leaf.kind === 'wine' ? rng.pick(WINE_PRODUCERS[origin] ?? ['Skafferi']) : rng.pick(it.brands ?? leaf.brands);

    const labels: string[] = [];
    let suffix = '';
    for (const rule of it.labels ?? leaf.labels ?? []) {
      if (rule.origin && rule.origin !== origin) continue;
      if (!rng.chance(rule.p)) continue;
      for (const l of rule.labels) if (!labels.includes(l)) labels.push(l);
      if (rule.suffix && !suffix) suffix = rule.suffix;
    }

    let abv: number | null = null;
    if (it.abv) abv = stepRound(rng.float(it.abv[0], it.abv[1]), leaf.kind === 'beer' ? 0.1 : 0.5);
    const alcoholic = abv !== null && abv > 2.25;
    const vatRate = alcoholic ? 25 : abv !== null ? 12 : leaf.vat;
    const vintage = it.vintage
      ? now.getUTCFullYear() - (leaf.kind === 'wine' && cat.slug === 'rott-vin' ? rng.int(2, 7) : rng.int(1, 4))
      : null;

    const size = sizeLabel(p, perCarton);
    const parts: string[] =
      leaf.kind === 'wine'
        ? [brand, it.name, vintage ? String(vintage) : '', suffix, size]
        : leaf.kind === 'beer' || leaf.kind === 'spirits'
          ? [brand, it.name, abv !== null ? `${svDecimal(abv, Number.isInteger(abv) ? 0 : 1)} %` : '', suffix, size]
          : [it.name, suffix, size];
    const name = parts.filter(Boolean).join(' ');

    const perUnitOre = rng.float(it.price[0], it.price[1]) * 100;
    const units = p.size * perCarton;
    const publicPrice = roundPrice(perUnitOre * units * (perCarton > 1 ? 0.97 : 1));
    const comparisonPrice = Math.max(1, Math.round(publicPrice / units));

    const sku = newSku();
    const gtinPiece = newEan13();
    let gtinCarton: string | null = null;
    if (perCarton > 1) {
      if (rng.chance(0.8)) {
        const body = '1' + gtinPiece.slice(0, 12);
        gtinCarton = body + gtinCheckDigit(body);
        gtins.add(gtinCarton);
      } else {
        gtinCarton = newEan13();
      }
    }

    const isFood = leaf.zone !== 'Non food';
    const nutrition = it.nutrition ?? leaf.nutrition;
    const nutrients = isFood && nutrition && !alcoholic ? makeNutrients(rng, nutrition) : [];
    const baseName = it.name.replace(/ klass 1$/, '');
    const ingredients = !isFood
      ? null
      : (it.ingredients ??
        leaf.ingredients?.replace('{name}', baseName) ??
        (leaf.kind === 'wine' ? 'Druvor. Innehåller sulfiter.' : null));

    const family = familyOf(cat.slug, it.name);
    const discontinued = rng.chance(0.03);
    const expired = isFood && !discontinued && rng.chance(0.01);
    const popularity = Math.round(10_000 * Math.pow(rng.next(), 3));
    const createdAt = addDays(today, -rng.int(30, 1500));
    const updatedAt = addDays(
      createdAt,
      rng.int(0, Math.max(0, Math.round((today.getTime() - createdAt.getTime()) / 86_400_000))),
    );
    const id = rng.uuid();
    const dataSheets = [{ name: 'Produktblad', url: `/datablad/${sku}.pdf` }];
    if (CHEMICAL_LEAVES.has(cat.slug)) dataSheets.push({ name: 'Säkerhetsdatablad', url: `/datablad/${sku}-sdb.pdf` });

    rows.push({
      id,
      sku,
      slug: `${slugify(name)}-${sku}`,
      name,
      brandName: brand,
      description: `${name} från ${brand}, ursprung ${origin}. ${storageText(leaf)}`,
      zoneName: it.zone ?? leaf.zone,
      accreditationLabels: labels,
      unit: perCarton > 1 ? 'carton' : 'piece',
      piecesPerCarton: perCarton,
      wholeUnitsOnly: !p.loose,
      publicPrice,
      comparisonPrice,
      comparisonUnit: p.cu,
      vatRate,
      priceValidUntil: rng.chance(0.45) ? isoDate(endOfMonth(today, rng.int(0, 3))) : null,
      latinName: it.latin ?? null,
      requisition: rng.chance(0.02),
      stockStatus: rng.weighted(STOCK, STOCK_WEIGHTS),
      discontinued,
      replacementProductId: null,
      expiresAt: expired ? isoDate(addDays(today, -rng.int(1, 60))) : null,
      origin,
      alcoholPercentage: abv !== null ? abv.toFixed(1) : null,
      vintage,
      temperatureMin: leaf.temp?.[0] ?? null,
      temperatureMax: leaf.temp?.[1] ?? null,
      packageSize: p.loose ? 'per kg' : p.label,
      packageType: p.type,
      nutrients,
      ingredients,
      dataSheets,
      // The drawing of the product's family (cheese, butter, firewood …), not of its whole top category.
      images: [{ url: drawingPath(family), width: 600, height: 600, alt: drawingAlt(family) }],
      gtinPiece,
      gtinCarton,
      popularity,
      createdAt,
      updatedAt,
    });
    for (const categoryId of cat.categoryIds) links.push({ productId: id, categoryId });
    infos.push({
      id,
      sku,
      name,
      unit: perCarton > 1 ? 'carton' : 'piece',
      piecesPerCarton: perCarton,
      wholeUnitsOnly: !p.loose,
      publicPrice,
      vatRate,
      zoneName: it.zone ?? leaf.zone,
      topSlug: cat.topSlug,
      leafSlug: cat.slug,
      alcoholic,
      discontinued,
      expired,
      popularity,
      gtinPiece,
    });
    const list = byLeaf.get(cat.slug);
    if (list) list.push(n);
    else byLeaf.set(cat.slug, [n]);
  }

  // About 60 % of the discontinued products point to a replacement in the same category.
  for (let n = 0; n < rows.length; n++) {
    const row = rows[n] as ProductRow;
    if (!row.discontinued || !rng.chance(0.6)) continue;
    const info = infos[n] as ProductInfo;
    const candidates = (byLeaf.get(info.leafSlug) ?? []).filter(
      (i) => i !== n && !(rows[i] as ProductRow).discontinued,
    );
    if (candidates.length === 0) continue;
    row.replacementProductId = (rows[rng.pick(candidates)] as ProductRow).id;
  }

  return { rows, links, infos };
}
