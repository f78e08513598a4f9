import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { categories, products } from '../../server/db/schema';
import { loadContent } from '../../server/adapters/content/local';
import { storyPath } from '../../contract/content-constants';
import { createTestApp, type TestApp } from './helpers';

const BASE = 'http://skafferi.test';

type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

/**
 * A strict little XML reader, enough for sitemaps: one root, balanced tags, quoted attributes, only the predefined
 * entities in text. Throws on anything that is not well-formed.
 */
function parseXml(xml: string): XmlNode {
  const token =
    /<\?xml[^?]*\?>|<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<&]*"|'[^'<&]*'))*)\s*(\/?)>|([^<]+)/y;
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  let at = 0;
  let declaration = false;
  while (at < xml.length) {
    token.lastIndex = at;
    const m = token.exec(xml);
    if (!m) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [whole, close, open, attrs, selfClosing, text] = m;
    const top = stack[stack.length - 1]!;
    if (whole.startsWith('<?xml')) {
      if (m.index !== 0 || declaration) throw new Error('the XML declaration must come first');
      declaration = true;
    } else if (close) {
      if (top.name !== close) throw new Error(`</${close}> closes <${top.name}>`);
      stack.pop();
    } else if (open) {
      if (stack.length === 1 && root.children.length > 0) throw new Error('more than one root element');
      const node: XmlNode = { name: open, attrs: {}, children: [], text: '' };
      for (const [, k, v] of (attrs ?? '').matchAll(/([\w:.-]+)\s*=\s*["']([^"']*)["']/g)) node.attrs[k!] = v!;
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    } else if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bare & in ${text}`);
      if (stack.length === 1 && text.trim()) throw new Error('text outside the root element');
      top.text += text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!declaration || root.children.length !== 1) throw new Error('no declaration or no root element');
  return root.children[0]!;
}

const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The <url> entries of a urlset: loc → lastmod. */
function urlsOf(xml: string): Map<string, string | null> {
  const root = parseXml(xml);
  expect(root.name).toBe('urlset');
  expect(root.attrs.xmlns).toBe(NS);
  const urls = new Map<string, string | null>();
  for (const url of root.children) {
    expect(url.name).toBe('url');
    const loc = url.children.find((c) => c.name === 'loc')?.text;
    const lastmod = url.children.find((c) => c.name === 'lastmod')?.text ?? null;
    expect(loc).toMatch(/^http:\/\/skafferi\.test\//);
    if (lastmod !== null) expect(lastmod).toMatch(W3C);
    expect(urls.has(loc!), `${loc} twice`).toBe(false);
    urls.set(loc!, lastmod);
  }
  return urls;
}

let app: TestApp;
/** What the sitemap must hold: every published story, every category page, every product page. */
const expected = { stories: [] as string[], categories: [] as string[], products: [] as string[] };

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.services.database;
  const snap = await loadContent('content');
  expected.stories = snap.stories.filter((s) => s.published).map((s) => BASE + storyPath(s.story.full_slug));
  const rows = await db.select().from(categories);
  const byId = new Map(rows.map((r) => [r.id, r]));
  expected.categories = rows.map((row) => {
    const slugs: string[] = [];
    for (let at: typeof row | undefined = row; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
      slugs.unshift(at.slug);
    }
    return `${BASE}/sortiment/${slugs.join('/')}`;
  });
  expected.products = (await db.select({ slug: products.slug }).from(products)).map((p) => `${BASE}/produkt/${p.slug}`);
});
afterAll(() => app.closeAll());

describe('GET /sitemap.xml', () => {
  it('lists the start page, every published story, every category page and every product page, with lastmod', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toContain('public');
    const urls = urlsOf(res.body);

    expect([...urls.keys()][0]).toBe(`${BASE}/`);
    expect(urls.get(`${BASE}/`)).toMatch(W3C);
    for (const url of [...expected.stories, ...expected.categories, ...expected.products]) {
      expect(urls.has(url), url).toBe(true);
    }
    // Nothing else, and a category page with a story is listed once.
    const all = new Set([...expected.stories, ...expected.categories, ...expected.products]);
    expect(urls.size).toBe(all.size);
    expect(expected.products).toHaveLength(60);

    // Product pages carry the product's last change; category pages the newest change of their products.
    for (const url of expected.products) expect(urls.get(url)).toMatch(W3C);
    expect(urls.get(`${BASE}/blogg/inventera-kylrummet`)).toBe('2026-09-15T06:00:00Z');
    expect(urls.get(`${BASE}/sortiment/mejeri`)).toMatch(W3C);
  });

  it('is gzipped for clients that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const zipped = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('becomes a sitemap index of files of at most SITEMAP_MAX_URLS URLs when there are more', async () => {
    const config = loadConfig({
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: BASE,
      SITEMAP_MAX_URLS: '40',
    });
    const small = await buildApp(config, { database: app.services.database });
    try {
      const res = await small.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      const index = parseXml(res.body);
      expect(index.name).toBe('sitemapindex');
      expect(index.attrs.xmlns).toBe(NS);
      const locs = index.children.map((c) => c.children.find((x) => x.name === 'loc')!.text);
      const total = new Set([...expected.stories, ...expected.categories, ...expected.products]).size;
      expect(locs).toEqual(Array.from({ length: Math.ceil(total / 40) }, (_, i) => `${BASE}/sitemap-${i + 1}.xml`));

      const seen = new Set<string>();
      for (const loc of locs) {
        const part = await small.inject({ method: 'GET', url: loc.slice(BASE.length) });
        expect(part.statusCode, loc).toBe(200);
        const urls = urlsOf(part.body);
        expect(urls.size).toBeLessThanOrEqual(40);
        for (const url of urls.keys()) {
          expect(seen.has(url), `${url} in two files`).toBe(false);
          seen.add(url);
        }
      }
      expect(seen.size).toBe(total);
      for (const url of expected.products) expect(seen.has(url)).toBe(true);
      expect((await small.inject({ method: 'GET', url: `/sitemap-${locs.length + 1}.xml` })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
    // One file is enough for the demo: no index, and no numbered files.
    expect((await app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });

  it('reads the pages from the Storyblok space when STORYBLOK_TOKEN is set', async () => {
    // The "space" is this server's own CDN subset, reached over HTTP as Storyblok's API would be.
    const space = await buildApp(
      loadConfig({ SEED_ON_EMPTY: 'false', SERVE_CLIENT: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: BASE }),
      { database: app.services.database },
    );
    let remote: FastifyInstance | null = null;
    try {
      await space.listen({ port: 0, host: '127.0.0.1' });
      const { port } = space.server.address() as AddressInfo;
      remote = await buildApp(
        loadConfig({
          SEED_ON_EMPTY: 'false',
          SERVE_CLIENT: 'false',
          LOG_LEVEL: 'silent',
          PUBLIC_URL: BASE,
          STORYBLOK_TOKEN: 'a-public-token',
          STORYBLOK_API_URL: `http://127.0.0.1:${port}/v1/content`,
        }),
        { database: app.services.database },
      );
      const fromSpace = urlsOf((await remote.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      const local = urlsOf((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      expect([...fromSpace.keys()].sort()).toEqual([...local.keys()].sort());
      expect(fromSpace.get(`${BASE}/blogg/inventera-kylrummet`)).toBe('2026-09-15T06:00:00Z');
    } finally {
      await remote?.close();
      await space.close();
    }
  });
});
