import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'skafferi-client-'));
// The story files, copied so that a test can change the start page's story while the server watches them.
const contentDir = mkdtempSync(join(tmpdir(), 'skafferi-client-content-'));

beforeAll(async () => {
  cpSync('content', contentDir, { recursive: true });
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="sv"><title>Skafferi</title></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // The start page's chunks as the build lists them (vite.config.ts), with an entry that is not a script's path.
  const startPage = { modulepreload: ['/assets/home-loader-abc123.js', '/assets/x.js"><script>alert(1)</script>'] };
  writeFileSync(join(dir, 'start-page.json'), JSON.stringify(startPage));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Source maps a build might leave behind (`vite build --sourcemap`): the server must not publish them.
  const map = JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['// the whole source'] });
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), map);
  writeFileSync(join(dir, 'sw.js.map'), map);
  const shell = `console.log(${JSON.stringify('Skafferi '.repeat(500))})`;
  writeFileSync(join(dir, 'assets', 'shell-def456.js'), shell);
  writeFileSync(join(dir, 'assets', 'shell-def456.js.br'), brotliCompressSync(shell));
  writeFileSync(join(dir, 'assets', 'shell-def456.js.gz'), gzipSync(shell));
  app = await createTestApp({
    SERVE_CLIENT: 'true',
    CLIENT_DIR: dir,
    CONTENT_DIR: contentDir,
    CONTENT_WATCH: 'true',
    REDIRECT_RULES: JSON.stringify([
      { from: '/gammal-sida', match: 'exact', to: '/ny-sida', status: 301 },
      { from: '/kampanj', match: 'prefix', to: '/sok', status: 302, keepQuery: true },
      { from: '/partner', match: 'exact', to: 'https://partner.example/', status: 302 },
      // A path that tries to end the script element the rules are sent in.
      { from: '/x</script><script>alert(1)</script>', match: 'exact', to: '/ny-sida', status: 301 },
    ]),
  });
});
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
  rmSync(contentDir, { recursive: true, force: true });
});

describe('the built PWA on the same origin', () => {
  it('answers a first load of a redirected path before the app loads (SPEC §2 path-based rules)', async () => {
    const moved = await app.inject({ method: 'GET', url: '/gammal-sida' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/ny-sida');
    const below = await app.inject({ method: 'GET', url: '/kampanj/vinter?sida=2' });
    expect(below.statusCode).toBe(302);
    expect(below.headers.location).toBe('/sok?sida=2');
    const away = await app.inject({ method: 'GET', url: '/partner' });
    expect(away.statusCode).toBe(302);
    expect(away.headers.location).toBe('https://partner.example/');
    // Other paths still get the app; API paths are never redirected.
    expect((await app.inject({ method: 'GET', url: '/gammal-sida/x' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/kampanjer' })).statusCode).toBe(200);
  });

  it('puts the rules in the app page for in-app navigations, also in the /index.html the service worker keeps', async () => {
    for (const url of ['/', '/profil', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toContain('text/html');
      const json = /<script id="redirect-rules" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(json, url).toBeDefined();
      // One script element for the rules (and `/` the start page's story): a rule's text never closes it.
      expect(page.body.match(/<\/script>/g), url).toHaveLength(url === '/' ? 2 : 1);
      const rules = JSON.parse(json!) as { from: string; to: string }[];
      expect(rules.map((r) => r.from)).toEqual([
        '/gammal-sida',
        '/kampanj',
        '/partner',
        '/x</script><script>alert(1)</script>',
      ]);
      expect(rules[2]!.to).toBe('https://partner.example/');
    }
  });

  it("puts the start page's story in the page at / only, as the content service answers it", async () => {
    const cdn = await app.inject({ method: 'GET', url: '/v1/content/cdn/stories/home?version=published&token=x' });
    expect(cdn.statusCode).toBe(200);
    const start = await app.inject({ method: 'GET', url: '/?utm_source=mail' });
    const json = /<script id="start-story" type="application\/json">(.*?)<\/script>/.exec(start.body)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!)).toEqual((cdn.json() as { story: unknown }).story);
    // Its code is announced beside the entry; only script paths from the build's list.
    expect(start.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-loader-abc123.js">');
    expect(start.body).not.toContain('alert(1)</script>');
    // The hero's image, the page's largest element, is asked for beside the entry, as the hero draws it.
    expect(start.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/content/hero-start.svg">',
    );
    for (const url of ['/profil', '/index.html', '/sok?q=kaffe']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body, url).not.toContain('start-story');
      expect(page.body, url).not.toContain('home-loader-abc123');
      expect(page.body, url).not.toContain('hero-start.svg');
    }
  });

  it("shows a change of the start page's story at the next load of /", async () => {
    const storyOf = (body: string) =>
      JSON.parse(/<script id="start-story" type="application\/json">(.*?)<\/script>/.exec(body)![1]!) as {
        content: { title: string };
      };
    const before = await app.inject({ method: 'GET', url: '/' });
    expect(storyOf(before.body).content.title).toBe('Skafferi – grossist för storkök, restaurang och skog');
    const file = join(contentDir, 'home.json');
    const home = JSON.parse(readFileSync(file, 'utf8')) as { content: { title: string } };
    home.content.title = 'Skafferi – nu med vedboden öppen';
    writeFileSync(file, JSON.stringify(home));
    // The watcher reads the files again a moment after the change; each load of / after that has the new story, as
    // the content service answers it.
    let shown = '';
    for (let i = 0; i < 100 && shown !== home.content.title; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = storyOf((await app.inject({ method: 'GET', url: '/' })).body).content.title;
    }
    expect(shown).toBe('Skafferi – nu med vedboden öppen');
    const cdn = await app.inject({ method: 'GET', url: '/v1/content/cdn/stories/home?version=published&token=x' });
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(storyOf(brotliDecompressSync(again.rawPayload).toString('utf8'))).toEqual(
      (cdn.json() as { story: unknown }).story,
    );
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/profil', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('<title>Skafferi</title>');
  });

  it('caches hashed assets for a year and always revalidates the service worker and the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the plain file otherwise", async () => {
    const url = '/assets/shell-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Skafferi Skafferi');
    expect(br.rawPayload.length).toBeLessThan(500);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Skafferi Skafferi');
  });

  it('answers client routes with the app and unknown API paths with a JSON 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/profil/inkopslistor' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Skafferi</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ method: 'GET', url: '/v1/finns-inte' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NotFound' });
    expect((await app.inject({ method: 'GET', url: '/assets/saknas.js' })).statusCode).toBe(404);
  });

  it('never serves a source map, even one left in the build folder', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/sw.js.map', '/assets/index-abc123.js.MAP', '/sw.js.ma%70']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.body, url).not.toContain('sourcesContent');
      expect(res.body, url).not.toContain('the whole source');
    }
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
    expect((await app.inject({ method: 'GET', url: '/sw.js.map' })).statusCode).toBe(404);
  });
});
