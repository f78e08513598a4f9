import { SERVER_PATH } from '../../../contract/content-constants';
import type { CdnStory, ContentConfigResponse } from '../../../contract/content';
import { isRecord, readFields, type Field } from '../read-fields';

/**
 * The content answers every content page reads first: the content service's config and a story. They are checked here
 * field by field, against the same shapes as contract/content.ts's `contentConfigResponse` and `cdnStory`, so that the
 * first screen needs neither zod nor the content schemas (docs/decisions/0044). tests/server/first-screen-answers.test.ts
 * holds the two to the contract on every story of content/ and on each field made wrong.
 */

const CONFIG_FIELDS: Record<keyof ContentConfigResponse, Field> = {
  engine: [['embedded', 'storyblok']],
  // An absolute URL or a path on this server: checked below, as the contract's union does.
  endpoint: ['string'],
  accessToken: ['string'],
  version: [['published', 'draft']],
  rateLimit: ['int'],
  perPage: ['int'],
  batchSize: ['int'],
  maxRetries: ['int'],
  retriesDelay: ['int'],
  timeout: ['int'],
  productsFolderId: ['int'],
  productsFolderSlug: ['string'],
};

const STORY_FIELDS: Record<Exclude<keyof CdnStory, 'content'>, Field> = {
  id: ['int'],
  uuid: ['string'],
  name: ['string'],
  slug: ['string'],
  full_slug: ['string'],
  default_full_slug: ['string', 'nullable'],
  created_at: ['string'],
  updated_at: ['string'],
  published_at: ['string', 'nullable'],
  first_published_at: ['string', 'nullable'],
  sort_by_date: ['string', 'nullable'],
  position: ['int'],
  tag_list: ['strings'],
  is_startpage: ['boolean'],
  parent_id: ['int', 'nullable'],
  meta_data: ['unknown'],
  group_id: ['string'],
  release_id: ['int', 'nullable'],
  lang: ['string'],
  path: ['string', 'nullable'],
  alternates: ['array'],
  translated_slugs: ['array', 'nullable'],
};

/** GET /v1/content/config's answer, or undefined. */
export function readContentConfig(value: unknown): ContentConfigResponse | undefined {
  const config = readFields<ContentConfigResponse>(value, CONFIG_FIELDS);
  return config && (URL.canParse(config.endpoint) || SERVER_PATH.test(config.endpoint)) ? config : undefined;
}

/** A story of the CDN, or undefined. Its content passes as stored; its blocks are drawn by the content page's registry. */
export function readStory(value: unknown): CdnStory | undefined {
  const story = readFields<Omit<CdnStory, 'content'>>(value, STORY_FIELDS);
  const content = isRecord(value) ? value.content : undefined;
  if (!story || !isRecord(content) || typeof content._uid !== 'string' || typeof content.component !== 'string') {
    return undefined;
  }
  return { ...story, content: content as CdnStory['content'] };
}
