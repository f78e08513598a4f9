import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { readContentConfig } from '../../src/api/content/answers';
import { contentEndpoint, createContentClient } from '../../src/api/content/storyblok';
import { createTestApp, type TestApp } from './helpers';

// Opened at any address but PUBLIC_URL's, content must still work: the browser reaches the embedded CDN on the
// address it has the API from, and the CSP lets it (decision 0051). createTestApp sets PUBLIC_URL=http://skafferi.test,
// an address this server is never reached at here.
let app: TestApp;
let origin: string;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.closeAll());

describe('content on the origin the app was opened at', () => {
  it('the browser’s content client reads the start page through the address it used, not PUBLIC_URL', async () => {
    const answer: unknown = await (await fetch(`${origin}/v1/content/config`)).json();
    expect(JSON.stringify(answer)).not.toContain('skafferi.test');
    const config = readContentConfig(answer);
    expect(config?.endpoint).toBe('/v1/content');

    const client = createContentClient(config!, `${origin}/`);
    const home = await client.story('home');
    expect(home?.full_slug).toBe('home');
    const { stories } = await client.stories({ starts_with: 'blogg/' });
    expect(stories.length).toBeGreaterThan(0);
  });

  it('resolves the path on the API’s address; a Storyblok space keeps its own', () => {
    expect(contentEndpoint('/v1/content', 'http://192.168.1.20:8080/')).toBe('http://192.168.1.20:8080/v1/content');
    expect(contentEndpoint('/v1/content', 'https://api.skafferi.test/')).toBe('https://api.skafferi.test/v1/content');
    expect(contentEndpoint('https://api-us.storyblok.com/v2', 'http://192.168.1.20:8080/')).toBe(
      'https://api-us.storyblok.com/v2',
    );
  });

  it('the CSP lets the page reach its own origin only: no PUBLIC_URL, no localhost', async () => {
    const csp = String((await fetch(`${origin}/health`)).headers.get('content-security-policy'));
    expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(csp).not.toContain('skafferi.test');
    expect(csp).not.toContain('localhost');
  });
});
