import type { QueryClient } from '@tanstack/react-query';
import { readStory } from '../../api/content/answers';
import { storyQuery } from '../../api/queries/content';

/** server/plugins/client.ts puts the start page's story here in index.html for `/` (issue #17). */
const START_STORY_ID = 'start-story';

/**
 * The start page's story from index.html, into the data cache as if the content service had just answered: the loader
 * then has it at once, and asks for the hero's image without waiting for the content config, the content client's code
 * and the story (three round trips on a phone's network). Taken once: the element goes, later visits read the cache or
 * the service as before. An index.html without it (the service worker's copy, another path) or with something that is
 * not a story changes nothing.
 */
export function takeStartStory(queryClient: QueryClient): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(START_STORY_ID);
  if (!element) return;
  element.remove();
  let story;
  try {
    story = readStory(JSON.parse(element.textContent ?? ''));
  } catch {
    return;
  }
  const { queryKey } = storyQuery('home');
  if (story && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, story);
}
