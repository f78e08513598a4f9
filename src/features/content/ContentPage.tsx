import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import type { BlogPostBlok, NestableBlok, PageBlok, ProductCategoryBlok } from '../../../contract/content-bloks';
import type { CdnStory } from '../../../contract/content-cdn';
import { storyQuery } from '../../api/queries/content';
import { cx } from '../../ui/cx';
import { ContentBreadcrumbs } from './ContentBreadcrumbs';
import { HeadingLevelProvider } from './components/heading';
import { PageContext } from './components/page-context';
import { Blok } from './components/registry';
import { StoryContext } from './components/story-context';
import type { ContentLoaderData } from './loader';
import { useForcedColourMode, useStoryMeta } from './use-story-meta';

/** Blocks that span the whole width themselves (their own background and inner width). */
const FULL_WIDTH = new Set(['Hero', 'Section']);

function PageBody({ page, afterFirst }: { page: PageBlok; afterFirst?: ReactNode }) {
  const [first, ...rest] = page.body;
  const heroFirst = first?.component === 'Hero';
  const block = (blok: NestableBlok) =>
    FULL_WIDTH.has(blok.component) ? (
      <Blok key={blok._uid} blok={blok} />
    ) : (
      <div key={blok._uid} className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <Blok blok={blok} />
      </div>
    );
  return (
    <div className={cx('flex flex-col gap-12 pb-16 sm:gap-16', !heroFirst && 'pt-6')}>
      {heroFirst ? (
        <HeadingLevelProvider level={1}>
          <Blok blok={first} />
        </HeadingLevelProvider>
      ) : (
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">
            {page.title}
          </h1>
        </div>
      )}
      {afterFirst}
      {(heroFirst ? rest : page.body).map(block)}
    </div>
  );
}

/** A story: its title and meta tags, breadcrumbs, and its root block (a Page, a blog post or a category page). */
export function StoryView({ story, afterFirst }: { story: CdnStory; afterFirst?: ReactNode }) {
  const content = story.content as unknown as PageBlok | BlogPostBlok | ProductCategoryBlok;
  useStoryMeta(story);
  useForcedColourMode(content.component === 'Page' ? content.colour_mode : undefined);
  const firstHero =
    content.component === 'Page' ? (content.body.find((blok) => blok.component === 'Hero')?._uid ?? null) : null;
  const hideCrumbs = story.full_slug === 'home' || (content.component === 'Page' && content.hide_breadcrumbs);
  const label = content.component === 'Page' ? content.title : (content.title ?? story.name);

  return (
    <StoryContext.Provider value={story}>
      <PageContext.Provider value={{ firstHeroUid: firstHero }}>
        {!hideCrumbs && <ContentBreadcrumbs story={story} current={label || story.name} />}
        {content.component === 'Page' ? (
          <PageBody page={content} afterFirst={afterFirst} />
        ) : (
          <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6">
            <HeadingLevelProvider level={1}>
              <Blok blok={content} />
            </HeadingLevelProvider>
          </div>
        )}
      </PageContext.Provider>
    </StoryContext.Provider>
  );
}

/** The catch-all content page: the story the loader found (kept fresh by TanStack Query). */
export function ContentPage({ afterFirst }: { afterFirst?: ReactNode }) {
  const { fullSlug } = useLoaderData<ContentLoaderData>();
  const { data: story } = useSuspenseQuery(storyQuery(fullSlug));
  // The loader has already turned a missing story into the 404.
  if (!story) return null;
  return <StoryView key={story.uuid} story={story} afterFirst={afterFirst} />;
}
