// The stories answers: a page of stories (filtered, sorted, with their links resolved) and one story.
import { type CdnStoriesQuery, type CdnStory, type CdnStoryQuery } from '../../../../contract/content-cdn';
import { CDN_LIMITS } from '../../../../contract/content-constants';
import type { ContentSnapshot, StoryRecord } from '../types';
import { storyLink } from './links';
import {
  collator,
  contentValue,
  globRegex,
  matchesClause,
  parseInstant,
  splitList,
  textOf,
  type FilterClause,
} from './params';

type SortKey = { field: string; desc: boolean; numeric: boolean };

function sortKey(sortBy: string | undefined): SortKey[] {
  if (!sortBy) return [{ field: 'position', desc: false, numeric: true }];
  const [field, dir, type] = sortBy.split(':') as [string, string, string | undefined];
  const numeric = type === 'int' || type === 'float' || field === 'position' || field === 'id';
  return [{ field, desc: dir === 'desc', numeric }];
}

function storyField(story: CdnStory, field: string): unknown {
  return field.startsWith('content.')
    ? contentValue(story, field.slice('content.'.length))
    : (story as Record<string, unknown>)[field];
}

function compare(a: CdnStory, b: CdnStory, keys: SortKey[]): number {
  for (const { field, desc, numeric } of keys) {
    const x = storyField(a, field);
    const y = storyField(b, field);
    const missingX = x === undefined || x === null || x === '';
    const missingY = y === undefined || y === null || y === '';
    if (missingX || missingY) {
      if (missingX && missingY) continue;
      return missingX ? 1 : -1; // Missing values last, either way.
    }
    const order = numeric ? Number(x) - Number(y) : collator.compare(String(x), String(y));
    if (order !== 0) return desc ? -order : order;
  }
  return collator.compare(a.full_slug, b.full_slug);
}

/** Story links (multilink fields and rich-text links to stories) in a story's content: the linked uuids. */
function linkedUuids(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) linkedUuids(v, out);
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.fieldtype === 'multilink' && node.linktype === 'story' && typeof node.id === 'string' && node.id) {
      out.add(node.id);
    }
    if (node.type === 'link' && node.attrs && typeof node.attrs === 'object') {
      const attrs = node.attrs as Record<string, unknown>;
      if (attrs.linktype === 'story' && typeof attrs.uuid === 'string' && attrs.uuid) out.add(attrs.uuid);
    }
    for (const v of Object.values(node)) linkedUuids(v, out);
  }
  return out;
}

type LinkMode = 'url' | 'story' | 'link';

/** The `links` array of an answer when resolve_links asks for it (the client puts them into the link fields). */
function resolvedLinks(snap: ContentSnapshot, stories: CdnStory[], mode: LinkMode | null, draft: boolean) {
  if (!mode) return [];
  const uuids = new Set<string>();
  for (const story of stories) linkedUuids(story.content, uuids);
  const out: unknown[] = [];
  for (const uuid of uuids) {
    const record = snap.byUuid.get(uuid);
    if (!record || (!draft && !record.published)) continue;
    const s = record.story;
    if (mode === 'story') out.push(s);
    else if (mode === 'url')
      out.push({ id: s.id, name: s.name, slug: s.slug, full_slug: s.full_slug, url: s.full_slug, uuid: s.uuid });
    else out.push(storyLink(snap, record, true));
  }
  return out;
}

const linkMode = (value: string | undefined): LinkMode | null =>
  value === 'url' || value === 'story' || value === 'link' ? value : value === '1' ? 'story' : null;

function withoutFields(story: CdnStory, fields: string[]): CdnStory {
  if (fields.length === 0) return story;
  const content = { ...story.content };
  for (const field of fields) delete (content as Record<string, unknown>)[field];
  return { ...story, content };
}

export type StoriesPage = { stories: CdnStory[]; links: unknown[]; total: number; perPage: number };

