/**
 * The Storyblok-compatible CDN subset on the wire — the stories, story and links calls with their queries, answers
 * and errors — and GET /v1/content/config, which points storyblok-js-client at it or at a real Storyblok space.
 */
import { z } from 'zod';
import { isCalendarDate, plainText } from './common';
import { CDN_LIMITS, SERVER_PATH } from './content-constants';

// ── The CDN subset on the wire (GET {endpoint}/cdn/stories, /cdn/stories/{slug|id|uuid}, /cdn/links) ──────────────

/** A story as Storyblok's Content Delivery API v2 sends it. */
export const cdnStory = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  default_full_slug: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  first_published_at: z.string().nullable(),
  sort_by_date: z.string().nullable(),
  position: z.number().int(),
  tag_list: z.array(z.string()),
  is_startpage: z.boolean(),
  parent_id: z.number().int().nullable(),
  meta_data: z.unknown().nullable(),
  group_id: z.string(),
  release_id: z.number().int().nullable(),
  lang: z.string(),
  path: z.string().nullable(),
  alternates: z.array(z.unknown()),
  translated_slugs: z.array(z.unknown()).nullable(),
  /** The content passes through as stored (see storyContent for its shape). */
  content: z.looseObject({ _uid: z.string(), component: z.string() }),
});
export type CdnStory = z.infer<typeof cdnStory>;

/** GET cdn/stories: headers `total` (matching stories) and `per-page`. */
export const cdnStoriesResponse = z.object({
  stories: z.array(cdnStory),
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});
/** GET cdn/stories/{full_slug | id | uuid with find_by=uuid}. */
export const cdnStoryResponse = z.object({
  story: cdnStory,
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});

/** A link object: a concise story or folder. `slug` is the full slug; root items have parent_id 0. */
export const cdnLink = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  path: z.string().nullable(),
  real_path: z.string(),
  name: z.string(),
  is_folder: z.boolean(),
  published: z.boolean(),
  is_startpage: z.boolean(),
  position: z.number().int(),
  parent_id: z.number().int().nullable(),
  published_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type CdnLink = z.infer<typeof cdnLink>;
/** GET cdn/links: `{ links: { [uuid]: link } }`, headers `total` and `per-page`. */
export const cdnLinksResponse = z.object({ links: z.record(z.string(), cdnLink) });

