import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { categories, products } from '../../server/db/schema';
import {
  COMPONENT_NAMES,
  PRODUCTS_FOLDER_ID,
  PRODUCTS_FOLDER_SLUG,
  categoryPath,
  storyPath,
  type ComponentName,
} from '../../contract/content-constants';
import { folderFile, storyFile } from '../../contract/content-files';
import { PRODUCT_QUERY_BY, type SearchKeyResponse } from '../../contract/search';
import { loadContent, strayFields } from '../../server/adapters/content/local';
import { createTestApp, type TestApp } from './helpers';

/** The demo stories: every file under content/, as the editors wrote it. */
const ROOT = 'content';
type FileEntry = { file: string; raw: unknown };
function readTree(dir: string, out: FileEntry[] = []): FileEntry[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) readTree(path, out);
    else if (entry.name.endsWith('.json')) {
      out.push({ file: relative(ROOT, path), raw: JSON.parse(readFileSync(path, 'utf8')) as unknown });
    }
  }
  return out;
}
const files = readTree(ROOT);
const storyFiles = files.filter((f) => !f.file.endsWith('_folder.json'));
const folderFiles = files.filter((f) => f.file.endsWith('_folder.json'));

/** Every object in a JSON tree, with its path. */
function* objects(value: unknown, path = ''): Generator<[Record<string, unknown>, string]> {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* objects(v, `${path}[${i}]`);
  } else if (value && typeof value === 'object') {
    yield [value as Record<string, unknown>, path];
    for (const [k, v] of Object.entries(value)) yield* objects(v, path ? `${path}.${k}` : k);
  }
}
const bloks = (raw: unknown) =>
  [...objects(raw)].filter(([o]) => typeof o.component === 'string' && typeof o._uid === 'string');

