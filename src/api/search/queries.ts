import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchScope } from './engine';
import { searchEverything, searchListing, searchProducts, suggest, type ListingQuery } from './search';
import type { ProductSearchParams } from './types';

/** Search answers change when the catalogue does; a minute is fresh enough and keeps back/forward instant. */
const STALE = 60_000;

/** A product list (carousels). The scope is part of the key: another company's key may see other items. */
export const productSearchQuery = (params: ProductSearchParams, scope: SearchScope) =>
  queryOptions({
    queryKey: ['search', 'products', scope, params] as const,
    queryFn: () => searchProducts(params, scope),
    staleTime: STALE,
  });

/** One page of a listing with facet counts (category pages). */
export const listingQuery = (query: ListingQuery, scope: SearchScope) =>
  queryOptions({
    queryKey: ['search', 'listing', scope, query] as const,
    queryFn: () => searchListing(query, scope),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });

/** The search page: categories, products with facets, tender items and campaigns. */
export const searchPageQuery = (query: ListingQuery, scope: SearchScope) =>
  queryOptions({
    queryKey: ['search', 'page', scope, query] as const,
    queryFn: () => searchEverything(query, scope),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });

/** Instant search suggestions. */
export const suggestionsQuery = (q: string, scope: SearchScope) =>
  queryOptions({
    queryKey: ['search', 'suggest', scope, q] as const,
    queryFn: () => suggest(q, scope),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
