// The links answer: every story and folder keyed by uuid, paged.
import { type CdnLink, type CdnLinksQuery } from '../../../../contract/content-cdn';
import { CDN_LIMITS } from '../../../../contract/content-constants';
import type { ContentSnapshot, FolderRecord, StoryRecord } from '../types';
import { collator } from './params';

export function storyLink(snap: ContentSnapshot, record: StoryRecord, dates: boolean): CdnLink {
  const s = record.story;
  return {
    id: s.id,
    uuid: s.uuid,
    slug: s.full_slug,
    path: null,
    real_path: `/${s.full_slug}`,
    name: s.name,
    is_folder: false,
    published: record.published,
    is_startpage: s.is_startpage,
    position: s.position,
    parent_id: s.parent_id,
    ...(dates ? { published_at: s.published_at, created_at: s.created_at, updated_at: s.updated_at } : {}),
  };
}

function folderLink(folder: FolderRecord, dates: boolean): CdnLink {
  return {
    id: folder.id,
    uuid: folder.uuid,
    slug: folder.fullSlug,
    path: null,
    real_path: `/${folder.fullSlug}`,
    name: folder.name,
    is_folder: true,
    published: false,
    is_startpage: false,
    position: folder.position,
    parent_id: folder.parentId,
    ...(dates && folder.createdAt ? { created_at: folder.createdAt } : {}),
  };
}

export type LinksPage = { links: Record<string, CdnLink>; total: number; perPage: number };

/** GET cdn/links: folders always, stories as the version allows, in folder order; paged (default 25). */
export function listLinks(snap: ContentSnapshot, q: CdnLinksQuery): LinksPage {
  const draft = q.version === 'draft';
  const dates = q.include_dates === '1' || q.include_dates === 'true';
  const items: { slug: string; position: number; link: () => CdnLink; parentId: number }[] = [
    ...snap.folders.map((f) => ({
      slug: f.fullSlug,
      position: f.position,
      parentId: f.parentId,
      link: () => folderLink(f, dates),
    })),
    ...snap.stories
      .filter((r) => draft || r.published)
      .map((r) => ({
        slug: r.story.full_slug,
        position: r.story.position,
        parentId: r.story.parent_id ?? 0,
        link: () => storyLink(snap, r, dates),
      })),
  ];
  const prefix = q.starts_with?.replace(/^\/+/, '');
  const rows = items
    .filter(
      (i) =>
        (prefix === undefined || i.slug.startsWith(prefix)) &&
        (q.with_parent === undefined || i.parentId === q.with_parent),
    )
    .sort((a, b) => collator.compare(a.slug, b.slug));
  const perPage = q.per_page ?? CDN_LIMITS.defaultPerPage;
  const page = q.page ?? 1;
  const links: Record<string, CdnLink> = {};
  for (const item of rows.slice((page - 1) * perPage, page * perPage)) {
    const link = item.link();
    links[link.uuid] = link;
  }
  return { links, total: rows.length, perPage };
}
