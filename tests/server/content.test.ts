import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import StoryblokClient from 'storyblok-js-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import {
  CdnParamError,
  LocalContent,
  filterClauses,
  findStory,
  listStories,
  loadContent,
} from '../../server/adapters/content/local';
import { type CdnLink, type CdnStory, type ContentConfigResponse } from '../../contract/content-cdn';
import { CONTENT_CLIENT, PRODUCTS_FOLDER_ID } from '../../contract/content-constants';
import { createTestApp, type TestApp } from './helpers';

type Stories = { stories: CdnStory[]; cv: number; rels: unknown[]; links: unknown[] };
type Story = { story: CdnStory; cv: number; links: unknown[] };
type Links = { links: Record<string, CdnLink> };

let app: TestApp;
/** Published stories and folders in content/ (the demo content). */
let storyCount = 0;
let folderCount = 0;

beforeAll(async () => {
  app = await createTestApp();
  const snap = await loadContent('content');
  storyCount = snap.stories.filter((s) => s.published).length;
  folderCount = snap.folders.length;
});
afterAll(() => app.closeAll());

const CDN = '/v1/content/cdn';
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const stories = async (query: string) => {
  const res = await get(`${CDN}/stories?token=anything&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: res.json<Stories>() };
};
const slugs = (body: Stories) => body.stories.map((s) => s.full_slug);

describe('GET /v1/content/config', () => {
  it('points the content client at this server’s CDN subset, with the spec’s client constants', async () => {
    const res = await get('/v1/content/config');
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentConfigResponse>()).toEqual({
      engine: 'embedded',
      // A path, not PUBLIC_URL (http://skafferi.test here): the browser reaches it where it was opened (decision 0051).
      endpoint: '/v1/content',
      accessToken: expect.any(String),
      version: 'published',
      rateLimit: 5,
      perPage: 25,
      batchSize: 50,
      maxRetries: 10,
      retriesDelay: 300,
      timeout: 0,
      productsFolderId: PRODUCTS_FOLDER_ID,
      productsFolderSlug: 'sortiment',
    });
  });

  it('points at the Storyblok space when STORYBLOK_TOKEN is set, and then serves no local stories', async () => {
    const config = loadConfig({
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://skafferi.test',
      STORYBLOK_TOKEN: 'public-token-123',
      STORYBLOK_API_URL: 'https://api-us.storyblok.com/v2/',
    });
    const remote = await buildApp(config, { database: app.services.database });
    try {
      const body = (await remote.inject({ method: 'GET', url: '/v1/content/config' })).json<ContentConfigResponse>();
      expect(body).toMatchObject({
        engine: 'storyblok',
        endpoint: 'https://api-us.storyblok.com/v2',
        accessToken: 'public-token-123',
        rateLimit: CONTENT_CLIENT.rateLimit,
      });
      expect((await remote.inject({ method: 'GET', url: `${CDN}/stories/home` })).statusCode).toBe(404);
    } finally {
      await remote.close();
    }
  });
});

describe('GET /v1/content/cdn/stories', () => {
  it('pages like Storyblok: 25 by default, `total` and `per-page` headers, an empty page past the end', async () => {
    const first = await stories('');
    expect(first.res.headers.total).toBe(String(storyCount));
    expect(first.res.headers['per-page']).toBe('25');
    expect(first.body.stories).toHaveLength(25);
    expect(first.body.cv).toBeGreaterThan(1_700_000_000);
    expect(first.body.rels).toEqual([]);

    const pages = Math.ceil(storyCount / 30);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { res, body } = await stories(`per_page=30&page=${page}`);
      expect(res.headers['per-page']).toBe('30');
      seen.push(...slugs(body));
    }
    expect(new Set(seen).size).toBe(storyCount);
    expect((await stories(`per_page=30&page=${pages + 1}`)).body.stories).toEqual([]);

    // The story object has every field of the Content Delivery API's story.
    const home = first.body.stories.find((s) => s.full_slug === 'home')!;
    expect(home).toMatchObject({
      slug: 'home',
      is_startpage: false,
      parent_id: 0,
      lang: 'default',
      tag_list: [],
      content: { component: 'Page', _uid: expect.any(String) },
    });
    for (const field of ['id', 'uuid', 'name', 'created_at', 'published_at', 'first_published_at', 'position']) {
      expect(home).toHaveProperty(field);
    }
  });

  it('filters a folder with starts_with, leaves its start page out with is_startpage=false and sorts by date', async () => {
    const { res, body } = await stories(
      'starts_with=blogg/&is_startpage=false&content_type=BlogPost&sort_by=first_published_at:desc',
    );
    expect(res.headers.total).toBe('4');
    expect(slugs(body)).toEqual([
      'blogg/motorsagen-infor-vedsasongen',
      'blogg/markningar-att-kanna-till',
      'blogg/rotfrukter-hela-vintern',
      'blogg/inventera-kylrummet',
    ]);
    expect(body.stories.every((s) => s.parent_id === body.stories[0]!.parent_id && s.parent_id !== 0)).toBe(true);

    const withStart = await stories('starts_with=blogg/');
    expect(slugs(withStart.body)).toContain('blogg/');
    expect(withStart.body.stories.find((s) => s.full_slug === 'blogg/')?.is_startpage).toBe(true);
  });

  it('finds stories by_slugs (wildcards too) and leaves out excluding_slugs', async () => {
    const exact = await stories('by_slugs=kontakt,om-oss,home,nothing-here');
    expect(slugs(exact.body).sort()).toEqual(['home', 'kontakt', 'om-oss']);

    const wine = await stories('by_slugs=sortiment/drycker/vin/*&sort_by=name:asc');
    expect(slugs(wine.body)).toEqual([
      'sortiment/drycker/vin/mousserande-vin',
      'sortiment/drycker/vin/rose-vin',
      'sortiment/drycker/vin/rott-vin',
      'sortiment/drycker/vin/',
      'sortiment/drycker/vin/vitt-vin',
    ]);

    const rest = await stories('excluding_slugs=sortiment/*,blogg/*&per_page=100');
    expect(slugs(rest.body).some((s) => s.startsWith('sortiment/') || s.startsWith('blogg/'))).toBe(false);
    const all = await stories('per_page=100');
    const excluded = slugs(all.body).filter((s) => s.startsWith('sortiment/') || s.startsWith('blogg/'));
    expect(Number(rest.res.headers.total)).toBe(storyCount - excluded.length);
  });

  it('sorts names the Swedish way (Å, Ä, Ö after Z)', async () => {
    const { body } = await stories('starts_with=sortiment/mejeri/&is_startpage=0&sort_by=name:asc');
    expect(body.stories.map((s) => s.name)).toEqual([
      'Mjölk & grädde',
      'Ost',
      'Smör & margarin',
      'Yoghurt & kvarg',
      'Ägg',
    ]);
    const desc = await stories('starts_with=sortiment/mejeri/&is_startpage=0&sort_by=name:desc');
    expect(desc.body.stories[0]!.name).toBe('Ägg');
  });

  it('answers filter_query, level, with_tag, search_term, by_uuids, excluding_fields and resolve_links', async () => {
    const cats = await stories('filter_query[category][in]=ost,vin');
    expect(slugs(cats.body).sort()).toEqual(['sortiment/drycker/vin/', 'sortiment/mejeri/ost']);

    const root = await stories('level=1&per_page=100');
    expect(slugs(root.body).every((s) => !s.includes('/'))).toBe(true);
    expect(slugs(root.body)).toContain('home');

    expect(slugs((await stories('with_tag=skog,nope')).body)).toEqual(['blogg/motorsagen-infor-vedsasongen']);
    expect(slugs((await stories('search_term=FARADAYS')).body)).toEqual(['blogg/inventera-kylrummet']);

    const home = (await stories('by_slugs=home')).body.stories[0]!;
    const kontakt = (await stories('by_slugs=kontakt')).body.stories[0]!;
    const ordered = await stories(`by_uuids_ordered=${kontakt.uuid},${home.uuid}`);
    expect(slugs(ordered.body)).toEqual(['kontakt', 'home']);

    const trimmed = await stories('by_slugs=home&excluding_fields=body,seo');
    expect(trimmed.body.stories[0]!.content).not.toHaveProperty('body');
    expect(trimmed.body.stories[0]!.content).toHaveProperty('title');

    const linked = await stories('by_slugs=home&resolve_links=url');
    const urls = (linked.body.links as { full_slug: string }[]).map((l) => l.full_slug);
    expect(urls).toEqual(expect.arrayContaining(['sortiment/', 'kontakt', 'kampanjer/hostens-smaker']));
  });

  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['sort_by=price', 'sort_by'],
    ['sort_by=name:up', 'sort_by'],
    ['version=preview', 'version'],
    ['is_startpage=maybe', 'is_startpage'],
    ['by_uuids=not-a-uuid', 'by_uuids'],
    ['excluding_ids=1,two', 'excluding_ids'],
    ['first_published_at_gt=yesterday', 'first_published_at_gt'],
    ['filter_query[category][near]=ost', 'filter_query[category][near]'],
    ['filter_query[__or][0][category][in]=ost', 'filter_query[__or][0][category][in]'],
    ['filter_query=ost', 'filter_query'],
  ])('refuses %s with 400 naming the parameter', async (query, param) => {
    const res = await get(`${CDN}/stories?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; code: string; message: string; fields: { path: string }[] }>();
    expect(body.code).toBe('ValidationError');
    expect(body.error.startsWith(`${param}: `)).toBe(true);
    expect(body.fields.map((f) => f.path)).toContain(param);
    expect(body.message).toMatch(/\S/);
  });

  it('is cacheable: short max-age, an ETag, 304 when unchanged; any origin may read it', async () => {
    const res = await get(`${CDN}/stories?starts_with=blogg/`);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`${CDN}/stories?starts_with=blogg/`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(`${CDN}/stories?starts_with=kampanjer/`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });
});

