import {
  cdnError,
  cdnLinksQuery,
  cdnLinksResponse,
  cdnNotFound,
  cdnStoriesQuery,
  cdnStoriesResponse,
  cdnStoryParams,
  cdnStoryQuery,
  cdnStoryResponse,
  contentConfigResponse,
} from '../../content';
import { content as calls } from '../content';
import { describe } from './describe';

const errors = { 400: cdnError, 404: cdnNotFound };

export const content = describe(calls, {
  config: {
    tags: ['content'],
    summary: 'Where and how the content client reads stories (embedded CDN subset or a Storyblok space)',
    response: { 200: contentConfigResponse },
  },
  stories: {
    tags: ['content'],
    summary: 'Storyblok CDN: stories (starts_with, by_slugs, excluding_slugs, sort_by, filter_query, paging)',
    description: 'Headers `total` (matching stories) and `per-page` page the answer, as Storyblok does.',
    querystring: cdnStoriesQuery,
    response: { 200: cdnStoriesResponse, ...errors },
  },
  story: {
    tags: ['content'],
    summary: 'Storyblok CDN: one story by full slug, id, or uuid with find_by=uuid',
    params: cdnStoryParams,
    querystring: cdnStoryQuery,
    response: { 200: cdnStoryResponse, ...errors },
  },
  links: {
    tags: ['content'],
    summary: 'Storyblok CDN: links (stories and folders, keyed by uuid), paged',
    querystring: cdnLinksQuery,
    response: { 200: cdnLinksResponse, ...errors },
  },
});
