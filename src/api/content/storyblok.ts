import StoryblokClient from 'storyblok-js-client';
import type { CdnStory, ContentConfigResponse } from '../../../contract/content';
import { ApiError } from '../api-error';
import { buildUrl } from '../http';
import { readStory } from './answers';

/**
 * The content service (SPEC §1, §7): stories are read with `storyblok-js-client`, configured from
 * GET /v1/content/config — this server's Storyblok-compatible CDN subset, or a real Storyblok space. The client keeps
 * the spec's limits (SPEC §9): 5 requests/s, 429 retried 10 times 300 ms apart, timeout in seconds (0 = none).
 */
export interface ContentClient {
  config: ContentConfigResponse;
  /** One story by full slug; null when the service has no such story (404). */
  story(fullSlug: string): Promise<CdnStory | null>;
  /** GET cdn/stories with Storyblok's parameters; `total` from the answer's `total` header. */
  stories(params: StoriesParams): Promise<{ stories: CdnStory[]; total: number; perPage: number }>;
}

export type StoriesParams = Record<string, string | number | boolean | undefined>;

/** What storyblok-js-client rejects with: `{ message, status, response }` (no status when the network failed). */
interface SbError {
  message?: string;
  status?: number;
}

/** An answer that is not the CDN's shape: an error of its own, not taken for a missing story or the network. */
class InvalidContentAnswer extends Error {}

const invalidAnswer = (url: string) => new InvalidContentAnswer(url);

function toError(method: string, url: string, error: unknown): Error {
  if (error instanceof InvalidContentAnswer) return new ApiError({ method, url, status: 200, code: 'InvalidResponse' });
  const sb = (error ?? {}) as SbError;
  return new ApiError({
    method,
    url,
    status: typeof sb.status === 'number' ? sb.status : 0,
    code: typeof sb.status === 'number' ? 'ContentServiceError' : 'NetworkError',
    message: '',
  });
}

function storyOf(value: unknown, url: string): CdnStory {
  const story = readStory(value);
  if (!story) throw invalidAnswer(url);
  return story;
}

const withoutUndefined = (params: StoriesParams) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Where the content client reads: a Storyblok space's absolute address as it is, or the server's own CDN path
 * (`/v1/content`) on the API's address — the origin the app was opened at with the default same-origin API, so that
 * content works at any address (a phone on the LAN, 127.0.0.1), not only where PUBLIC_URL points (decision 0051).
 */
export function contentEndpoint(endpoint: string, apiBaseUrl: string): string {
  return URL.canParse(endpoint) ? endpoint : buildUrl(apiBaseUrl, endpoint);
}

/** A content client for a config answer; `apiBaseUrl` is the API's absolute address, against which a path resolves. */
export function createContentClient(config: ContentConfigResponse, apiBaseUrl: string): ContentClient {
  const endpoint = contentEndpoint(config.endpoint, apiBaseUrl);
  const sb = new StoryblokClient({
    accessToken: config.accessToken,
    endpoint,
    version: config.version,
    rateLimit: config.rateLimit,
    maxRetries: config.maxRetries,
    retriesDelay: config.retriesDelay,
    timeout: config.timeout,
  });
  const base = { version: config.version };

  return {
    config,
    async story(fullSlug) {
      const url = `cdn/stories/${fullSlug}`;
      try {
        const response = await sb.get(url, { ...base });
        return storyOf((response.data as { story?: unknown } | undefined)?.story, url);
      } catch (error) {
        if ((error as SbError | undefined)?.status === 404) return null;
        throw toError('GET', `${endpoint}/${url}`, error);
      }
    },
    async stories(params) {
      const url = 'cdn/stories';
      try {
        const response = await sb.get(url, { ...base, per_page: config.perPage, ...withoutUndefined(params) });
        const list = (response.data as { stories?: unknown } | undefined)?.stories;
        if (!Array.isArray(list)) throw invalidAnswer(url);
        const stories = list.map((story: unknown) => storyOf(story, url));
        return { stories, total: Number(response.total ?? stories.length), perPage: Number(response.perPage ?? 0) };
      } catch (error) {
        throw toError('GET', `${endpoint}/${url}`, error);
      }
    },
  };
}
