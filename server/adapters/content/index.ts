import type { Config } from '../../config';
import { LocalContent } from './local';
import { StoryblokContent } from './storyblok';
import type { ContentSource } from './types';

export { LocalContent } from './local';
export { StoryblokContent } from './storyblok';
export type { ContentPage, ContentSnapshot, ContentSource, StoryRecord } from './types';

type Log = ConstructorParameters<typeof LocalContent>[1];

/**
 * One setting decides where content comes from: with STORYBLOK_TOKEN a Storyblok space (the browser reads it
 * directly), otherwise the story files under CONTENT_DIR, served by this server's Storyblok-compatible CDN subset.
 */
export function createContentSource(config: Pick<Config, 'content'>, log: Log): ContentSource {
  const { content } = config;
  if (content.storyblokToken) {
    return new StoryblokContent({
      endpoint: content.storyblokApiUrl,
      accessToken: content.storyblokToken,
      version: content.version,
    });
  }
  const local = new LocalContent(content.dir, log);
  if (content.watch) local.watch();
  return local;
}
