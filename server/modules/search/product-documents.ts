import { count, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderRows, productCategories, products } from '../../db/schema';
import type { ProductDocument } from '../../../contract/search';
import { categoryPaths } from './category-documents';
import { PUBLIC_SCOPE } from './collection-specs';

/** A product's category path (its leaf's), names and slugs, top first. */
type CategoryInfo = { names: string[]; slugs: string[] };

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
