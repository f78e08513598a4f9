import { describe, expect, it } from 'vitest';
import { isApi, isContent } from '../../sw/routes';

const origin = 'https://skafferi.example';
const url = (path: string, base = origin) => new URL(path, base);

describe('what the service worker keeps for offline use', () => {
  it('keeps content: the embedded CDN and its configuration, and Storyblok itself', () => {
    expect(isContent(url('/v1/content/cdn/stories/home?version=published&token=x'), origin)).toBe(true);
    expect(isContent(url('/v1/content/cdn/links?per_page=1000'), origin)).toBe(true);
    expect(isContent(url('/v1/content/config'), origin)).toBe(true);
    expect(isContent(url('/v2/cdn/stories/home', 'https://api.storyblok.com'), origin)).toBe(true);
  });

  it('never keeps API data of a user', () => {
    // The live list's stream among them: the worker leaves it alone, so nothing buffers or keeps it (decision 0060).
    const live = '/v1/company/10001/inventory-list/00000000-0000-4000-8000-000000000000/events';
    for (const path of ['/v1/customer/', '/v1/company/10001/cart', '/v1/products/prices?company=10001&ids=a', live]) {
      expect(isApi(url(path), origin)).toBe(true);
      expect(isContent(url(path), origin)).toBe(false);
    }
    expect(isContent(url('/v1/content/configuration-of-something-else'), origin)).toBe(false);
  });
});
