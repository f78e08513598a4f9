import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type CdnStory } from '../../../../contract/content-cdn';
import { folderFile, storyFile } from '../../../../contract/content-files';
import type { ContentSnapshot, FolderRecord, StoryRecord } from '../types';

/** File and folder names are slugs. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const FOLDER_FILE = '_folder.json';
export const STARTPAGE_FILE = 'index.json';

/** What the engine needs to serve a file; the full check against the components is reported separately. */
const servable = storyFile.extend({
  content: z.looseObject({ _uid: z.string().min(1), component: z.string().min(1) }),
});

type Dir = { path: string; segments: string[]; folder: FolderRecord | null };

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * Fields of `input` that a zod parse dropped from `parsed` (the component schemas strip unknown keys, so a misspelt
 * field would otherwise pass unnoticed).
 */
export function strayFields(input: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(parsed)) {
    return input.flatMap((v, i) => strayFields(v, parsed[i], `${path}[${i}]`));
  }
  if (input && typeof input === 'object' && parsed && typeof parsed === 'object') {
    return Object.entries(input).flatMap(([k, v]) =>
      k in parsed
        ? strayFields(v, (parsed as Record<string, unknown>)[k], path ? `${path}.${k}` : k)
        : [path ? `${path}.${k}` : k],
    );
  }
  return [];
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

/**
 * Reads the content folder: one JSON file per story, folders as Storyblok folders (each with a `_folder.json`),
 * `index.json` as a folder's start page. A file that cannot be served is left out and named in `problems`, so one
 * bad edit does not take the site down; the content test keeps the list empty.
 */
export async function loadContent(root: string): Promise<ContentSnapshot> {
  const problems: string[] = [];
  const stories: StoryRecord[] = [];
  const folders: FolderRecord[] = [];
  const usedIds = new Map<number, string>();
  const usedUuids = new Map<string, string>();
  const claim = (id: number, uuid: string, file: string): boolean => {
    const clash = usedIds.get(id) ?? usedUuids.get(uuid);
    if (clash) {
      problems.push(`${file}: id or uuid already used by ${clash}`);
      return false;
    }
    usedIds.set(id, file);
    usedUuids.set(uuid, file);
    return true;
  };

  const walk = async (dir: Dir): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(root, dir.path), { withFileTypes: true });
    } catch (error) {
      if (dir.path === '') return; // No content folder: no stories.
      throw error;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const rel = dir.path ? `${dir.path}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SLUG.test(entry.name)) {
          problems.push(`${rel}/: a folder name must be a slug (a-z, 0-9 and -)`);
          continue;
        }
        const meta = await readFolder(join(root, rel, FOLDER_FILE), `${rel}/${FOLDER_FILE}`);
        if (!meta || !claim(meta.id, meta.uuid, `${rel}/${FOLDER_FILE}`)) continue;
        const segments = [...dir.segments, entry.name];
        const folder: FolderRecord = {
          id: meta.id,
          uuid: meta.uuid,
          name: meta.name,
          fullSlug: segments.join('/'),
          parentId: dir.folder?.id ?? 0,
          position: meta.position ?? 0,
          createdAt: meta.created_at ?? null,
          startpage: null,
        };
        folders.push(folder);
        await walk({ path: rel, segments, folder });
        continue;
      }
      if (!entry.name.endsWith('.json') || entry.name === FOLDER_FILE) continue;
      const name = entry.name.slice(0, -'.json'.length);
      const startpage = entry.name === STARTPAGE_FILE && dir.folder !== null;
      if (!startpage && !SLUG.test(name)) {
        problems.push(`${rel}: a story file name must be a slug (a-z, 0-9 and -)`);
        continue;
      }
      const record = await readStory(join(root, rel), rel, dir, startpage ? null : name);
      if (!record || !claim(record.story.id, record.story.uuid, rel)) continue;
      if (startpage && dir.folder) dir.folder.startpage = record;
      stories.push(record);
    }
  };

  const readFolder = async (path: string, rel: string) => {
    let raw: unknown;
    try {
      raw = await readJson(path);
    } catch (error) {
      problems.push(`${rel}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'not JSON'}`);
      return null;
    }
    const parsed = folderFile.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${rel}: ${issueText(parsed.error)}`);
      return null;
    }
    return parsed.data;
  };

  const readStory = async (path: string, rel: string, dir: Dir, slug: string | null) => {
    let raw: unknown;
    try {
      raw = await readJson(path);
    } catch {
      problems.push(`${rel}: not JSON`);
      return null;
    }
    const parsed = servable.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${rel}: ${issueText(parsed.error)}`);
      return null;
    }
    const full = storyFile.safeParse(raw);
    if (!full.success) problems.push(`${rel}: ${issueText(full.error)}`);
    else {
      const stray = strayFields(raw, full.data);
      if (stray.length > 0) problems.push(`${rel}: unknown fields ${stray.slice(0, 5).join(', ')}`);
    }
    const file = parsed.data;
    // Served as written (the components' own fields pass through untouched).
    const content = (raw as { content: CdnStory['content'] }).content;
    const fullSlug = slug === null ? `${dir.segments.join('/')}/` : [...dir.segments, slug].join('/');
    const story: CdnStory = {
      id: file.id,
      uuid: file.uuid,
      name: file.name,
      slug: slug ?? (dir.segments.at(-1) as string),
      full_slug: fullSlug,
      default_full_slug: null,
      created_at: file.created_at,
      updated_at: file.updated_at ?? file.published_at ?? file.created_at,
      published_at: file.published_at,
      first_published_at: file.first_published_at ?? file.published_at,
      sort_by_date: file.sort_by_date ?? null,
      position: file.position ?? 0,
      tag_list: file.tag_list ?? [],
      is_startpage: slug === null,
      parent_id: dir.folder?.id ?? 0,
      meta_data: null,
      group_id: file.uuid,
      release_id: null,
      lang: 'default',
      path: null,
      alternates: [],
      translated_slugs: null,
      content,
    };
    return { story, published: file.published_at !== null, level: dir.segments.length + 1, file: rel };
  };

  await walk({ path: '', segments: [], folder: null });

  let latest = 0;
  for (const { story } of stories) {
    for (const at of [story.created_at, story.updated_at, story.published_at]) {
      if (at) latest = Math.max(latest, Date.parse(at));
    }
  }
  for (const folder of folders) if (folder.createdAt) latest = Math.max(latest, Date.parse(folder.createdAt));

  return {
    stories,
    folders,
    bySlug: new Map(stories.map((r) => [r.story.full_slug, r])),
    byId: new Map(stories.map((r) => [r.story.id, r])),
    byUuid: new Map(stories.map((r) => [r.story.uuid, r])),
    folderBySlug: new Map(folders.map((f) => [f.fullSlug, f])),
    folderById: new Map(folders.map((f) => [f.id, f])),
    cv: Math.floor(latest / 1000),
    problems,
  };
}
