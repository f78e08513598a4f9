import type { SearchParams, SearchResponse } from 'typesense/lib/Typesense/Documents';
import {
  CATEGORY_QUERY_BY,
  PRODUCT_QUERY_BY,
  PRODUCT_SORTS,
  type CategoryDocument,
  type CompanyItemDocument,
  type ProductDocument,
  type ProductSort,
} from '../../../contract/search-constants';
import { currentSearchScope, withSearcher, type SearchScope, type Searcher } from './engine';
import { toProductHit, type ProductHit, type ProductSearchParams, type ProductSearchResult } from './types';

import {
  FACET_IDS,
  FACETS,
  fieldOf,
  filterExpression,
  type FacetCount,
  type FacetCounts,
  type FacetId,
  type FacetSelection,
} from './facets';

export { FACET_IDS, FACETS, filterExpression, type FacetCount, type FacetCounts, type FacetId, type FacetSelection };

export const DEFAULT_PER_PAGE = 24;
/** How many values of one facet are counted (the list shows a few and "Visa alla"). */
const MAX_FACET_VALUES = 100;

export const sortByOf = (sort: string | undefined): string =>
  sort === undefined ? PRODUCT_SORTS.relevance : ((PRODUCT_SORTS as Record<string, string>)[sort] ?? sort);

const text = (q: string | undefined) => (q && q.trim() ? q.trim() : '*');

function productSearch(
  q: string | undefined,
  params: Partial<SearchParams<ProductDocument>>,
): SearchParams<ProductDocument> {
  return { q: text(q), query_by: PRODUCT_QUERY_BY, ...params } as SearchParams<ProductDocument>;
}

type Result<T extends object> = SearchResponse<T>;

/** A multi_search answer in its place: a failing search throws (Typesense answers it as `{code, error}`). */
function ok<T extends object>(result: Result<T> | { code: number; error: string } | undefined): Result<T> {
  if (!result) throw new Error('Sökningen gav inget svar.');
  if ('error' in result) throw Object.assign(new Error(result.error), { httpStatus: result.code });
  return result as Result<T>;
}

async function multi(searcher: Searcher, searches: Record<string, unknown>[]): Promise<Result<object>[]> {
  const answer = (await searcher.client.multiSearch.perform({ searches } as never, {})) as unknown as {
    results: (Result<object> | { code: number; error: string })[];
  };
  return answer.results.map((r) => ok(r));
}

const hitsOf = (result: Result<object>): ProductHit[] =>
  (result.hits ?? []).map((hit) => toProductHit(hit.document as ProductDocument | CompanyItemDocument));

// ── One product list (carousels, a category's products) ─────────────────────────────────────────────────────────────

/**
 * Products by text, filter and sort: what content carousels and simple lists call. Uses the logged-in user's company
 * key when the app knows it, else the public key (products look the same under both).
 */
export async function searchProducts(
  params: ProductSearchParams,
  scope: SearchScope = currentSearchScope(),
): Promise<ProductSearchResult> {
  return withSearcher(scope, async (searcher) => {
    const result = await searcher.client
      .collections<ProductDocument>(searcher.key.collections.products)
      .documents()
      .search(
        productSearch(params.q, {
          ...(params.filterBy ? { filter_by: params.filterBy } : {}),
          sort_by: sortByOf(params.sortBy),
          per_page: params.perPage ?? DEFAULT_PER_PAGE,
          page: params.page ?? 1,
        }),
        {},
      );
    return { hits: hitsOf(result as Result<object>), found: result.found };
  });
}

// ── A listing with facets (search page, category pages) ────────────────────────────────────────────────────────────

export interface ListingQuery {
  q: string;
  sort: ProductSort;
  facets: FacetSelection;
  /** 1-based. */
  page: number;
  perPage: number;
  /** A filter the user cannot remove (a category page's). */
  fixedFilter?: string;
}

export interface ListingPage {
  hits: ProductHit[];
  found: number;
  page: number;
  facets: FacetCounts;
}

function facetCountsOf(results: { result: Result<object>; only?: FacetId }[]): FacetCounts {
  const counts = Object.fromEntries(FACET_IDS.map((id) => [id, [] as FacetCount[]])) as FacetCounts;
  for (const { result, only } of results) {
    for (const facet of result.facet_counts ?? []) {
      const id = FACETS.find((f) => f.field === facet.field_name)?.id;
      if (!id || (only && id !== only)) continue;
      counts[id] = facet.counts.map((c) => ({ value: c.value, count: c.count }));
    }
  }
  return counts;
}

