import type { CompanyItemDocument, ProductDocument, ProductSort } from '../../../contract/search';

/** A product as search results, category listings and carousels show it (from a search document). */
export interface ProductHit {
  /** The product's id (for tender items and campaigns: the product's, not the document's). */
  id: string;
  slug: string;
  sku: string;
  name: string;
  brandName: string;
  /** Category names, top level to leaf. */
  categories: string[];
  categorySlugs: string[];
  zoneName: string;
  labels: string[];
  stockStatus: ProductDocument['stock_status'];
  unit: ProductDocument['unit'];
  piecesPerCarton: number;
  /** The public list price of one sales unit (öre); for a tender item or campaign the company's price. */
  price: number;
  comparisonPrice: number;
  comparisonUnit: string;
  discontinued: boolean;
  requisition: boolean;
  imageUrl: string | null;
  origin: string | null;
  latinName: string | null;
  /** Set on tender items and campaigns: the kind of company price and the public list price beside it. */
  companyPrice: { kind: 'tender' | 'campaign'; listPrice: number; validTo: string | null } | null;
}

export interface ProductSearchParams {
  /** Text to search for; empty or '*' lists everything (the filter still applies). */
  q?: string;
  /** A Typesense `filter_by` expression, e.g. 'category_slugs:=mejeri'. */
  filterBy?: string;
  /** A PRODUCT_SORTS key (contract/search.ts) or a raw Typesense `sort_by`. Relevance by default. */
  sortBy?: ProductSort | (string & {});
  /** 1–250; 24 by default. */
  perPage?: number;
  /** 1-based. */
  page?: number;
}

export interface ProductSearchResult {
  hits: ProductHit[];
  found: number;
}

const isoFromSeconds = (seconds: number | undefined) =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString().slice(0, 10);

/** A search document (products, tender items or campaigns) as a ProductHit. */
export function toProductHit(doc: ProductDocument | CompanyItemDocument): ProductHit {
  const item = 'product_id' in doc ? doc : null;
  return {
    id: item ? item.product_id : doc.id,
    slug: doc.slug,
    sku: doc.sku,
    name: doc.name,
    brandName: doc.brand_name,
    categories: doc.categories ?? [],
    categorySlugs: doc.category_slugs ?? [],
    zoneName: doc.zone?.name ?? '',
    labels: doc.accreditation_labels ?? [],
    stockStatus: doc.stock_status,
    unit: doc.unit,
    piecesPerCarton: doc.pieces_per_carton,
    price: doc.smallest_unit.public_price,
    comparisonPrice: doc.smallest_unit.comparison_price,
    comparisonUnit: doc.smallest_unit.comparison_unit,
    discontinued: doc.discontinued,
    requisition: doc.requisition,
    imageUrl: doc.image ?? null,
    origin: doc.origin ?? null,
    latinName: doc.latin_name ?? null,
    companyPrice: item ? { kind: item.kind, listPrice: item.list_price, validTo: isoFromSeconds(item.valid_to) } : null,
  };
}
