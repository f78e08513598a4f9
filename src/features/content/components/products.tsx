import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselProductsBlok, CarouselProductsWithFilterBlok } from '../../../../contract/content-bloks';
import { listingQuery, productSearchQuery } from '../../../api/search/queries';
import type { FacetId } from '../../../api/search/search';
import type { ProductHit } from '../../../api/search/types';
import { useSearchScope } from '../../../api/search/use-search-scope';
import { preloadAddToCart } from '../../../ui/catalog/AddToCartSlot';
import { ProductCard } from '../../../ui/catalog/ProductCard';
import { cx } from '../../../ui/cx';
import { linkClass } from '../../../ui/Link';
import { Carousel } from './Carousel';
import { useHeadingLevel } from './heading';
import { ContentLink } from './links';

// A logged-in visitor's cards carry the cart controls (their own chunk): fetched beside the carousel's products.
preloadAddToCart();

const DEFAULT_LIMIT = 12;

/** The search facet that counts a carousel's facet field (origin is not counted: its chips must be listed). */
const FACET_OF: Partial<Record<CarouselProductsWithFilterBlok['facet'], FacetId>> = {
  brand_name: 'brand',
  categories: 'category',
  accreditation_labels: 'label',
  'zone.name': 'zone',
};

const quote = (value: string) => `\`${value.replace(/`/g, '')}\``;

function ProductSlides({ hits, isPending, isError }: { hits: ProductHit[]; isPending: boolean; isError: boolean }) {
  const { t } = useTranslation('content');
  const level = useHeadingLevel();
  const headingLevel = Math.min(4, Math.max(2, level)) as 2 | 3 | 4;
  if (isPending) {
    return [
      <p key="status" role="status" className="py-16 text-gray-700 dark:text-gray-300">
        {t('loading')}
      </p>,
    ];
  }
  if (isError || hits.length === 0) {
    return [
      <p key="status" className="py-16 text-gray-700 dark:text-gray-300">
        {isError ? t('loadFailed') : t('products.empty')}
      </p>,
    ];
  }
  return hits.map((hit) => (
    <ProductCard
      key={hit.id}
      product={hit}
      headingLevel={headingLevel}
      sizes="(min-width: 1024px) 18rem, (min-width: 640px) 40vw, 70vw"
    />
  ));
}

function SeeAll({ blok }: { blok: CarouselProductsBlok | CarouselProductsWithFilterBlok }) {
  if (!blok.link_label) return null;
  return (
    <ContentLink link={blok.link} className={linkClass}>
      {blok.link_label}
    </ContentLink>
  );
}

/** A carousel of products from a search (query, filter, sort, limit); prices follow the logged-in company. */
export function CarouselProducts({ blok }: { blok: CarouselProductsBlok }) {
  const { scope, ready } = useSearchScope();
  const result = useQuery({
    ...productSearchQuery(
      {
        q: blok.query || '*',
        filterBy: blok.filter_by || undefined,
        sortBy: blok.sort,
        perPage: blok.limit ?? DEFAULT_LIMIT,
      },
      scope,
    ),
    enabled: ready,
  });
  return (
    <Carousel title={blok.title} slidesPerView="4" action={<SeeAll blok={blok} />}>
      {ProductSlides({ hits: result.data?.hits ?? [], isPending: result.isPending, isError: result.isError })}
    </Carousel>
  );
}

/** A product carousel with filter chips ("Alla" first); a chip narrows the same search to one facet value. */
export function CarouselProductsWithFilter({ blok }: { blok: CarouselProductsWithFilterBlok }) {
  const { t } = useTranslation('content');
  const { scope, ready } = useSearchScope();
  const [chosen, setChosen] = useState<string | null>(null);
  const limit = blok.limit ?? DEFAULT_LIMIT;
  const base = blok.filter_by?.trim() || undefined;
  const facetId = FACET_OF[blok.facet];
  const listed = blok.facet_values?.filter(Boolean) ?? [];

  // "Alla": the search with its facet counts (the chips when the block lists none).
  const all = useQuery({
    ...listingQuery(
      { q: blok.query || '', sort: blok.sort, facets: {}, page: 1, perPage: limit, fixedFilter: base },
      scope,
    ),
    enabled: ready && chosen === null,
  });
  const narrowed = useQuery({
    ...productSearchQuery(
      {
        q: blok.query || '*',
        filterBy: [base && `(${base})`, chosen !== null && `${blok.facet}:=[${quote(chosen)}]`]
          .filter(Boolean)
          .join(' && '),
        sortBy: blok.sort,
        perPage: limit,
      },
      scope,
    ),
    enabled: ready && chosen !== null,
  });
  // A disabled query keeps its cached answer, so the counted chips stay while a chip is chosen.
  const counted = facetId && all.data ? all.data.facets[facetId].slice(0, 6).map((c) => c.value) : [];
  const chips = listed.length > 0 ? listed : counted;
  const current = chosen === null ? all : narrowed;

  const chip = (value: string | null, label: string) => {
    const pressed = chosen === value;
    return (
      <button
        key={value ?? ''}
        type="button"
        aria-pressed={pressed}
        onClick={() => setChosen(value)}
        className={cx(
          'min-h-11 rounded-full border px-4 text-sm font-medium outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600',
          pressed
            ? 'border-primary-700 bg-primary-700 text-white dark:border-primary-300 dark:bg-primary-300 dark:text-gray-950'
            : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
        )}
      >
        {label}
      </button>
    );
  };

  return (
    <Carousel
      title={blok.title}
      slidesPerView="4"
      action={<SeeAll blok={blok} />}
      toolbar={
        chips.length > 0 ? (
          <div
            role="group"
            aria-label={t('products.filter', { title: blok.title })}
            className="mt-3 flex flex-wrap gap-2"
          >
            {chip(null, t('products.all'))}
            {chips.map((value) => chip(value, value))}
          </div>
        ) : undefined
      }
    >
      {ProductSlides({
        hits: current.data?.hits ?? [],
        isPending: current.isPending,
        isError: current.isError,
      })}
    </Carousel>
  );
}