/** The searches of one listing page: the products with every facet, and one count per facet in use. */
function listingSearches(searcher: Searcher, query: ListingQuery) {
  const collection = searcher.key.collections.products;
  const chosen = FACET_IDS.filter((id) => (query.facets[id]?.length ?? 0) > 0);
  const main = {
    collection,
    ...productSearch(query.q, {
      sort_by: sortByOf(query.sort),
      per_page: query.perPage,
      page: query.page,
      facet_by: FACETS.filter((f) => !chosen.includes(f.id))
        .map((f) => f.field)
        .join(','),
      max_facet_values: MAX_FACET_VALUES,
    }),
  } as Record<string, unknown>;
  const filter = filterExpression(query.facets, query.fixedFilter);
  if (filter) main.filter_by = filter;
  if (!main.facet_by) delete main.facet_by;
  const disjunctive = chosen.map((id) => {
    const search: Record<string, unknown> = {
      collection,
      ...productSearch(query.q, { per_page: 0, facet_by: fieldOf(id), max_facet_values: MAX_FACET_VALUES }),
    };
    const without = filterExpression(query.facets, query.fixedFilter, id);
    if (without) search.filter_by = without;
    return search;
  });
  return { searches: [main, ...disjunctive], chosen };
}

function listingPageOf(query: ListingQuery, chosen: FacetId[], results: Result<object>[]): ListingPage {
  const [main, ...rest] = results as [Result<object>, ...Result<object>[]];
  return {
    hits: hitsOf(main),
    found: main.found,
    page: query.page,
    facets: facetCountsOf([{ result: main }, ...rest.map((result, i) => ({ result, only: chosen[i] }))]),
  };
}

/** One page of a listing with facet counts (every facet counted without its own choice). */
export function searchListing(query: ListingQuery, scope: SearchScope = currentSearchScope()): Promise<ListingPage> {
  return withSearcher(scope, async (searcher) => {
    const { searches, chosen } = listingSearches(searcher, query);
    return listingPageOf(query, chosen, await multi(searcher, searches));
  });
}

// ── The search page: categories, products, tender items and campaigns in one request ──────────────────────────────

export interface CategoryHit {
  slug: string;
  name: string;
  /** "Drycker › Vin › Rött vin" */
  path: string;
  productCount: number;
}

export interface SearchPageResult {
  categories: CategoryHit[];
  products: ListingPage;
  /** Null without a company (the public key sees none). */
  tenderItems: ProductSearchResult | null;
  campaigns: ProductSearchResult | null;
}

/** Categories, tender items and campaigns shown beside the products. */
const GROUP_SIZE = 6;

const categoryHits = (result: Result<object>): CategoryHit[] =>
  (result.hits ?? []).map((hit) => {
    const doc = hit.document as CategoryDocument;
    return { slug: doc.slug, name: doc.name, path: doc.path, productCount: doc.product_count };
  });

/** Everything the search page shows, in one multi_search. */
export function searchEverything(query: ListingQuery, scope: SearchScope): Promise<SearchPageResult> {
  return withSearcher(scope, async (searcher) => {
    const { searches, chosen } = listingSearches(searcher, query);
    const { collections } = searcher.key;
    const withCompany = searcher.key.companyId !== null;
    const groups: Record<string, unknown>[] = [
      { collection: collections.categories, q: text(query.q), query_by: CATEGORY_QUERY_BY, per_page: GROUP_SIZE },
    ];
    if (withCompany) {
      for (const collection of [collections.tenderItems, collections.campaigns]) {
        groups.push({
          collection,
          ...productSearch(query.q, { sort_by: sortByOf(query.sort), per_page: GROUP_SIZE }),
        });
      }
    }
    const results = await multi(searcher, [...groups, ...searches]);
    const [categories, ...rest] = results as [Result<object>, ...Result<object>[]];
    const tender = withCompany ? rest.shift()! : null;
    const campaigns = withCompany ? rest.shift()! : null;
    return {
      categories: text(query.q) === '*' ? [] : categoryHits(categories),
      products: listingPageOf(query, chosen, rest),
      tenderItems: tender ? { hits: hitsOf(tender), found: tender.found } : null,
      campaigns: campaigns ? { hits: hitsOf(campaigns), found: campaigns.found } : null,
    };
  });
}

// ── Instant search in the header ────────────────────────────────────────────────────────────────────────────────────

export interface Suggestions {
  categories: CategoryHit[];
  products: ProductHit[];
  found: number;
}

/** A few categories and products for what has been typed so far (prefix and typo tolerant). */
export function suggest(q: string, scope: SearchScope, size = { categories: 4, products: 6 }): Promise<Suggestions> {
  return withSearcher(scope, async (searcher) => {
    const [categories, products] = await multi(searcher, [
      {
        collection: searcher.key.collections.categories,
        q: text(q),
        query_by: CATEGORY_QUERY_BY,
        per_page: size.categories,
      },
      {
        collection: searcher.key.collections.products,
        ...productSearch(q, { sort_by: PRODUCT_SORTS.relevance, per_page: size.products }),
      },
    ]);
    return { categories: categoryHits(categories!), products: hitsOf(products!), found: products!.found };
  });
}
