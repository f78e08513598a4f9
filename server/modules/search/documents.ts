import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, companyPrices, orderRows, productCategories, products } from '../../db/schema';
import type { CollectionSpec, SearchDocument } from '../../adapters/search/types';
import type {
  CategoryDocument,
  CompanyItemDocument,
  ProductDocument,
  SearchCollection,
} from '../../../contract/search';
import { stockholmToday } from '../catalog/service';

/** Documents that everyone may see carry this in `company_id`; the public key's filter pins it. */
export const PUBLIC_SCOPE = 'public';

const productFields = [
  { name: 'company_id', type: 'string' },
  { name: 'sku', type: 'string' },
  { name: 'slug', type: 'string' },
  { name: 'name', type: 'string', sort: true },
  { name: 'brand_name', type: 'string', facet: true },
  { name: 'categories', type: 'string[]', facet: true },
  { name: 'category_slugs', type: 'string[]', facet: true },
  { name: 'zone.name', type: 'string', facet: true },
  { name: 'accreditation_labels', type: 'string[]', facet: true },
  { name: 'stock_status', type: 'string', facet: true },
  { name: 'unit', type: 'string', facet: true },
  { name: 'pieces_per_carton', type: 'int32' },
  { name: 'smallest_unit.public_price', type: 'int64' },
  { name: 'smallest_unit.comparison_price', type: 'int64' },
  { name: 'popularity', type: 'int32' },
  { name: 'purchase_count', type: 'int32' },
  { name: 'created_at', type: 'int64' },
  { name: 'discontinued', type: 'bool', facet: true },
  { name: 'requisition', type: 'bool' },
  { name: 'gtins', type: 'string[]' },
  { name: 'latin_name', type: 'string', optional: true },
  { name: 'origin', type: 'string', facet: true, optional: true },
] as const satisfies CollectionSpec['schema']['fields'];

const productText = {
  weights: { name: 4, brand_name: 2, categories: 1, sku: 3, gtins: 3, latin_name: 1 },
  codes: ['sku', 'gtins'],
};

/** The collections, as Typesense schemas (the embedded engine reads the same ones). */
export const COLLECTION_SPECS: Record<SearchCollection, CollectionSpec> = {
  products: {
    key: 'products',
    schema: {
      name: 'products',
      enable_nested_fields: true,
      default_sorting_field: 'popularity',
      fields: [...productFields],
    },
    text: productText,
    filterFields: ['company_id'],
  },
  categories: {
    key: 'categories',
    schema: {
      name: 'categories',
      default_sorting_field: 'product_count',
      fields: [
        { name: 'company_id', type: 'string' },
        { name: 'slug', type: 'string' },
        { name: 'name', type: 'string', sort: true },
        { name: 'path', type: 'string' },
        { name: 'parent_slug', type: 'string', optional: true },
        { name: 'depth', type: 'int32' },
        { name: 'product_count', type: 'int32' },
        { name: 'sort', type: 'int32' },
      ],
    },
    text: { weights: { name: 3, path: 1 } },
    filterFields: ['company_id'],
  },
  tenderItems: companyItemSpec('tender_items'),
  campaigns: companyItemSpec('campaigns'),
};

function companyItemSpec(key: string): CollectionSpec {
  return {
    key,
    schema: {
      name: key,
      enable_nested_fields: true,
      default_sorting_field: 'popularity',
      fields: [
        ...productFields,
        { name: 'product_id', type: 'string' },
        { name: 'kind', type: 'string', facet: true },
        { name: 'list_price', type: 'int64' },
        { name: 'valid_from', type: 'int64' },
        { name: 'valid_to', type: 'int64', optional: true },
      ],
    },
    text: productText,
    filterFields: ['company_id'],
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const dateSeconds = (day: string) => seconds(new Date(`${day}T00:00:00Z`));

type CategoryInfo = { names: string[]; slugs: string[] };

/** Every category's path from the top: names and slugs, top first. */
async function categoryPaths(db: DbOrTx) {
  const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.name));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, typeof rows>();
  for (const row of rows) {
    const path: typeof rows = [];
    const seen = new Set<string>();
    for (
      let at: (typeof rows)[number] | undefined = row;
      at && !seen.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      path.unshift(at);
    }
    paths.set(row.id, path);
  }
  return { rows, paths };
}

