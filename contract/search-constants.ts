import { PRODUCT_UNITS, STOCK_STATUSES } from './catalog-constants';

/**
 * The plain part of the search contract: collection names, the fields and sorts a search uses, and the documents'
 * shapes. No zod here: the search page and the product cards read these, and the schemas in search.ts (which
 * re-exports this file) load only where answers are parsed (docs/decisions/0044).
 */

/** Logical collections. The answer of the key calls maps each to its actual name. */
export const SEARCH_COLLECTIONS = ['products', 'categories', 'tenderItems', 'campaigns'] as const;
export type SearchCollection = (typeof SEARCH_COLLECTIONS)[number];

/** Fields a product search queries, in weight order (name first). */
export const PRODUCT_QUERY_BY = 'name,brand_name,categories,sku,gtins,latin_name';
export const CATEGORY_QUERY_BY = 'name,path';

/** The product facets (SPEC: brand, category, zone, labels, stock status). */
export const PRODUCT_FACETS = [
  'brand_name',
  'categories',
  'zone.name',
  'accreditation_labels',
  'stock_status',
] as const;

/** SPEC §9 search sorts as Typesense `sort_by` values, for products, tender items and campaigns alike. */
export const PRODUCT_SORTS = {
  relevance: '_text_match:desc,popularity:desc',
  bestSeller: 'popularity:desc',
  priceAsc: 'smallest_unit.public_price:asc',
  priceDesc: 'smallest_unit.public_price:desc',
  comparisonPriceAsc: 'smallest_unit.comparison_price:asc',
  comparisonPriceDesc: 'smallest_unit.comparison_price:desc',
  nameAsc: 'name:asc',
  nameDesc: 'name:desc',
  mostPurchased: 'purchase_count:desc',
  news: 'created_at:desc',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

/** Stock statuses as stored in documents (`stock_status`): the catalogue's own. */
export const STOCK_STATUS_VALUES = STOCK_STATUSES;

/** A document of the products collection (and, with the company fields, of tenderItems and campaigns). */
export type ProductDocument = {
  id: string;
  /** 'public' for catalogue documents; a company's id for its tender items and campaigns. */
  company_id: string;
  sku: string;
  slug: string;
  name: string;
  brand_name: string;
  /** Category names, top level to leaf. */
  categories: string[];
  category_slugs: string[];
  zone: { name: string };
  accreditation_labels: string[];
  stock_status: (typeof STOCK_STATUS_VALUES)[number];
  unit: (typeof PRODUCT_UNITS)[number];
  pieces_per_carton: number;
  /** Prices in öre of one sales unit; in tenderItems and campaigns the company's price. */
  smallest_unit: { public_price: number; comparison_price: number; comparison_unit: string };
  popularity: number;
  /** Order lines with this product, all companies (the "most purchased" sort). */
  purchase_count: number;
  /** Seconds since the epoch (the "news" sort). */
  created_at: number;
  discontinued: boolean;
  requisition: boolean;
  gtins: string[];
  latin_name?: string;
  origin?: string;
  image?: string;
};

/** A tender item or campaign: a product document priced for one company. */
export type CompanyItemDocument = ProductDocument & {
  product_id: string;
  kind: 'tender' | 'campaign';
  /** The public list price, öre (`smallest_unit.public_price` holds the company's). */
  list_price: number;
  /** Seconds since the epoch; `valid_to` absent when open-ended. */
  valid_from: number;
  valid_to?: number;
};

export type CategoryDocument = {
  id: string;
  company_id: 'public';
  slug: string;
  name: string;
  /** "Drycker › Vin › Rött vin" */
  path: string;
  parent_slug?: string;
  depth: number;
  product_count: number;
  sort: number;
};
