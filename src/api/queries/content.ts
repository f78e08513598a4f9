import { queryOptions } from '@tanstack/react-query';
import { storyPath } from '../../../contract/content-constants';
import { contentClient, type StoriesParams } from '../content/client';

/** Stories change rarely (the CDN answers with max-age 60): a minute fresh, as the service itself caches. */
const STORY_STALE_MS = 60_000;

/** One story by full slug (`home`, `blogg/`, `blogg/x`, `sortiment/drycker/vin`); null when there is none (404). */
export const storyQuery = (fullSlug: string) =>
  queryOptions({
    queryKey: ['content', 'story', fullSlug] as const,
    queryFn: async () => (await contentClient()).story(fullSlug),
    staleTime: STORY_STALE_MS,
  });

/** GET cdn/stories with Storyblok's list parameters; `total` is the count of all matching stories (paging). */
export const storiesQuery = (params: StoriesParams) =>
  queryOptions({
    queryKey: ['content', 'stories', params] as const,
    queryFn: async () => (await contentClient()).stories(params),
    staleTime: STORY_STALE_MS,
  });

export interface Crumb {
  href: string;
  label: string;
}

/**
 * The stories above a page, for its breadcrumbs: `blogg/x` → the folder start page `blogg/`; `sortiment/drycker/vin`
 * → `sortiment/` and `sortiment/drycker/`. One list call by slugs; a level without a start page is left out.
 */
export const ancestorsQuery = (fullSlug: string) => {
  const parts = fullSlug.replace(/\/+$/, '').split('/').slice(0, -1);
  const slugs = parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
  return queryOptions({
    queryKey: ['content', 'ancestors', slugs] as const,
    queryFn: async (): Promise<Crumb[]> => {
      if (slugs.length === 0) return [];
      const { stories } = await (
        await contentClient()
      ).stories({ by_slugs: slugs.join(','), per_page: slugs.length, excluding_fields: 'body' });
      const bySlug = new Map(stories.map((story) => [story.full_slug, story]));
      return slugs.flatMap((slug) => {
        const story = bySlug.get(slug);
        return story ? [{ href: storyPath(slug), label: story.name }] : [];
      });
    },
    staleTime: STORY_STALE_MS,
  });
};
