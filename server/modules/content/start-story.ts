import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { LocalContent } from '../../adapters/content';
import type { ContentSnapshot } from '../../adapters/content/types';
import { EMBEDDED_ACCESS_TOKEN, EMBEDDED_CONTENT_PATH } from './service';

/**
 * The start page's story (`home`) as the embedded CDN answers the browser's content client, for index.html at `/`
 * (plugins/client.ts, issue #17). Read through the CDN route itself, so that it is the very answer the app would fetch
 * (same version, same shape); null when there is no such story. Only for the embedded CDN: a Storyblok space is
 * another server's round trip, which would delay every first paint of `/`.
 *
 * The answer is kept for as long as the content's snapshot is the same one: every request for `/` read it through the
 * whole route before (`app.inject`, ≈ 1 ms of the event loop each), while only a reload of the story files (a change
 * seen by the watcher, a restart) can change it — and a reload makes a new snapshot, so a change shows at the next
 * request. A reload that lands between the snapshot's read and the route's only costs one more read.
 */
export function startStoryReader(
  app: FastifyInstance,
  config: Pick<Config, 'content'>,
  /** The story files the CDN route answers from (the same source, app.ts): its snapshot is a new object exactly when
   * they were read again. */
  source: LocalContent,
): () => Promise<unknown> {
  const query = new URLSearchParams({ version: config.content.version, token: EMBEDDED_ACCESS_TOKEN });
  let held: { snapshot: ContentSnapshot; story: unknown } | null = null;
  return async () => {
    const snapshot = await source.snapshot();
    if (snapshot && held?.snapshot === snapshot) return held.story;
    const answer = await app.inject({ method: 'GET', url: `${storyUrl('home')}?${query}` });
    const story = answer.statusCode === 200 ? ((answer.json() as { story?: unknown }).story ?? null) : null;
    // Only a read that succeeded or found no story is kept: a server error is asked again next time.
    if (snapshot && (answer.statusCode === 200 || answer.statusCode === 404)) held = { snapshot, story };
    return story;
  };
}

const storyUrl = (slug: string) => `${EMBEDDED_CONTENT_PATH}/cdn/stories/${slug}`;
