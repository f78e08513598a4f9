import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductCategoryBlok } from '../../../../contract/content-bloks';
import { categoryTreeQuery } from '../../../api/queries/catalog';
import { pickCategories } from './categories';
import { Heading, NestHeadings, useHeadingLevel } from './heading';
import { BOX, ContentImage } from './media';
import { Bloks } from './blok';
import { RichText } from './RichText';
import { usePageInfo } from './page-context';
import { useStory } from './story-context';

const ProductListing = lazy(() =>
  import('../../../ui/catalog/ProductListing').then((m) => ({ default: m.ProductListing })),
);

/** The catalogue's name of a category (the heading when the story sets none). */
function useCategoryName(slug: string): string | undefined {
  const tree = useQuery(categoryTreeQuery());
  return tree.data ? pickCategories(tree.data.data, [slug], undefined)[0]?.name : undefined;
}

/**
 * A category: heading, intro, image and its blocks, then — unless `show_products` is false — its products with the
 * search page's sorts, facets and paging.
 */
export function ProductCategory({ blok }: { blok: ProductCategoryBlok }) {
  const { t } = useTranslation('content');
  const story = useStory();
  const { firstHeroUid } = usePageInfo();
  const level = useHeadingLevel();
  const isPage = story?.content._uid === blok._uid;
  const catalogueName = useCategoryName(blok.category);
  const title = blok.title || catalogueName || story?.name || '';
  const listingLevel = Math.min(3, level + 1) as 2 | 3;
  return (
    <div className="flex w-full flex-col gap-8">
      <header className="grid items-center gap-6 md:grid-cols-[1fr_auto]">
        <div className="flex max-w-3xl flex-col gap-3">
          <Heading className="text-3xl text-gray-950 sm:text-4xl dark:text-white">{title}</Heading>
          <NestHeadings>
            <RichText doc={blok.intro} className="text-lg text-gray-700 dark:text-gray-300" />
          </NestHeadings>
        </div>
        {blok.image && (
          <ContentImage
            asset={blok.image}
            box={BOX.fourThree}
            sizes="(min-width: 768px) 20rem, 100vw"
            priority={isPage && firstHeroUid === null}
            className="aspect-4/3 w-full rounded-2xl object-cover md:w-80"
          />
        )}
      </header>
      {blok.body && blok.body.length > 0 && (
        <NestHeadings>
          <div className="flex flex-col gap-12">
            <Bloks bloks={blok.body} />
          </div>
        </NestHeadings>
      )}
      {blok.show_products !== false && (
        <Suspense
          fallback={
            <p role="status" className="min-h-96 text-gray-700 dark:text-gray-300">
              {t('loading')}
            </p>
          }
        >
          <ProductListing
            fixedFilter={{ categorySlug: blok.category }}
            defaultSort={blok.default_sort || 'bestSeller'}
            heading={t('categories.products', { name: title })}
            headingLevel={listingLevel}
          />
        </Suspense>
      )}
    </div>
  );
}
