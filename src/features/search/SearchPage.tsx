import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { categorySlugPaths, categoryTreeQuery } from '../../api/queries/catalog';
import { searchPageQuery } from '../../api/search/queries';
import { DEFAULT_PER_PAGE, type CategoryHit } from '../../api/search/search';
import type { ProductHit, ProductSearchResult } from '../../api/search/types';
import { isNetworkFailure, useDeviceCompany } from '../../api/search/device-search';
import { useSearchScope } from '../../api/search/use-search-scope';
import { useIsAuthenticated } from '../../api/session/hooks';
import { categoryPath } from '../../lib/paths';
import { useOnline } from '../../lib/use-online';
import { Alert } from '../../ui/Alert';
import { AddToPurchaseList } from '../../ui/catalog/AddToPurchaseList';
import { ListingView } from '../../ui/catalog/ListingView';
import { withQuery } from '../../ui/catalog/listing-url-state';
import { ProductCard } from '../../ui/catalog/ProductCard';
import { useDocumentMeta } from '../../ui/catalog/use-document-meta';
import { useListingUrlState } from '../../ui/catalog/use-listing-url-state';
import { Link } from '../../ui/Link';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';

/** The device's answer without network: loaded only when needed (MiniSearch and Dexie stay out of the first load). */
const OfflineSearchResults = lazy(() => import('../../ui/offline-search/OfflineSearchResults'));

/**
 * /sok?q=… — categories, products (sorts, facets, paging), the company's tender items and its campaigns. Everything
 * the page shows is in the URL.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const authenticated = useIsAuthenticated();
  const { state, setState, hrefOf } = useListingUrlState('relevance');
  const { scope, ready } = useSearchScope();
  const query = useMemo(
    () => ({ q: state.q, sort: state.sort, facets: state.facets, page: state.page, perPage: DEFAULT_PER_PAGE }),
    [state],
  );
  const result = useQuery({ ...searchPageQuery(query, scope), enabled: ready });
  // The results are drawn in a deferred render, which React slices: their arrival does not block a phone's main thread.
  const data = useDeferredValue(result.data);
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  const online = useOnline();
  const company = useDeviceCompany();
  // Without network the company's article index on the device answers (docs/decisions/0058).
  const offline = !online || (!data && isNetworkFailure(result.error));

  useDocumentMeta(state.q ? t('pageTitle', { q: state.q }) : t('title'));

  const cardActions = authenticated
    ? (product: ProductHit) => <AddToPurchaseList product={product} size="sm" />
    : undefined;
  const nothing = data && state.q && data.products.found === 0 && data.categories.length === 0;
  // Until the first answer, one place holds the results: the groups above the products (categories, tender items,
  // campaigns) then arrive with them instead of pushing an already drawn listing down.
  const firstAnswer = !data && !result.error;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8" data-testid="search-page">
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-gray-950 sm:text-3xl dark:text-white">
          {state.q ? t('resultsFor', { q: state.q }) : t('heading')}
        </h1>
        <div role="search" className="max-w-2xl">
          <SearchField
            label={t('field')}
            placeholder={t('placeholder')}
            submitLabel={t('submit')}
            value={text}
            onChange={setText}
            onSubmit={(value) => setState(withQuery(state, value))}
            onClear={() => setText('')}
          />
        </div>
        {!state.q && !offline && <p className="text-gray-700 dark:text-gray-300">{t('intro')}</p>}
      </div>

      {offline && (
        <Suspense fallback={<Spinner label={t('searching')} className="mx-auto size-8" />}>
          <OfflineSearchResults q={state.q} companyCode={company} />
        </Suspense>
      )}

      {!offline && result.error && !data && <Alert tone="error">{t('failed')}</Alert>}

      {firstAnswer && !offline && (
        <div className="flex min-h-dvh justify-center pt-16 text-primary-700 dark:text-primary-300">
          <Spinner label={t('searching')} className="size-8" />
        </div>
      )}

      {nothing && !offline && (
        <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center dark:border-gray-600">
          <h2 className="text-lg font-bold text-gray-950 dark:text-white">{t('noResults', { q: state.q })}</h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">{t('noResultsText')}</p>
        </div>
      )}

      {!offline && data && data.categories.length > 0 && <CategoryResults categories={data.categories} />}

      {!offline && data?.tenderItems && data.tenderItems.found > 0 && (
        <ItemGroup
          id="tender-items"
          title={t('tenderItems')}
          intro={t('tenderItemsIntro')}
          result={data.tenderItems}
          cardActions={cardActions}
        />
      )}
      {!offline && data?.campaigns && data.campaigns.found > 0 && (
        <ItemGroup
          id="campaigns"
          title={t('campaigns')}
          intro={t('campaignsIntro')}
          result={data.campaigns}
          cardActions={cardActions}
        />
      )}

      {!offline && !nothing && !firstAnswer && (
        <ListingView
          state={state}
          setState={setState}
          hrefOf={hrefOf}
          data={data?.products}
          isFetching={result.isFetching}
          error={result.error}
          perPage={DEFAULT_PER_PAGE}
          heading={t('products')}
          cardActions={cardActions}
          onRetry={() => void result.refetch()}
        />
      )}
    </div>
  );
}

function CategoryResults({ categories }: { categories: CategoryHit[] }) {
  const { t } = useTranslation('search');
  const tree = useQuery(categoryTreeQuery());
  const slugPaths = useMemo(() => (tree.data ? categorySlugPaths(tree.data.data) : null), [tree.data]);
  return (
    <section aria-labelledby="search-categories" data-testid="search-categories">
      <h2 id="search-categories" className="text-xl font-bold text-gray-950 dark:text-white">
        {t('categories')}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {categories.map((category) => {
          const path = slugPaths?.get(category.slug) ?? [category.slug];
          return (
            <li key={category.slug}>
              <Link
                href={categoryPath(path)}
                className="flex min-h-11 flex-col justify-center rounded-xl border border-gray-200 bg-white px-4 py-2 no-underline hover:border-primary-400 dark:border-gray-700 dark:bg-gray-900"
              >
                <span className="font-semibold">{category.name}</span>
                <span className="text-xs font-normal text-gray-700 dark:text-gray-300">
                  {category.path !== category.name && `${category.path} · `}
                  {t('categoryProducts', { count: category.productCount })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ItemGroup({
  id,
  title,
  intro,
  result,
  cardActions,
}: {
  id: string;
  title: string;
  intro: string;
  result: ProductSearchResult;
  cardActions?: (product: ProductHit) => React.ReactNode;
}) {
  const { t } = useTranslation('search');
  return (
    <section aria-labelledby={`search-${id}`} data-testid={`search-${id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`search-${id}`} className="text-xl font-bold text-gray-950 dark:text-white">
          {title}
        </h2>
        {result.found > result.hits.length && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t('showAllTender', { shown: result.hits.length, count: result.found })}
          </p>
        )}
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">{intro}</p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {result.hits.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              sizes="(min-width: 1152px) 22rem, (min-width: 640px) 33vw, 50vw"
              actions={cardActions?.(product)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
