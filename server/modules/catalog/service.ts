import { asc, count, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, products } from '../../db/schema';
import type {
  CategoryDetail,
  CategoryNode,
  CategoryRef,
  CategoryTree,
  ProductDetail,
  ProductLookup,
  ProductLookupQuery,
} from '../../../contract/catalog';
import { AppError, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import { stockholmLocal } from '../calendar/deliveries';

type CategoryRow = typeof categories.$inferSelect;

/** The last minute asked for and its Stockholm day: every day there starts on a whole minute, and prices ask often. */
let lastDay = { minute: NaN, day: '' };

/** Today's date in Stockholm (yyyy-MM-dd): the day prices and expiry dates are judged by. */
export function stockholmToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: stockholmLocal(now).slice(0, 10) };
  return lastDay.day;
}

/** The search filter that lists a category's products (see contract/search.ts, products collection). */
export const categoryFilter = (slug: string) => `category_slugs:=${slug}`;

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(db: DbOrTx) {
  async function loadCategories() {
    const [rows, counts] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sort), asc(categories.name)),
      // Each product links to its leaf and every parent once (primary key), so a plain count is already distinct.
      db
        .select({ categoryId: productCategories.categoryId, n: count() })
        .from(productCategories)
        .groupBy(productCategories.categoryId),
    ]);
    const countOf = new Map(counts.map((c) => [c.categoryId, c.n]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows, byId, countOf: (id: string) => countOf.get(id) ?? 0 };
  }

  /** Root-first path of a category (itself included), by walking up the parents. */
  function pathOf(row: CategoryRow, byId: Map<string, CategoryRow>): CategoryRef[] {
    const path: CategoryRef[] = [];
    const seen = new Set<string>();
    for (
      let at: CategoryRow | undefined = row;
      at && !seen.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      path.unshift({ id: at.id, slug: at.slug, name: at.name });
    }
    return path;
  }

  return {
    async tree(): Promise<CategoryTree> {
      const { rows, countOf } = await loadCategories();
      const nodes = new Map<string, CategoryNode>(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            slug: r.slug,
            name: r.name,
            description: r.description,
            productCount: countOf(r.id),
            children: [],
          },
        ]),
      );
      const roots: CategoryNode[] = [];
      for (const r of rows) {
        const node = nodes.get(r.id) as CategoryNode;
        const parent = r.parentId ? nodes.get(r.parentId) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      return { data: roots };
    },

    async category(slug: string): Promise<CategoryDetail> {
      const { rows, byId, countOf } = await loadCategories();
      const row = rows.find((r) => r.slug === slug);
      if (!row) throw notFound('CategoryNotFound');
      const parent = row.parentId ? byId.get(row.parentId) : undefined;
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        productCount: countOf(row.id),
        parent: parent ? { id: parent.id, slug: parent.slug, name: parent.name } : null,
        path: pathOf(row, byId),
        children: rows
          .filter((r) => r.parentId === row.id)
          .map((r) => ({ id: r.id, slug: r.slug, name: r.name, productCount: countOf(r.id) })),
        searchFilter: categoryFilter(row.slug),
      };
    },

    /**
     * One product by the number on a shelf label or a package: the article number (exact, trimmed) first, then the
     * piece and carton GTINs. `by` limits the match to one of them. Unknown: 404 ProductNotFound on the field `code`.
     */
    async lookup({ code, by }: ProductLookupQuery): Promise<ProductLookup> {
      const columns = {
        productId: products.id,
        slug: products.slug,
        sku: products.sku,
        name: products.name,
        brandName: products.brandName,
        unit: products.unit,
        piecesPerCarton: products.piecesPerCarton,
        gtinPiece: products.gtinPiece,
        gtinCarton: products.gtinCarton,
        images: products.images,
        stockStatus: products.stockStatus,
        discontinued: products.discontinued,
        wholeUnitsOnly: products.wholeUnitsOnly,
      };
      const find = async (where: ReturnType<typeof eq>) =>
        (await db.select(columns).from(products).where(where).orderBy(products.sku).limit(1))[0];
      const trimmed = code.trim();
      const row =
        (by !== 'ean' ? await find(eq(products.sku, trimmed)) : undefined) ??
        (by !== 'articleNumber' && /^\d{8,14}$/.test(trimmed)
          ? await find(or(eq(products.gtinPiece, trimmed), eq(products.gtinCarton, trimmed))!)
          : undefined);
      if (!row) {
        throw new AppError(404, 'ProductNotFound', undefined, [
          { path: 'code', message: errorText('ProductNotFound') },
        ]);
      }
      const { images, ...rest } = row;
      return { ...rest, imageUrl: images[0]?.url ?? null };
    },

    async product(slug: string, now = new Date()): Promise<ProductDetail> {
      const [row] = await db.select().from(products).where(eq(products.slug, slug)).limit(1);
      if (!row) throw notFound('ProductNotFound');
      const [links, replacement] = await Promise.all([
        db
          .select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId })
          .from(productCategories)
          .innerJoin(categories, eq(categories.id, productCategories.categoryId))
          .where(eq(productCategories.productId, row.id)),
        row.replacementProductId
          ? db
              .select({ id: products.id, slug: products.slug, name: products.name })
              .from(products)
              .where(inArray(products.id, [row.replacementProductId]))
              .limit(1)
          : Promise.resolve([]),
      ]);
      // Order the linked categories from the top down: a parent always comes before its child.
      const depth = new Map<string, number>();
      const byId = new Map(links.map((l) => [l.id, l]));
      const depthOf = (id: string, guard = 0): number => {
        const known = depth.get(id);
        if (known !== undefined) return known;
        const parentId = byId.get(id)?.parentId;
        const d = parentId && byId.has(parentId) && guard < 20 ? depthOf(parentId, guard + 1) + 1 : 0;
        depth.set(id, d);
        return d;
      };
      const ordered = [...links].sort((a, b) => depthOf(a.id) - depthOf(b.id));
      const today = stockholmToday(now);
      return {
        id: row.id,
        sku: row.sku,
        slug: row.slug,
        name: row.name,
        brandName: row.brandName,
        description: row.description,
        categories: ordered.map(({ id, slug: s, name }) => ({ id, slug: s, name })),
        zoneName: row.zoneName,
        accreditationLabels: row.accreditationLabels,
        unit: row.unit,
        piecesPerCarton: row.piecesPerCarton,
        wholeUnitsOnly: row.wholeUnitsOnly,
        publicPrice: row.publicPrice,
        comparisonPrice: row.comparisonPrice,
        comparisonUnit: row.comparisonUnit,
        vatRate: row.vatRate,
        priceValidUntil: row.priceValidUntil,
        latinName: row.latinName,
        requisition: row.requisition,
        stockStatus: row.stockStatus,
        discontinued: row.discontinued,
        replacement: replacement[0] ?? null,
        expiresAt: row.expiresAt,
        expired: row.expiresAt !== null && row.expiresAt < today,
        origin: row.origin,
        alcoholPercentage: row.alcoholPercentage === null ? null : Number(row.alcoholPercentage),
        vintage: row.vintage,
        temperatureMin: row.temperatureMin,
        temperatureMax: row.temperatureMax,
        packageSize: row.packageSize,
        packageType: row.packageType,
        nutrients: row.nutrients,
        ingredients: row.ingredients,
        dataSheets: row.dataSheets,
        images: row.images,
        gtinPiece: row.gtinPiece,
        gtinCarton: row.gtinCarton,
        popularity: row.popularity,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}