/** Storyblok's 404: a JSON array with one message (storyblok-js-client rejects with `message` set to it). */
export const cdnNotFound = z.array(z.string());
export const CDN_NOT_FOUND = ['This record could not be found'];
/** A malformed parameter: 400 with `error` (English, what storyblok-js-client shows) and our code and fields. */
export const cdnError = z.object({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

const flag = z.enum(['true', 'false', '1', '0']);
const intParam = (min: number, max: number) =>
  plainText.regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
const list = (item: RegExp, what: string) =>
  plainText.refine((v) => v.split(',').every((part) => item.test(part.trim())), `must be a comma-separated ${what}`);
const fullSlugPattern = /^[a-z0-9*][a-z0-9/*_-]*$/i;
const sortByPattern =
  /^(name|slug|full_slug|created_at|updated_at|published_at|first_published_at|sort_by_date|position|id|uuid|content\.[A-Za-z0-9_.]+):(asc|desc)(:(int|float))?$/;
const instantParam = plainText
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, {
    message: 'must be a date like 2026-01-31 12:00',
    abort: true,
  })
  .refine((v) => isCalendarDate(v.slice(0, 10)), { message: 'validation.date' });

/** The parameters both story calls take. Unknown parameters are ignored (as Storyblok does). */
const commonStoryParams = {
  token: plainText.optional(),
  version: z.enum(['published', 'draft']).optional(),
  cv: plainText.regex(/^\d+$/, 'must be a whole number').optional(),
  resolve_links: z.enum(['0', '1', 'url', 'story', 'link']).optional(),
  resolve_links_level: z.enum(['1', '2']).optional(),
  resolve_relations: plainText.optional(),
  resolve_level: plainText.optional(),
  language: plainText.optional(),
  fallback_lang: plainText.optional(),
  from_release: plainText.optional(),
};

/** GET cdn/stories query. `filter_query[field][op]=value` parameters are read on top of these. */
export const cdnStoriesQuery = z.looseObject({
  ...commonStoryParams,
  starts_with: plainText.max(300).optional(),
  by_slugs: list(fullSlugPattern, 'list of full slugs (* allowed)').optional(),
  excluding_slugs: list(fullSlugPattern, 'list of full slugs (* allowed)').optional(),
  by_uuids: list(/^[0-9a-f-]{36}$/i, 'list of uuids').optional(),
  by_uuids_ordered: list(/^[0-9a-f-]{36}$/i, 'list of uuids').optional(),
  by_ids: list(/^\d+$/, 'list of ids').optional(),
  excluding_ids: list(/^\d+$/, 'list of ids').optional(),
  with_tag: plainText.optional(),
  is_startpage: flag.optional(),
  content_type: plainText.optional(),
  search_term: plainText.max(200).optional(),
  level: intParam(1, 20).optional(),
  per_page: intParam(1, CDN_LIMITS.storiesPerPage).optional(),
  page: intParam(1, 100_000).optional(),
  sort_by: plainText.regex(sortByPattern, 'must be field:asc or field:desc (optionally :int or :float)').optional(),
  excluding_fields: plainText.optional(),
  first_published_at_gt: instantParam.optional(),
  first_published_at_lt: instantParam.optional(),
  published_at_gt: instantParam.optional(),
  published_at_lt: instantParam.optional(),
});
export type CdnStoriesQuery = z.output<typeof cdnStoriesQuery>;

export const cdnStoryQuery = z.looseObject({ ...commonStoryParams, find_by: z.enum(['uuid']).optional() });
export type CdnStoryQuery = z.output<typeof cdnStoryQuery>;
export const cdnStoryParams = z.object({ '*': plainText.min(1).max(500) });

export const cdnLinksQuery = z.looseObject({
  token: plainText.optional(),
  version: z.enum(['published', 'draft']).optional(),
  cv: plainText.regex(/^\d+$/, 'must be a whole number').optional(),
  starts_with: plainText.max(300).optional(),
  with_parent: intParam(0, Number.MAX_SAFE_INTEGER).optional(),
  include_dates: flag.optional(),
  paginated: flag.optional(),
  per_page: intParam(1, CDN_LIMITS.linksPerPage).optional(),
  page: intParam(1, 100_000).optional(),
});
export type CdnLinksQuery = z.output<typeof cdnLinksQuery>;

// ── GET /v1/content/config ─────────────────────────────────────────────────────────────────────────────────────

/**
 * What the browser passes to `new StoryblokClient({ accessToken, endpoint, version, rateLimit, maxRetries,
 * retriesDelay, timeout })` (the client appends /cdn/…). `endpoint` is this server's CDN subset as a path
 * (`SERVER_PATH`, resolved by the browser against the API's own origin), or the Storyblok space's region API, absolute,
 * when STORYBLOK_TOKEN is set (the server does not proxy).
 */
export const contentConfigResponse = z.object({
  engine: z.enum(['embedded', 'storyblok']),
  endpoint: z.union([z.url(), z.string().regex(SERVER_PATH)]),
  accessToken: z.string(),
  version: z.enum(['published', 'draft']),
  rateLimit: z.number().int(),
  perPage: z.number().int(),
  batchSize: z.number().int(),
  maxRetries: z.number().int(),
  retriesDelay: z.number().int(),
  /** Seconds; 0 = no timeout. */
  timeout: z.number().int(),
  productsFolderId: z.number().int(),
  productsFolderSlug: z.string(),
});
export type ContentConfigResponse = z.infer<typeof contentConfigResponse>;
