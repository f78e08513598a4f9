import { queryOptions } from '@tanstack/react-query';
import type { CategoryNode } from '../../../contract/catalog';
import { api } from '../api';
import { readCategoryTree } from '../catalog-answers';
import { catalog, pathTo } from '../../../contract/routes';

// The product and category pages' answers are parsed with the catalogue contract, imported with them.
const catalogContract = () => import('../../../contract/catalog');
const productDetail = () => catalogContract().then((m) => m.productDetail);
const categoryDetail = () => catalogContract().then((m) => m.categoryDetail);

/** The server lets the browser keep catalogue answers for a minute (public, max-age=60). */
const CATALOG_STALE = 60_000;

/** GET /v1/products/:slug — one product with every attribute (public). */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', slug] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(catalog.product, { slug }), { schema: productDetail, signal, auth: 'none' }),
    staleTime: CATALOG_STALE,
  });

/** GET /v1/categories — the whole tree with product counts. */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'] as const,
    queryFn: ({ signal }) => api.request(pathTo(catalog.categories), { read: readCategoryTree, signal, auth: 'none' }),
    staleTime: 5 * CATALOG_STALE,
  });

/** GET /v1/categories/:slug — one category with its path, sub-categories and search filter. */
export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'category', slug] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(catalog.category, { slug }), { schema: categoryDetail, signal, auth: 'none' }),
    staleTime: CATALOG_STALE,
  });

/** Every category's slugs from the top level down, by its own slug (for links to /sortiment/…). */
export function categorySlugPaths(tree: CategoryNode[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (nodes: CategoryNode[], above: string[]) => {
    for (const node of nodes) {
      const path = [...above, node.slug];
      out.set(node.slug, path);
      walk(node.children, path);
    }
  };
  walk(tree, []);
  return out;
}