describe('GET /v1/content/cdn/stories/{full_slug | id | uuid}', () => {
  it('answers one story by full slug, by id and by uuid (find_by=uuid)', async () => {
    const res = await get(`${CDN}/stories/kontakt?token=x&version=published`);
    expect(res.statusCode).toBe(200);
    const { story, cv, links } = res.json<Story>();
    expect(story.full_slug).toBe('kontakt');
    expect(cv).toBeGreaterThan(0);
    expect(links).toEqual([]);

    expect((await get(`${CDN}/stories/${story.id}`)).json<Story>().story.uuid).toBe(story.uuid);
    expect((await get(`${CDN}/stories/${story.uuid}?find_by=uuid`)).json<Story>().story.id).toBe(story.id);
    expect((await get(`${CDN}/stories/${story.uuid}`)).statusCode).toBe(404);
  });

  it("finds a folder's start page by the folder's path, with or without the slash", async () => {
    for (const path of ['blogg', 'blogg/', 'sortiment/drycker/vin']) {
      const res = await get(`${CDN}/stories/${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.json<Story>().story.is_startpage).toBe(true);
    }
    expect((await get(`${CDN}/stories/sortiment/drycker/vin`)).json<Story>().story.content).toMatchObject({
      component: 'ProductCategory',
      category: 'vin',
    });
  });

  it("answers a missing story with Storyblok's 404", async () => {
    for (const path of ['finns-inte', 'blogg/finns-inte', '999999999', 'sortiment/drycker/vin/rott-vin/mer']) {
      const res = await get(`${CDN}/stories/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual(['This record could not be found']);
    }
  });

  it('refuses a malformed parameter with 400', async () => {
    const res = await get(`${CDN}/stories/home?find_by=slug`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^find_by: /);
  });
});

describe('GET /v1/content/cdn/links', () => {
  it('lists every story and folder keyed by uuid, paged with `total` and `per-page`', async () => {
    const first = await get(`${CDN}/links`);
    expect(first.statusCode).toBe(200);
    expect(first.headers.total).toBe(String(storyCount + folderCount));
    expect(first.headers['per-page']).toBe('25');
    expect(Object.keys(first.json<Links>().links)).toHaveLength(25);

    const all = new Map<string, CdnLink>();
    for (let page = 1; page <= Math.ceil((storyCount + folderCount) / 40); page++) {
      const res = await get(`${CDN}/links?per_page=40&page=${page}`);
      for (const [uuid, link] of Object.entries(res.json<Links>().links)) {
        expect(link.uuid).toBe(uuid);
        all.set(uuid, link);
      }
    }
    expect(all.size).toBe(storyCount + folderCount);
    const products = [...all.values()].find((l) => l.id === PRODUCTS_FOLDER_ID);
    expect(products).toMatchObject({ slug: 'sortiment', is_folder: true, parent_id: 0, real_path: '/sortiment' });
  });

  it('filters with starts_with and with_parent, and adds dates with include_dates=1', async () => {
    const blog = Object.values((await get(`${CDN}/links?starts_with=blogg&include_dates=1`)).json<Links>().links);
    expect(blog.filter((l) => l.is_folder)).toHaveLength(1);
    expect(blog.filter((l) => !l.is_folder)).toHaveLength(5);
    expect(blog.find((l) => l.slug === 'blogg/')).toMatchObject({ is_startpage: true, published: true });
    expect(blog.every((l) => l.is_folder || typeof l.published_at === 'string')).toBe(true);

    const res = await get(`${CDN}/links?with_parent=${PRODUCTS_FOLDER_ID}&per_page=100`);
    const tops = Object.values(res.json<Links>().links);
    expect(tops.map((l) => l.slug)).toContain('sortiment/mejeri');
    expect(tops.map((l) => l.slug)).toContain('sortiment/');
    expect(tops.every((l) => l.parent_id === PRODUCTS_FOLDER_ID)).toBe(true);

    expect((await get(`${CDN}/links?per_page=1001`)).statusCode).toBe(400);
  });
});

describe('storyblok-js-client against the server', () => {
  let listening: FastifyInstance;
  let client: StoryblokClient;
  beforeAll(async () => {
    // A second app on the same database, listening on a free port, as a browser would reach it.
    const config = loadConfig({ SEED_ON_EMPTY: 'false', SERVE_CLIENT: 'false', LOG_LEVEL: 'silent' });
    listening = await buildApp(config, { database: app.services.database });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as AddressInfo;
    client = new StoryblokClient({
      accessToken: 'skafferi-local',
      endpoint: `http://127.0.0.1:${port}/v1/content`,
      rateLimit: CONTENT_CLIENT.rateLimit,
      maxRetries: CONTENT_CLIENT.maxRetries,
      retriesDelay: CONTENT_CLIENT.retriesDelayMs,
    });
  });
  afterAll(() => listening.close());

  it('fetches a story, and resolves its story links', async () => {
    const res = await client.getStory('home', { version: 'published', resolve_links: 'url' });
    expect(res.data.story.full_slug).toBe('home');
    expect(res.data.story.content.component).toBe('Page');
    // The client puts the resolved links into the link fields.
    const hero = (
      res.data.story.content.body as { component: string; content: { buttons: { link: unknown }[] }[] }[]
    )[0]!;
    expect(hero.content[0]!.buttons[0]!.link).toMatchObject({
      cached_url: 'sortiment/',
      story: { full_slug: 'sortiment/' },
    });
  });

  it('fetches a paged list and reads `total` and `per-page`', async () => {
    const res = await client.get('cdn/stories', { starts_with: 'sortiment/', per_page: 10, page: 2 });
    const total = (await stories('starts_with=sortiment/')).res.headers.total;
    expect(res.total).toBe(Number(total));
    expect(res.perPage).toBe(10);
    expect(res.data.stories).toHaveLength(10);

    const every = await client.getAll('cdn/stories', { starts_with: 'sortiment/', per_page: 25 });
    expect(every).toHaveLength(Number(total));
    const links = await client.getAll('cdn/links', { per_page: 25 } as never, 'links');
    expect(links).toHaveLength(storyCount + folderCount);
  });

  it('rejects a missing story with 404 and a malformed parameter with 400', async () => {
    await expect(client.getStory('finns-inte')).rejects.toMatchObject({
      status: 404,
      message: 'This record could not be found',
    });
    await expect(client.get('cdn/stories', { per_page: 500 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('per_page'),
    });
  });
});

describe('the local content engine', () => {
  let dir: string;
  const uuidN = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const page = (n: number, extra: Record<string, unknown> = {}) => ({
    id: n,
    uuid: uuidN(n),
    name: `Sida ${n}`,
    created_at: '2026-01-01T00:00:00.000Z',
    published_at: '2026-01-02T00:00:00.000Z',
    content: {
      _uid: `u${n}`,
      component: 'Page',
      title: `Sida ${n}`,
      body: [],
      seo: { plugin: 'seo_metatags', title: `Sida ${n}`, description: 'Beskrivning.' },
    },
    ...extra,
  });
  const write = (path: string, data: unknown) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), typeof data === 'string' ? data : JSON.stringify(data));
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'skafferi-content-'));
    write('a.json', page(1, { tag_list: ['x'] }));
    write('utkast.json', page(2, { published_at: null }));
    write('nyheter/_folder.json', { id: 10, uuid: uuidN(10), name: 'Nyheter' });
    write('nyheter/index.json', page(3));
    write('nyheter/b.json', { ...page(4), content: { ...page(4).content, rating: 7, labels: ['ny', 'kampanj'] } });
    write('nyheter/felaktig.json', '{ not json');
    write('nyheter/Stor-Bokstav.json', page(5));
    write('nyheter/dubblett.json', page(4));
    write('nyheter/okand.json', { ...page(6), content: { ...page(6).content, oops: true } });
    write('utan-mapp/c.json', page(7));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('skips what it cannot serve and names every problem', async () => {
    const snap = await loadContent(dir);
    expect([...snap.bySlug.keys()].sort()).toEqual(['a', 'nyheter/', 'nyheter/b', 'nyheter/okand', 'utkast']);
    const text = snap.problems.join('\n');
    expect(text).toContain('nyheter/felaktig.json: not JSON');
    expect(text).toContain('nyheter/Stor-Bokstav.json: a story file name must be a slug');
    expect(text).toContain('nyheter/dubblett.json: id or uuid already used by nyheter/b.json');
    expect(text).toContain('utan-mapp/_folder.json: missing');
    // Served, but reported: a field the component does not have.
    expect(text).toContain('nyheter/okand.json: unknown fields content.oops');
  });

  it('serves drafts only with version=draft', async () => {
    const snap = await loadContent(dir);
    expect(listStories(snap, {}, []).stories.map((s) => s.full_slug)).not.toContain('utkast');
    expect(listStories(snap, { version: 'draft' }, []).stories.map((s) => s.full_slug)).toContain('utkast');
    expect(findStory(snap, 'utkast', {})).toBeNull();
    expect(findStory(snap, 'utkast', { version: 'draft' })?.story.published_at).toBeNull();
  });

  it('filters on a content field with filter_query in, and refuses the operations it does not serve', async () => {
    const snap = await loadContent(dir);
    const found = (field: string, value: string) =>
      listStories(snap, {}, filterClauses({ [`filter_query[${field}][in]`]: value })).stories.map((s) => s.full_slug);
    expect(found('rating', '7,8')).toEqual(['nyheter/b']);
    expect(found('component', 'Post')).toEqual([]);
    for (const op of ['is', 'not_in', 'like', 'not_like', 'any_in_array', 'all_in_array', 'gt_int', 'lt_int']) {
      const key = `filter_query[rating][${op}]`;
      expect(() => filterClauses({ [key]: '5' })).toThrow(
        `${key}: operation "${op}" is not supported by the local content engine (it serves in)`,
      );
    }
    for (const op of ['gt_float', 'lt_float', 'gt_date', 'lt_date'])
      expect(() => filterClauses({ [`filter_query[rating][${op}]`]: '5' })).toThrow(CdnParamError);
  });

  it('refuses a filter_query operation it does not serve with 400 and a clear message', async () => {
    const res = await get(`${CDN}/stories?filter_query[rating][gt_int]=5`);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: string }>();
    expect(error).toBe(
      'filter_query[rating][gt_int]: operation "gt_int" is not supported by the local content engine (it serves in)',
    );
  });

  it('reloads when a file changes, while watching', async () => {
    const content = new LocalContent(dir, { info() {}, warn() {}, error() {} });
    try {
      await content.snapshot();
      content.watch();
      write('ny.json', page(20));
      let seen = false;
      for (let i = 0; i < 50 && !seen; i++) {
        await new Promise((r) => setTimeout(r, 100));
        seen = (await content.snapshot()).bySlug.has('ny');
      }
      expect(seen).toBe(true);
    } finally {
      await content.close();
    }
  });
});

it('the story files are plain JSON one level per folder (no stray files)', () => {
  const stray = readdirSync('content', { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.json') && e.name !== 'README.md')
    .map((e) => e.name);
  expect(stray).toEqual([]);
});
