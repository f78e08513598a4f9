import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { EMBEDDED_ACCESS_TOKEN, EMBEDDED_CONTENT_PATH } from './service';

/**
 * The start page's story (`home`) as the embedded CDN answers the browser's content client, for index.html at `/`
 * (plugins/client.ts, issue #17). Read through the CDN route itself, so that it is the very answer the app would fetch
 * (same version, same shape); null when there is no such story. Only for the embedded CDN: a Storyblok space is
 * another server's round trip, which would delay every first paint of `/`.
 */
export function startStoryReader(app: FastifyInstance, config: Pick<Config, 'content'>): () => Promise<unknown> {
  const query = new URLSearchParams({ version: config.content.version, token: EMBEDDED_ACCESS_TOKEN });
  return async () => {
    const answer = await app.inject({ method: 'GET', url: `${storyUrl('home')}?${query}` });
    if (answer.statusCode !== 200) return null;
    return (answer.json() as { story?: unknown }).story ?? null;
  };
}

const storyUrl = (slug: string) => `${EMBEDDED_CONTENT_PATH}/cdn/stories/${slug}`;
