import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { contentLoader } from '../../features/content/loader';
import { takeStartStory } from './start-story';

export interface HomeData {
  fullSlug: string;
  /** The story could not be read because there is no network (and the device has no copy of it). */
  offline?: boolean;
}

/**
 * The start page's loader: the content story `home`. With no network and no copy on the device (the service worker
 * keeps stories it has seen), the start page still opens: logging out offline lands here. A chunk apart from the page
 * (HomePage.tsx), so that the story is fetched while the page's code downloads.
 */
export const homeLoader = (queryClient: QueryClient) => {
  const load = contentLoader(queryClient, 'home');
  return async (args: LoaderFunctionArgs): Promise<HomeData> => {
    takeStartStory(queryClient);
    try {
      return await load(args);
    } catch (error) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return { fullSlug: 'home', offline: true };
      throw error;
    }
  };
};