/** A product row as the search documents need it (one JSON row per product, see `productRows`). */
type ProductRow = {
  id: string;
  sku: string;
  slug: string;
  name: string;
  brandName: string;
  zoneName: string;
  accreditationLabels: string[];
  stockStatus: ProductDocument['stock_status'];
  unit: ProductDocument['unit'];
  piecesPerCarton: number;
  publicPrice: number;
  comparisonPrice: number;
  comparisonUnit: string;
  popularity: number;
  createdAt: number;
  discontinued: boolean;
  requisition: boolean;
  gtinPiece: string | null;
  gtinCarton: string | null;
  latinName: string | null;
  origin: string | null;
  image: string | null;
};

/** Rows per query when loading the whole catalogue (keyset pages, each one JSON value: fast on PGlite too). */
const LOAD_PAGE = 20_000;
const ID_CHUNK = 1000;

function productQuery(where: SQL, limit?: number): SQL {
  return sql`select coalesce(json_agg(t), '[]'::json) as rows from (
    select p.id, p.sku, p.slug, p.name, p.brand_name as "brandName", p.zone_name as "zoneName",
      p.accreditation_labels as "accreditationLabels", p.stock_status as "stockStatus", p.unit,
      p.pieces_per_carton as "piecesPerCarton", p.public_price as "publicPrice",
      p.comparison_price as "comparisonPrice", p.comparison_unit as "comparisonUnit", p.popularity,
      extract(epoch from p.created_at)::bigint as "createdAt", p.discontinued, p.requisition,
      p.gtin_piece as "gtinPiece", p.gtin_carton as "gtinCarton", p.latin_name as "latinName", p.origin,
      p.images->0->>'url' as image
    from ${products} p where ${where} order by p.id ${limit ? sql`limit ${limit}` : sql``}) t`;
}

