import { config as clientConfig } from '../../lib/config';
import { api } from '../api';
import { readContentConfig } from './answers';
import { createContentClient, type ContentClient } from './storyblok';
import { content, pathTo } from '../../../contract/routes';

export type { ContentClient, StoriesParams } from './storyblok';

let current: Promise<ContentClient> | undefined;

/** The app's content client, made once from GET /v1/content/config (a failed attempt is retried on next use). */
export function contentClient(): Promise<ContentClient> {
  const url = pathTo(content.config);
  current ??= api
    .request(url, { read: readContentConfig, auth: 'none' })
    // The API's base made absolute on the page's address: storyblok-js-client needs a whole URL.
    .then((config) => createContentClient(config, new URL(clientConfig().apiBaseUrl, location.href).href))
    .catch((error: unknown) => {
      current = undefined;
      throw error;
    });
  return current;
}
