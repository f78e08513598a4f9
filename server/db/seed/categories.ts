import type { categories } from '../schema';
import { CATALOG } from './data/catalog';
import type { CategoryNode, Leaf } from './data/types';
import type { Rng } from './rng';

export type LeafCategory = {
  leaf: Leaf;
  slug: string;
  name: string;
  /** The leaf's id and every ancestor's, leaf first. */
  categoryIds: string[];
  topSlug: string;
  topName: string;
};

export type CategoryResult = { rows: (typeof categories.$inferInsert)[]; leaves: LeafCategory[] };

/** The category tree (top level → sub-category → for wine one more level) with deterministic ids. */
export function makeCategories(rng: Rng): CategoryResult {
  const rows: (typeof categories.$inferInsert)[] = [];
  const leaves: LeafCategory[] = [];
  const slugs = new Set<string>();

  const visit = (node: CategoryNode, parentIds: string[], top: CategoryNode, sort: number) => {
    if (slugs.has(node.slug)) throw new Error(`Duplicate category slug ${node.slug}`);
    slugs.add(node.slug);
    const id = rng.uuid();
    rows.push({
      id,
      parentId: parentIds[0] ?? null,
      slug: node.slug,
      name: node.name,
      description: node.description,
      sort,
    });
    const ids = [id, ...parentIds];
    if (node.leaf)
      leaves.push({
        leaf: node.leaf,
        slug: node.slug,
        name: node.name,
        categoryIds: ids,
        topSlug: top.slug,
        topName: top.name,
      });
    node.children?.forEach((child, i) => visit(child, ids, top, (i + 1) * 10));
  };
  CATALOG.forEach((top, i) => visit(top, [], top, (i + 1) * 10));
  return { rows, leaves };
}
