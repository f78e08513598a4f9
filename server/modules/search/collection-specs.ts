import type { CollectionSpec, SearchDocument } from '../../adapters/search/types';
import type { SearchCollection } from '../../../contract/search';

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

/** The documents as the engine takes them (every document type here has a string id). */
export const asDocuments = <T extends { id: string }>(docs: T[]) => docs as unknown as SearchDocument[];
