import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'skafferi-client-'));

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="sv"><title>Skafferi</title></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
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
});
