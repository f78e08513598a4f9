import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'skafferi-client-'));

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="sv"><title>Skafferi</title></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // Source maps a build might leave behind (`vite build --sourcemap`): the server must not publish them.
  const map = JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['// the whole source'] });
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), map);
  writeFileSync(join(dir, 'sw.js.map'), map);
  const shell = `console.log(${JSON.stringify('Skafferi '.repeat(500))})`;
  writeFileSync(join(dir, 'assets', 'shell-def456.js'), shell);
  writeFileSync(join(dir, 'assets', 'shell-def456.js.br'), brotliCompressSync(shell));
  writeFileSync(join(dir, 'assets', 'shell-def456.js.gz'), gzipSync(shell));
  app = await createTestApp({ SERVE_CLIENT: 'true', CLIENT_DIR: dir });
});
afterAll(async () => {
  await app.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built PWA on the same origin', () => {
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
