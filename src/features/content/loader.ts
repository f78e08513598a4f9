import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { ROOT_COMPONENTS, storySlugForPath } from '../../../contract/content-constants';
import { storyQuery } from '../../api/queries/content';
import { loadNamespaces } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { iconNamesIn, preloadIcons } from './components/icon-set';
import { preloadHeroImage } from './hero-preload';

export interface ContentLoaderData {
  fullSlug: string;
}

function pathOf(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/**
 * The loader of the start page and of the catch-all content route (SPEC §2): the story at the path, or the fatal 404
 * 'Page Not Found: {path}' when the content service has none (or it is not a page). A chunk of its own, without the
 * renderers, so that the story is fetched while they download (docs/decisions/0021-first-load-budget.md); the first
 * hero's image and the story's icons (each a chunk of its own) are asked for as soon as the story is here.
 */
export function contentLoader(queryClient: QueryClient, fixedSlug?: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<ContentLoaderData> => {
    const url = new URL(request.url);
    const path = pathOf(url);
    // SPEC §2: /home is a placeholder entry; the start page lives at /.
    if (!fixedSlug && storySlugForPath(path) === 'home') throw redirect(paths.home);
    const fullSlug = fixedSlug ?? storySlugForPath(path);
    const [story] = await Promise.all([queryClient.ensureQueryData(storyQuery(fullSlug)), loadNamespaces('content')]);
    if (!story || !(ROOT_COMPONENTS as readonly string[]).includes(story.content.component)) {
      throw data({ code: 'PageNotFound', path: url.pathname }, { status: 404, statusText: 'Not Found' });
    }
    preloadHeroImage(story);
    preloadIcons(iconNamesIn(story.content));
    return { fullSlug };
  };
}
