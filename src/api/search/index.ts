// Search through the `typesense` client (DESIGN.md, "Search"). The client itself loads on first use.
export { currentSearchScope, resetSearcher, type SearchScope } from './engine';
export {
  DEFAULT_PER_PAGE,
  FACET_IDS,
  FACETS,
  filterExpression,
  searchEverything,
  searchListing,
  searchProducts,
  suggest,
  type CategoryHit,
  type FacetCount,
  type FacetCounts,
  type FacetId,
  type FacetSelection,
  type ListingPage,
  type ListingQuery,
  type SearchPageResult,
  type Suggestions,
} from './search';
export { listingQuery, productSearchQuery, searchPageQuery, suggestionsQuery } from './queries';
export { useSearchScope } from './use-search-scope';
export { toProductHit, type ProductHit, type ProductSearchParams, type ProductSearchResult } from './types';