/** GET cdn/stories: filter, sort (default: position, then full slug) and page like the Content Delivery API. */
export function listStories(snap: ContentSnapshot, q: CdnStoriesQuery, clauses: FilterClause[]): StoriesPage {
  const draft = q.version === 'draft';
  let rows: StoryRecord[] = snap.stories.filter((r) => draft || r.published);
  const keep = (test: (story: CdnStory, record: StoryRecord) => boolean) => {
    rows = rows.filter((r) => test(r.story, r));
  };

  if (q.starts_with) {
    const prefix = q.starts_with.replace(/^\/+/, '');
    keep((s) => s.full_slug.startsWith(prefix));
  }
  if (q.by_slugs) {
    const patterns = splitList(q.by_slugs).map(globRegex);
    keep((s) => patterns.some((p) => p.test(s.full_slug)));
  }
  if (q.excluding_slugs) {
    const patterns = splitList(q.excluding_slugs).map(globRegex);
    keep((s) => !patterns.some((p) => p.test(s.full_slug)));
  }
  const ordered = q.by_uuids_ordered ? splitList(q.by_uuids_ordered).map((u) => u.toLowerCase()) : null;
  const uuids = q.by_uuids ? splitList(q.by_uuids).map((u) => u.toLowerCase()) : ordered;
  if (uuids) keep((s) => uuids.includes(s.uuid.toLowerCase()));
  if (q.by_ids) {
    const ids = splitList(q.by_ids).map(Number);
    keep((s) => ids.includes(s.id));
  }
  if (q.excluding_ids) {
    const ids = splitList(q.excluding_ids).map(Number);
    keep((s) => !ids.includes(s.id));
  }
  if (q.with_tag) {
    const tags = splitList(q.with_tag);
    keep((s) => s.tag_list.some((t) => tags.includes(t)));
  }
  if (q.is_startpage) {
    const want = q.is_startpage === 'true' || q.is_startpage === '1';
    keep((s) => s.is_startpage === want);
  }
  if (q.content_type) {
    const type = q.content_type;
    keep((s) => s.content.component === type);
  }
  if (q.level !== undefined) {
    const level = q.level;
    keep((_s, r) => r.level === level);
  }
  if (q.search_term) {
    const term = q.search_term.toLocaleLowerCase('sv');
    keep((s) => textOf([s.name, s.content], []).some((t) => t.toLocaleLowerCase('sv').includes(term)));
  }
  const dates: [keyof CdnStoriesQuery, 'first_published_at' | 'published_at', 1 | -1][] = [
    ['first_published_at_gt', 'first_published_at', 1],
    ['first_published_at_lt', 'first_published_at', -1],
    ['published_at_gt', 'published_at', 1],
    ['published_at_lt', 'published_at', -1],
  ];
  for (const [param, field, sign] of dates) {
    const limit = q[param];
    if (typeof limit !== 'string') continue;
    const bound = parseInstant(limit);
    keep((s) => s[field] !== null && Math.sign(Date.parse(s[field] as string) - bound) === sign);
  }
  for (const clause of clauses) keep((s) => matchesClause(s, clause));

  let stories = rows.map((r) => r.story);
  if (ordered) {
    const at = new Map(ordered.map((u, i) => [u, i]));
    stories.sort((a, b) => (at.get(a.uuid) ?? 0) - (at.get(b.uuid) ?? 0));
  } else {
    const keys = sortKey(q.sort_by);
    stories.sort((a, b) => compare(a, b, keys));
  }

  const perPage = q.per_page ?? CDN_LIMITS.defaultPerPage;
  const page = q.page ?? 1;
  const total = stories.length;
  stories = stories.slice((page - 1) * perPage, page * perPage);
  const links = resolvedLinks(snap, stories, linkMode(q.resolve_links), draft);
  const excluded = q.excluding_fields ? splitList(q.excluding_fields) : [];
  return { stories: stories.map((s) => withoutFields(s, excluded)), links, total, perPage };
}

/**
 * GET cdn/stories/{full_slug | id | uuid (find_by=uuid)}. A folder's path (with or without the slash) finds its
 * start page. Null when there is no such story for the version asked for.
 */
export function findStory(
  snap: ContentSnapshot,
  key: string,
  q: CdnStoryQuery,
): { story: CdnStory; links: unknown[] } | null {
  const draft = q.version === 'draft';
  let record: StoryRecord | undefined;
  if (q.find_by === 'uuid') record = snap.byUuid.get(key.toLowerCase());
  else if (/^\d+$/.test(key)) record = snap.byId.get(Number(key));
  else {
    const slug = key.replace(/^\/+/, '');
    record = snap.bySlug.get(slug) ?? snap.folderBySlug.get(slug.replace(/\/+$/, ''))?.startpage ?? undefined;
  }
  if (!record || (!draft && !record.published)) return null;
  return { story: record.story, links: resolvedLinks(snap, [record.story], linkMode(q.resolve_links), draft) };
}