describe('the story files under content/', () => {
  it('are all valid stories and folders by contract/content.ts, with no unknown fields', () => {
    expect(storyFiles.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { file, raw } of storyFiles) {
      const parsed = storyFile.safeParse(raw);
      if (!parsed.success) {
        problems.push(...parsed.error.issues.map((i) => `${file}: ${i.path.join('.')}: ${i.message}`));
        continue;
      }
      problems.push(...strayFields(raw, parsed.data).map((k) => `${file}: unknown field ${k}`));
    }
    for (const { file, raw } of folderFiles) {
      const parsed = folderFile.safeParse(raw);
      if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${file}: ${i.message}`));
    }
    expect(problems).toEqual([]);
  });

  it('load into the embedded engine without a single problem', async () => {
    const snap = await loadContent(ROOT);
    expect(snap.problems).toEqual([]);
    expect(snap.stories).toHaveLength(storyFiles.length);
    expect(snap.folders).toHaveLength(folderFiles.length);
    expect(snap.bySlug.get('home')?.story.content.component).toBe('Page');
    // The products folder has the spec's id.
    expect(snap.folderById.get(PRODUCTS_FOLDER_ID)?.fullSlug).toBe(PRODUCTS_FOLDER_SLUG);
  });

  it('use every component type of SPEC §1, and a page uses all of them', () => {
    const used = new Set(storyFiles.flatMap(({ raw }) => bloks(raw).map(([o]) => o.component as string)));
    expect([...COMPONENT_NAMES].filter((name) => !used.has(name))).toEqual([]);
    expect([...used].filter((name) => !COMPONENT_NAMES.includes(name as ComponentName))).toEqual([]);

    const showcase = storyFiles.find((f) => f.file === 'komponenter.json');
    const onShowcase = new Set(bloks(showcase?.raw).map(([o]) => o.component as string));
    expect([...COMPONENT_NAMES].filter((name) => !onShowcase.has(name))).toEqual([]);
  });

  it('give every block a _uid of its own and every story an SEO title and description', () => {
    for (const { file, raw } of storyFiles) {
      const uids = bloks(raw).map(([o]) => o._uid);
      expect(new Set(uids).size, file).toBe(uids.length);
      const { seo } = (raw as { content: { seo?: { title?: string; description?: string } } }).content;
      expect(seo?.title, file).toMatch(/\S/);
      expect(seo?.description, file).toMatch(/\S/);
    }
    const ids = files.map(({ raw }) => (raw as { id: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('link only to stories that exist (by uuid, with the right cached full slug) and to images that exist', async () => {
    const snap = await loadContent(ROOT);
    const problems: string[] = [];
    for (const { file, raw } of storyFiles) {
      for (const [o, path] of objects(raw)) {
        if (o.fieldtype === 'multilink' && o.linktype === 'story') {
          const target = snap.byUuid.get(o.id as string);
          if (target?.story.full_slug !== o.cached_url)
            problems.push(`${file} ${path}: no story ${String(o.cached_url)}`);
        }
        if (o.type === 'link' && (o.attrs as Record<string, unknown>)?.linktype === 'story') {
          const attrs = o.attrs as { uuid: string; href: string };
          const target = snap.byUuid.get(attrs.uuid);
          if (!target || storyPath(target.story.full_slug) !== attrs.href) {
            problems.push(`${file} ${path}: rich-text link to ${attrs.href}`);
          }
        }
        if (o.fieldtype === 'asset') {
          const name = o.filename as string;
          if (!name.startsWith('/images/content/') || !existsSync(join('public', name))) {
            problems.push(`${file} ${path}: no image ${name}`);
          }
          if (!(o.alt as string)?.trim()) problems.push(`${file} ${path}: image without alt text`);
        }
        if (typeof o.og_image === 'string' && !existsSync(join('public', o.og_image))) {
          problems.push(`${file} ${path}: no og image ${o.og_image}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the story files against the demo catalogue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.closeAll());

  it('have a category page for every category, at its path in the products folder', async () => {
    const rows = await app.services.database.db.select().from(categories);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const snap = await loadContent(ROOT);
    const missing: string[] = [];
    for (const row of rows) {
      const slugs: string[] = [];
      for (let at: typeof row | undefined = row; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
        slugs.unshift(at.slug);
      }
      const path = categoryPath(slugs);
      const record = snap.bySlug.get(path.slice(1)) ?? snap.folderBySlug.get(path.slice(1))?.startpage ?? undefined;
      const content = record?.story.content as { component?: string; category?: string } | undefined;
      if (content?.component !== 'ProductCategory' || content.category !== row.slug) missing.push(path);
    }
    expect(missing).toEqual([]);
  });

  it('name only categories and products that exist', async () => {
    const { db } = app.services.database;
    const slugs = new Set((await db.select({ slug: categories.slug }).from(categories)).map((r) => r.slug));
    const productSlugs = new Set((await db.select({ slug: products.slug }).from(products)).map((r) => r.slug));
    const problems: string[] = [];
    for (const { file, raw } of storyFiles) {
      for (const [o, path] of objects(raw)) {
        const named = [
          ...(typeof o.category === 'string' ? [o.category] : []),
          ...(typeof o.parent_category === 'string' && o.parent_category ? [o.parent_category] : []),
          ...(o.component === 'CarouselProductCategories' && Array.isArray(o.categories) ? o.categories : []),
        ] as string[];
        for (const slug of named) if (!slugs.has(slug)) problems.push(`${file} ${path}: no category ${slug}`);
        const url = typeof o.url === 'string' ? o.url : typeof o.href === 'string' ? o.href : '';
        const product = /^\/produkt\/([^/?#]+)/.exec(url)?.[1];
        if (product && !productSlugs.has(product)) problems.push(`${file} ${path}: no product ${product}`);
        if (typeof o.filter_by === 'string') {
          for (const [, slug] of o.filter_by.matchAll(/category_slugs:=\[?([a-z0-9,-]+)/g)) {
            for (const s of (slug as string).split(',')) if (!slugs.has(s)) problems.push(`${file}: no category ${s}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('feed every product carousel with a search the search engine accepts', async () => {
    const key = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<SearchKeyResponse>();
    const carousels = storyFiles.flatMap(({ file, raw }) =>
      bloks(raw)
        .filter(([o]) => o.component === 'CarouselProducts' || o.component === 'CarouselProductsWithFilter')
        .map(([o]) => ({ file, ...(o as { query?: string; filter_by?: string; facet?: string }) })),
    );
    expect(carousels.length).toBeGreaterThan(5);
    for (const c of carousels) {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/search/collections/${key.collections.products}/documents/search`,
        query: {
          q: c.query || '*',
          query_by: PRODUCT_QUERY_BY,
          ...(c.filter_by ? { filter_by: c.filter_by } : {}),
          ...(c.facet ? { facet_by: c.facet } : {}),
          per_page: '12',
        },
        headers: { 'x-typesense-api-key': key.key },
      });
      expect(res.statusCode, `${c.file}: ${c.filter_by} → ${res.body}`).toBe(200);
    }
  });
});
