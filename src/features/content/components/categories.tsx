import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryNode } from '../../../../contract/catalog';
import type { CarouselProductCategoriesBlok, ProductCategoryListBlok } from '../../../../contract/content-bloks';
import { categoryPath } from '../../../../contract/content-constants';
import { categoryTreeQuery } from '../../../api/queries/catalog';
import { cx } from '../../../ui/cx';
import { Anchor, linkClass } from '../../../ui/Link';
import { Carousel } from './Carousel';
import { Heading, NestHeadings } from './heading';
import { ContentLink } from './links';

export interface CategoryTile {
  slug: string;
  name: string;
  productCount: number;
  /** Slugs from the top level down to this category. */
  path: string[];
}

/** Every category of the tree with its path of slugs. */
function flatten(
  nodes: CategoryNode[],
  above: string[] = [],
  out = new Map<string, CategoryTile & { node: CategoryNode }>(),
) {
  for (const node of nodes) {
    const path = [...above, node.slug];
    out.set(node.slug, { slug: node.slug, name: node.name, productCount: node.productCount, path, node });
    flatten(node.children, path, out);
  }
  return out;
}

/** The tiles a block asks for: the named slugs in order, else the parent's children, else the top level. */
export function pickCategories(tree: CategoryNode[], slugs: string[] | undefined, parent: string | undefined) {
  const all = flatten(tree);
  if (slugs && slugs.length > 0) return slugs.flatMap((slug) => (all.has(slug) ? [all.get(slug)!] : []));
  const children = parent ? (all.get(parent)?.node.children ?? []) : tree;
  return children.flatMap((child) => (all.has(child.slug) ? [all.get(child.slug)!] : []));
}

const tileImage = (tile: CategoryTile) => `/images/products/${tile.path[0]}.svg`;

function CategoryCard({ tile, showCount }: { tile: CategoryTile; showCount?: boolean }) {
  const { t } = useTranslation('content');
  return (
    <Anchor
      href={categoryPath(tile.path)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600 hover:ring-primary-600 dark:bg-gray-900 dark:ring-gray-700"
    >
      <img
        src={tileImage(tile)}
        alt=""
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
        className="aspect-4/3 w-full object-cover"
      />
      <span className="flex flex-col p-4">
        <span className="font-semibold text-gray-950 group-hover:underline dark:text-white">{tile.name}</span>
        {showCount && (
          <span className="text-sm text-gray-700 dark:text-gray-300">
            {t('categories.productCount', { count: tile.productCount })}
          </span>
        )}
      </span>
    </Anchor>
  );
}

function useCategoryTiles(slugs: string[] | undefined, parent: string | undefined) {
  const query = useQuery(categoryTreeQuery());
  return { ...query, tiles: query.data ? pickCategories(query.data.data, slugs, parent) : [] };
}

function LoadingRow() {
  const { t } = useTranslation('content');
  return (
    <p className="py-8 text-gray-700 dark:text-gray-300" role="status">
      {t('loading')}
    </p>
  );
}

/** A carousel of categories from the catalogue; each tile links to its category page. */
export function CarouselProductCategories({ blok }: { blok: CarouselProductCategoriesBlok }) {
  const { t } = useTranslation('content');
  const { tiles, isPending, isError } = useCategoryTiles(blok.categories, blok.parent_category);
  if (isError) return null;
  return (
    <Carousel
      title={blok.title}
      label={t('categories.label')}
      slidesPerView="4"
      action={
        blok.link_label ? (
          <ContentLink link={blok.link} className={cx(linkClass, 'focus-visible:outline-2')}>
            {blok.link_label}
          </ContentLink>
        ) : undefined
      }
    >
      {isPending ? [<LoadingRow key="loading" />] : tiles.map((tile) => <CategoryCard key={tile.slug} tile={tile} />)}
    </Carousel>
  );
}

/** The sub-categories of a category (or the top level) as tiles or as a list with product counts. */
export function ProductCategoryList({ blok }: { blok: ProductCategoryListBlok }) {
  const { t } = useTranslation('content');
  const { tiles, isPending, isError } = useCategoryTiles(undefined, blok.parent_category || undefined);
  const layout = blok.layout || 'grid';
  const body = isPending ? (
    <LoadingRow />
  ) : isError ? (
    <p className="text-gray-700 dark:text-gray-300">{t('loadFailed')}</p>
  ) : layout === 'list' ? (
    <ul className="divide-y divide-gray-200 rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-700 dark:bg-gray-900 dark:ring-gray-700">
      {tiles.map((tile) => (
        <li key={tile.slug}>
          <Anchor
            href={categoryPath(tile.path)}
            className="flex items-center justify-between gap-4 px-5 py-4 font-medium text-gray-950 outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-primary-600 hover:bg-gray-50 dark:text-white dark:hover:bg-gray-800"
          >
            <span>{tile.name}</span>
            {blok.show_product_count && (
              <span className="text-sm font-normal text-gray-700 dark:text-gray-300">
                {t('categories.productCount', { count: tile.productCount })}
              </span>
            )}
          </Anchor>
        </li>
      ))}
    </ul>
  ) : (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <li key={tile.slug}>
          <CategoryCard tile={tile} showCount={blok.show_product_count} />
        </li>
      ))}
    </ul>
  );
  if (!blok.title) return <nav aria-label={t('categories.label')}>{body}</nav>;
  return (
    <nav aria-label={blok.title} className="flex flex-col gap-4">
      <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>
      <NestHeadings>{body}</NestHeadings>
    </nav>
  );
}
