import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BlogPostBlok, BlogPostListBlok } from '../../../../contract/content-bloks';
import type { CdnStory } from '../../../../contract/content-cdn';
import { storyPath } from '../../../../contract/content-constants';
import { storiesQuery } from '../../../api/queries/content';
import { formatDate } from '../../../../contract/rules/swedish-dates';
import { buttonClass } from '../../../ui/button-styles';
import { cx } from '../../../ui/cx';
import { Anchor } from '../../../ui/Link';
import { Heading, NestHeadings } from './heading';
import { BOX, ContentImage } from './media';
import { usePageInfo } from './page-context';
import { RichText } from './RichText';
import { useStory } from './story-context';

function Byline({ post, published }: { post: BlogPostBlok; published: string | null }) {
  const { t } = useTranslation('content');
  return (
    <p className="text-sm text-gray-700 dark:text-gray-300">
      {t('blog.by', { author: post.author })}
      {post.author_role && `, ${post.author_role}`}
      {published && (
        <>
          {' · '}
          <time dateTime={published}>{formatDate(published)}</time>
        </>
      )}
      {post.reading_minutes && <> · {t('blog.readingTime', { count: post.reading_minutes })}</>}
    </p>
  );
}

/** A blog post: heading, intro, byline, image and the text. As a page it is the page's article. */
export function BlogPost({ blok }: { blok: BlogPostBlok }) {
  const story = useStory();
  const { firstHeroUid } = usePageInfo();
  const isPage = story?.content._uid === blok._uid;
  const published = isPage ? (story.first_published_at ?? story.published_at) : null;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Heading className="text-3xl text-gray-950 sm:text-4xl dark:text-white">{blok.title}</Heading>
        <p className="text-xl text-gray-700 dark:text-gray-300">{blok.intro}</p>
        <Byline post={blok} published={published} />
      </header>
      <ContentImage
        asset={blok.image}
        box={BOX.wide}
        sizes="(min-width: 768px) 48rem, 100vw"
        priority={isPage && firstHeroUid === null}
        className="aspect-video w-full rounded-2xl object-cover"
      />
      <NestHeadings>
        <RichText doc={blok.body} className="text-lg text-gray-800 dark:text-gray-200" />
      </NestHeadings>
    </article>
  );
}

function PostCard({ story }: { story: CdnStory }) {
  const post = story.content as unknown as BlogPostBlok;
  const published = story.first_published_at ?? story.published_at;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 focus-within:ring-2 focus-within:ring-primary-600 dark:bg-gray-900 dark:ring-gray-700">
      {post.image?.filename && (
        <ContentImage
          asset={post.image}
          alt=""
          box={BOX.landscape}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-3/2 w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {published && (
          <time dateTime={published} className="text-sm text-gray-700 dark:text-gray-300">
            {formatDate(published)}
          </time>
        )}
        <Heading className="text-xl text-gray-950 dark:text-white">
          <Anchor
            href={storyPath(story.full_slug)}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {post.title ?? story.name}
          </Anchor>
        </Heading>
        {post.intro && <p className="text-gray-700 dark:text-gray-300">{post.intro}</p>}
      </div>
    </article>
  );
}

const PAGE_PARAM = 'sida';

/** The newest posts under a folder as cards; with `show_pagination`, pages through the list's `total`. */
export function BlogPostList({ blok }: { blok: BlogPostListBlok }) {
  const { t } = useTranslation('content');
  const [params] = useSearchParams();
  const requested = blok.show_pagination ? Number(params.get(PAGE_PARAM) ?? '1') : 1;
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const query = useQuery(
    storiesQuery({
      starts_with: blok.folder,
      is_startpage: 'false',
      content_type: 'BlogPost',
      sort_by: 'first_published_at:desc',
      per_page: blok.limit,
      page,
      with_tag: blok.tag || undefined,
    }),
  );
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / blok.limit)) : 1;
  const hrefOf = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete(PAGE_PARAM);
    else next.set(PAGE_PARAM, String(n));
    const search = next.toString();
    return search ? `?${search}` : '?';
  };

  const list = query.isPending ? (
    <p role="status" className="text-gray-700 dark:text-gray-300">
      {t('loading')}
    </p>
  ) : query.isError ? (
    <p className="text-gray-700 dark:text-gray-300">{t('loadFailed')}</p>
  ) : query.data.stories.length === 0 ? (
    <p className="text-gray-700 dark:text-gray-300">{t('blog.empty')}</p>
  ) : (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.stories.map((story) => (
        <li key={story.uuid}>
          <PostCard story={story} />
        </li>
      ))}
    </ul>
  );

  const pager =
    blok.show_pagination && query.data && pages > 1 ? (
      <nav aria-label={t('blog.pagination')} className="flex flex-wrap items-center justify-between gap-4">
        {page > 1 ? (
          <Anchor href={hrefOf(page - 1)} className={buttonClass('secondary', 'md')}>
            {t('blog.previous')}
          </Anchor>
        ) : (
          <span />
        )}
        <p className="text-gray-700 dark:text-gray-300">{t('blog.pageOf', { page, pages })}</p>
        {page < pages ? (
          <Anchor href={hrefOf(page + 1)} className={buttonClass('secondary', 'md')}>
            {t('blog.next')}
          </Anchor>
        ) : (
          <span />
        )}
      </nav>
    ) : null;

  return (
    <div className={cx('flex flex-col gap-6')}>
      {blok.title && <Heading className="text-2xl text-gray-950 sm:text-3xl dark:text-white">{blok.title}</Heading>}
      {blok.title ? <NestHeadings>{list}</NestHeadings> : list}
      {pager}
    </div>
  );
}
