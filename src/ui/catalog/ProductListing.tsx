import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { ProductSort } from '../../../contract/search';
import { listingQuery } from '../../api/search/queries';
import { DEFAULT_PER_PAGE, type FacetId } from '../../api/search/search';
import type { ProductHit } from '../../api/search/types';
import { useSearchScope } from '../../api/search/use-search-scope';
import { ListingView } from './ListingView';
import { useListingUrlState } from './use-listing-url-state';

/** What a listing always shows (the user's facets come on top). */
export interface ProductListingFilter {
  /** A category's products (and its sub-categories'). */
  categorySlug?: string;
  /** Any Typesense `filter_by` expression, ANDed with the category. */
  filterBy?: string;
}

export interface ProductListingProps {
  fixedFilter?: ProductListingFilter;
  /** The sort when the URL names none; 'bestSeller' by default (a listing has no search text to be relevant to). */
  defaultSort?: ProductSort;
  perPage?: number;
  /** The heading above the grid ("Produkter" by default) and its level. */
  heading?: string;
  headingLevel?: 2 | 3;
  /** Extra controls in each card. */
  cardActions?: (product: ProductHit) => ReactNode;
}

const quote = (value: string) => `\`${value.replace(/`/g, '')}\``;

/** The fixed filter as a Typesense `filter_by`. */
export function fixedFilterExpression(filter: ProductListingFilter | undefined): string | undefined {
  const clauses: string[] = [];
  if (filter?.categorySlug) clauses.push(`category_slugs:=[${quote(filter.categorySlug)}]`);
  if (filter?.filterBy?.trim()) clauses.push(`(${filter.filterBy.trim()})`);
  return clauses.length > 0 ? clauses.join(' && ') : undefined;
}

/**
 * A category page's (or any fixed selection's) products with the search page's sorts, facets and paging, all kept in
 * the URL: `<ProductListing fixedFilter={{ categorySlug }} defaultSort="bestSeller" />`.
 */
export function ProductListing({
  fixedFilter,
  defaultSort = 'bestSeller',
  perPage = DEFAULT_PER_PAGE,
  heading,
  headingLevel = 2,
  cardActions,
}: ProductListingProps) {
  const { state, setState, hrefOf } = useListingUrlState(defaultSort);
  const { scope, ready } = useSearchScope();
  const fixed = fixedFilterExpression(fixedFilter);
  const query = useMemo(
    () => ({ q: state.q, sort: state.sort, facets: state.facets, page: state.page, perPage, fixedFilter: fixed }),
    [state, perPage, fixed],
  );
  const result = useQuery({ ...listingQuery(query, scope), enabled: ready });
  const hiddenFacets: FacetId[] = [];

  return (
    <ListingView
      state={state}
      setState={setState}
      hrefOf={hrefOf}
      data={result.data}
      isFetching={result.isFetching}
      error={result.error}
      perPage={perPage}
      heading={heading}
      headingLevel={headingLevel}
      hiddenFacets={hiddenFacets}
      cardActions={cardActions}
      onRetry={() => void result.refetch()}
    />
  );
}
