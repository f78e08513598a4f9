import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '../../../contract/search';
import type { FacetId, ListingPage } from '../../api/search/search';
import type { ProductHit } from '../../api/search/types';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { cx } from '../cx';
import { Spinner } from '../Spinner';
import { FacetPanel } from './FacetPanel';
import {
  chosenCount,
  clearFacets,
  toggleFacet,
  withFacet,
  withPage,
  withSort,
  type ListingState,
} from './listing-url-state';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';
import { SortSelect } from './SortSelect';

export interface ListingViewProps {
  state: ListingState;
  setState: (next: ListingState) => void;
  hrefOf: (next: ListingState) => string;
  data: ListingPage | undefined;
  isFetching: boolean;
  error: unknown;
  perPage: number;
  /** The heading above the grid ("Produkter"); its level in the page's outline. */
  heading?: string;
  headingLevel?: 2 | 3;
  hiddenFacets?: FacetId[];
  sorts?: readonly ProductSort[];
  /** Extra controls in each card (e.g. add to purchase list). */
  cardActions?: (product: ProductHit) => ReactNode;
  onRetry?: () => void;
}

/** A product listing: facets, sort, the count, chosen filters, a grid of cards and paging. State comes from outside. */
export function ListingView({
  state,
  setState,
  hrefOf,
  data,
  isFetching,
  error,
  perPage,
  heading,
  headingLevel = 2,
  hiddenFacets,
  sorts,
  cardActions,
  onRetry,
}: ListingViewProps) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  const filtersId = useId();
  const topRef = useRef<HTMLDivElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Below Tailwind's lg the facets are behind "Visa filter": a phone does not draw (or pay for) the hidden checkboxes.
  const facetsBeside = useMediaQuery('(min-width: 64rem)');
  const Heading = `h${headingLevel}` as const;
  const chosen = chosenCount(state.facets);
  const pages = data ? Math.max(1, Math.ceil(data.found / perPage)) : 1;
  const from = data && data.found > 0 ? (data.page - 1) * perPage + 1 : 0;
  const to = data ? Math.min(data.found, data.page * perPage) : 0;

  const toTop = () => {
    topRef.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
    topRef.current?.focus({ preventScroll: true });
  };

  const chips = Object.entries(state.facets).flatMap(([id, values]) =>
    (values ?? []).map((value) => ({ id: id as FacetId, value })),
  );
  const chipText = (id: FacetId, value: string) =>
    id === 'stock'
      ? t(`stock.${value}` as 'stock.in_stock', { defaultValue: value })
      : id === 'label'
        ? t(`label.${value}` as never, { defaultValue: value })
        : value;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="product-listing">
      <div
        ref={topRef}
        tabIndex={-1}
        className="flex scroll-mt-20 flex-wrap items-end justify-between gap-3 outline-none"
      >
        <div className="flex flex-col gap-0.5">
          <Heading id={headingId} className="text-xl font-bold text-gray-950 dark:text-white">
            {heading ?? t('listing.heading')}
          </Heading>
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300" data-testid="listing-count">
            {data ? (
              data.found > 0 ? (
                <>
                  {t('listing.results', { count: data.found })}
                  {pages > 1 && (
                    <span className="sr-only">, {t('listing.showing', { from, to, count: data.found })}</span>
                  )}
                </>
              ) : null
            ) : (
              t('listing.loading')
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="md"
            className="lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onPress={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? t('listing.hideFilters') : t('listing.showFilters')}
            {chosen > 0 && (
              <>
                <span
                  aria-hidden="true"
                  className="rounded-full bg-primary-700 px-2 text-xs text-white dark:bg-primary-400 dark:text-gray-950"
                >
                  {chosen}
                </span>
                <span className="sr-only">{t('listing.chosenFilters', { count: chosen })}</span>
              </>
            )}
          </Button>
          <SortSelect value={state.sort} sorts={sorts} onChange={(sort) => setState(withSort(state, sort))} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside
          id={filtersId}
          aria-label={t('listing.filters')}
          className={cx(
            'rounded-xl border border-gray-200 bg-white p-4 lg:block lg:self-start lg:border-0 lg:bg-transparent lg:p-0 dark:border-gray-700 dark:bg-gray-900 lg:dark:bg-transparent',
            filtersOpen ? 'block' : 'hidden',
          )}
        >
          {(filtersOpen || facetsBeside) && (
            <FacetPanel
              counts={data?.facets}
              selection={state.facets}
              hidden={hiddenFacets}
              onChange={(id, values) => setState(withFacet(state, id, values))}
            />
          )}
        </aside>

        <div className="flex min-w-0 flex-col gap-4">
          {chips.length > 0 && (
            <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
              <span className="sr-only">{t('listing.activeFilters')}:</span>
              {chips.map(({ id, value }) => (
                <button
                  key={`${id}:${value}`}
                  type="button"
                  aria-label={t('listing.removeFilter', { value: chipText(id, value) })}
                  onClick={() => setState(toggleFacet(state, id, value, false))}
                  className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-primary-300 bg-primary-50 px-3 text-sm font-medium text-primary-900 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-primary-700 dark:bg-primary-950 dark:text-primary-100"
                >
                  {chipText(id, value)}
                  <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              ))}
              <button
                type="button"
                onClick={() => setState(clearFacets(state))}
                className="min-h-9 rounded-sm px-1 text-sm font-medium text-primary-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-primary-300"
              >
                {t('listing.clearFilters')}
              </button>
            </div>
          )}

          {error && !data ? (
            <Alert tone="error" title={t('listing.failed')}>
              {onRetry && (
                <Button variant="secondary" size="sm" className="mt-2" onPress={onRetry}>
                  {t('common:actions.tryAgain')}
                </Button>
              )}
            </Alert>
          ) : !data ? (
            <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
              <Spinner className="size-8" />
            </div>
          ) : data.hits.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700 dark:border-gray-600 dark:text-gray-300">
              {chosen > 0 ? t('listing.emptyFiltered') : t('listing.empty')}
            </p>
          ) : (
            <ul
              aria-busy={isFetching || undefined}
              data-testid="product-grid"
              className={cx(
                'grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4 xl:grid-cols-4',
                isFetching && 'opacity-60',
              )}
            >
              {data.hits.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    headingLevel={headingLevel === 2 ? 3 : 4}
                    priority={index < 4}
                    sizes="(min-width: 1280px) 14rem, (min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw"
                    actions={cardActions?.(product)}
                  />
                </li>
              ))}
            </ul>
          )}

          {data && (
            <Pagination
              page={data.page}
              pages={pages}
              hrefOf={(page) => hrefOf(withPage(state, page))}
              onNavigate={toTop}
            />
          )}
        </div>
      </div>
    </section>
  );
}