/** Category links of products (the given ones, or all), as [productId, categoryId] pairs. */
async function categoryLinks(db: DbOrTx, ids?: string[]): Promise<Map<string, string[]>> {
  const query = (where: SQL) =>
    sql`select coalesce(json_agg(json_build_array(pc.product_id, pc.category_id)), '[]'::json) as rows
      from ${productCategories} pc where ${where}`;
  const pairs: [string, string][] = [];
  if (ids) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const chunk = ids.slice(i, i + ID_CHUNK);
      pairs.push(
        ...(await jsonRows<[string, string]>(
          db,
          query(
            sql`pc.product_id in (${sql.join(
              chunk.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          ),
        )),
      );
    }
  } else {
    for (const pair of await jsonRows<[string, string]>(db, query(sql`true`))) pairs.push(pair);
  }
  const out = new Map<string, string[]>();
  for (const [productId, categoryId] of pairs) {
    const list = out.get(productId);
    if (list) list.push(categoryId);
    else out.set(productId, [categoryId]);
  }
  return out;
}

async function jsonRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: { rows: T[] | string }[] };
  const value = result.rows[0]?.rows ?? [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** Product rows: all of them (in keyset pages), or the given ids. */
async function productRows(db: DbOrTx, ids?: string[]): Promise<ProductRow[]> {
  const out: ProductRow[] = [];
  if (ids) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const chunk = ids.slice(i, i + ID_CHUNK);
      out.push(
        ...(await jsonRows<ProductRow>(
          db,
          productQuery(
            sql`p.id in (${sql.join(
              chunk.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          ),
        )),
      );
    }
    return out;
  }
  let last: string | null = null;
  for (;;) {
    const page: ProductRow[] = await jsonRows<ProductRow>(
      db,
      productQuery(last ? sql`p.id > ${last}::uuid` : sql`true`, LOAD_PAGE),
    );
    for (const row of page) out.push(row);
    if (page.length < LOAD_PAGE) return out;
    last = (page[page.length - 1] as ProductRow).id;
  }
}

function productDocument(p: ProductRow, cats: CategoryInfo | undefined, purchases: number): ProductDocument {
  const doc: ProductDocument = {
    id: p.id,
    company_id: PUBLIC_SCOPE,
    sku: p.sku,
    slug: p.slug,
    name: p.name,
    brand_name: p.brandName,
    categories: cats?.names ?? [],
    category_slugs: cats?.slugs ?? [],
    zone: { name: p.zoneName },
    accreditation_labels: p.accreditationLabels,
    stock_status: p.stockStatus,
    unit: p.unit,
    pieces_per_carton: p.piecesPerCarton,
    smallest_unit: {
      public_price: Number(p.publicPrice),
      comparison_price: Number(p.comparisonPrice),
      comparison_unit: p.comparisonUnit,
    },
    popularity: p.popularity,
    purchase_count: purchases,
    created_at: Number(p.createdAt),
    discontinued: p.discontinued,
    requisition: p.requisition,
    gtins: [p.gtinPiece, p.gtinCarton].filter((g): g is string => !!g),
  };
  if (p.latinName) doc.latin_name = p.latinName;
  if (p.origin) doc.origin = p.origin;
  if (p.image) doc.image = p.image;
  return doc;
}

/** Loads products as search documents: all of them, or the given ids (those that still exist). */
export async function loadProductDocuments(db: DbOrTx, ids?: string[]): Promise<ProductDocument[]> {
  if (ids && ids.length === 0) return [];
  const [{ paths }, rows, links, purchases] = await Promise.all([
    categoryPaths(db),
    productRows(db, ids),
    categoryLinks(db, ids),
    db
      .select({ productId: orderRows.productId, n: count() })
      .from(orderRows)
      .where(ids && ids.length <= ID_CHUNK ? inArray(orderRows.productId, ids) : isNotNull(orderRows.productId))
      .groupBy(orderRows.productId),
  ]);
  // A product links to its leaf and every parent: the leaf is the linked category with the longest path.
  const infoCache = new Map<string, CategoryInfo>();
  const infoOf = (categoryIds: string[] | undefined): CategoryInfo | undefined => {
    let leaf: string | undefined;
    let depth = -1;
    for (const id of categoryIds ?? []) {
      const length = paths.get(id)?.length ?? -1;
      if (length > depth) {
        depth = length;
        leaf = id;
      }
    }
    if (!leaf) return undefined;
    let info = infoCache.get(leaf);
    if (!info) {
      const path = paths.get(leaf) ?? [];
      info = { names: path.map((c) => c.name), slugs: path.map((c) => c.slug) };
      infoCache.set(leaf, info);
    }
    return info;
  };
  const purchased = new Map(purchases.map((p) => [p.productId, p.n]));
  return rows.map((p) => productDocument(p, infoOf(links.get(p.id)), purchased.get(p.id) ?? 0));
}

export async function loadCategoryDocuments(db: DbOrTx): Promise<CategoryDocument[]> {
  const [{ rows, paths }, counts] = await Promise.all([
    categoryPaths(db),
    db
      .select({ categoryId: productCategories.categoryId, n: count() })
      .from(productCategories)
      .groupBy(productCategories.categoryId),
  ]);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.n]));
  const bySlug = new Map(rows.map((r) => [r.id, r.slug]));
  return rows.map((row) => {
    const path = paths.get(row.id) ?? [row];
    const doc: CategoryDocument = {
      id: row.id,
      company_id: PUBLIC_SCOPE,
      slug: row.slug,
      name: row.name,
      path: path.map((c) => c.name).join(' › '),
      depth: path.length - 1,
      product_count: countOf.get(row.id) ?? 0,
      sort: row.sort,
    };
    const parentSlug = row.parentId ? bySlug.get(row.parentId) : undefined;
    if (parentSlug) doc.parent_slug = parentSlug;
    return doc;
  });
}

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

export const asDocuments = <T extends { id: string }>(docs: T[]) => docs as unknown as SearchDocument[];
