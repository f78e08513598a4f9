import { z } from 'zod';

/**
 * Search: the browser always talks Typesense's API with the `typesense` client, to this server's embedded subset or
 * to a real cluster. Both key answers say where to reach it and what the collections are called.
 */

/** Logical collections. The answer of the key calls maps each to its actual name. */
export const SEARCH_COLLECTIONS = ['products', 'categories', 'tenderItems', 'campaigns'] as const;
export type SearchCollection = (typeof SEARCH_COLLECTIONS)[number];

/** A Typesense node as the `typesense` client takes it. */
export const searchNode = z.object({
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(['http', 'https']),
  path: z.string(),
});
export type SearchNode = z.infer<typeof searchNode>;

/** GET /v1/typesense/key and GET /v1/typesense/key/{companyId}. */
export const searchKeyResponse = z.object({
  /** A Typesense search key: pass it as the client's `apiKey`. */
  key: z.string(),
  /** When the key stops working (ISO), or null when it does not expire; reload it before then. */
  expiresAt: z.string().nullable(),
  /** The company the key is scoped to (null: the public key, which sees only public documents). */
  companyId: z.string().nullable(),
  nodes: z.array(searchNode).min(1),
  collections: z.object({
    products: z.string(),
    categories: z.string(),
    tenderItems: z.string(),
    campaigns: z.string(),
  }),
  /** 'embedded' (this server) or 'typesense' (a cluster). */
  engine: z.enum(['embedded', 'typesense']),
});
export type SearchKeyResponse = z.infer<typeof searchKeyResponse>;

export const companyKeyParams = z.object({
  /** The company's id (uuid) or its code. */
  companyId: z.string().trim().min(1).max(64),
});

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

/** Stock statuses as stored in documents (`stock_status`). */
export const STOCK_STATUS_VALUES = ['in_stock', 'few_left', 'out_of_stock'] as const;

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
  unit: 'piece' | 'carton';
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

// ── The Typesense-compatible HTTP subset (GET …/collections/:c/documents/search, POST …/multi_search) ─────────────

/** Search parameters arrive as a query string: every value a string (Typesense's own names). */
export const searchQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export const collectionParams = z.object({ collection: z.string().min(1).max(200) });

/** POST multi_search: `{ searches: [{ collection, q, … }] }` (JSON, or JSON sent as text/plain by the browser client). */
export const multiSearchBody = z.object({
  searches: z.array(z.record(z.string(), z.unknown())).max(50, { message: 'validation.tooBig' }),
});

const searchHit = z.looseObject({
  document: z.record(z.string(), z.unknown()),
  highlight: z.record(z.string(), z.unknown()),
  highlights: z.array(z.record(z.string(), z.unknown())),
  text_match: z.number(),
});

/** Typesense's search answer (the subset's fields; documents pass through as they are). */
export const searchResponse = z.looseObject({
  facet_counts: z.array(
    z.looseObject({
      field_name: z.string(),
      counts: z.array(z.object({ count: z.number(), highlighted: z.string(), value: z.string() })),
    }),
  ),
  found: z.number(),
  hits: z.array(searchHit),
  out_of: z.number(),
  page: z.number(),
  request_params: z.record(z.string(), z.unknown()),
  search_time_ms: z.number(),
});

export const multiSearchResponse = z.object({
  results: z.array(z.union([searchResponse, z.object({ code: z.number(), error: z.string() })])),
});

/** Errors of the subset: Typesense's `message` (the client shows it), with our error code. */
export const searchError = z.object({ code: z.string(), message: z.string() });
