import type { CategoryNode } from '../../contract/catalog';
import { isRecord, readFields, type Field } from './read-fields';

const CATEGORY_FIELDS: Record<Exclude<keyof CategoryNode, 'children'>, Field> = {
  id: ['string'],
  slug: ['string'],
  name: ['string'],
  description: ['string', 'nullable'],
  productCount: ['int'],
};

function readCategoryNode(value: unknown): CategoryNode | undefined {
  const node = readFields<Omit<CategoryNode, 'children'>>(value, CATEGORY_FIELDS);
  if (!node || !isRecord(value) || !Array.isArray(value.children)) return undefined;
  const read = value.children.map(readCategoryNode);
  return read.every((child) => child !== undefined) ? { ...node, children: read } : undefined;
}

/**
 * GET /v1/categories' `{data}` read by hand, as contract/catalog's `categoryTree` parses it: the start page's category
 * carousel and the header's search read it on the first screen, before any schema is loaded (decision 0044).
 */
export function readCategoryTree(value: unknown): { data: CategoryNode[] } | undefined {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined;
  const nodes = value.data.map(readCategoryNode);
  return nodes.every((node) => node !== undefined) ? { data: nodes } : undefined;
}
