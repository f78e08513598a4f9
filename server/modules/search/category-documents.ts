import { asc, count } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories } from '../../db/schema';
import type { CategoryDocument } from '../../../contract/search';
import { PUBLIC_SCOPE } from './collection-specs';

/** Every category's path from the top: names and slugs, top first. */
export async function categoryPaths(db: DbOrTx) {
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

/** Every category as a search document, with its path and how many products it links to. */
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
