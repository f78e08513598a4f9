import type { CategoryNode } from '../../contract/catalog';
import { readFields, type Field } from './read-fields';

const CATEGORY_FIELDS: Record<Exclude<keyof CategoryNode, 'children'>, Field> = {
  id: ['string'],
  slug: ['string'],
  name: ['string'],
  description: ['string', 'nullable'],
  productCount: ['int'],
};

function readCategoryNode(value: unknown): CategoryNode | undefined {
  const node = readFields<Omit<CategoryNode, 'children'>>(value, CATEGORY_FIELDS);
  const children = (value as { children?: unknown } | undefined)?.children;
  if (!node || !Array.isArray(children)) return undefined;
  const read = children.map(readCategoryNode);
  return read.every((child) => child !== undefined) ? { ...node, children: read } : undefined;
}

/**
 * GET /v1/categories' `{data}` read by hand, as contract/catalog's `categoryTree` parses it: the start page's category
 * carousel and the header's search read it on the first screen, before any schema is loaded (decision 0044).
 */
export function readCategoryTree(value: unknown): { data: CategoryNode[] } | undefined {
  const data = (value as { data?: unknown } | undefined)?.data;
  if (typeof value !== 'object' || value === null || !Array.isArray(data)) return undefined;
  const nodes = data.map(readCategoryNode);
  return nodes.every((node) => node !== undefined) ? { data: nodes } : undefined;
}
