import { describe, expect, it } from 'vitest';
import { readSearchKey, searchNodes } from '../../src/api/search/key-answer';
import type { SearchKeyResponse } from '../../contract/search';

/** Issue #13 point 7: without a cluster's public address the browser searches the origin it was loaded from. */

const answer = {
  key: 'k',
  expiresAt: null,
  companyId: null,
  nodes: null,
  path: '/v1/search',
  collections: { products: 'products', categories: 'categories', tenderItems: 'tender_items', campaigns: 'campaigns' },
  engine: 'embedded',
};

describe('where the browser searches', () => {
  it('reads a key answer without nodes, and one with a cluster’s nodes', () => {
    expect(readSearchKey(answer)).toEqual(answer);
    const cluster = { ...answer, nodes: [{ host: 'search.example.se', port: 443, protocol: 'https', path: '' }] };
    expect(readSearchKey(cluster)).toEqual(cluster);
    expect(readSearchKey({ ...answer, nodes: [] })).toBeUndefined();
    expect(readSearchKey({ ...answer, nodes: undefined })).toBeUndefined();
    expect(readSearchKey({ ...answer, path: undefined })).toBeUndefined();
  });

  it('makes the node from the page’s own address: a phone on the LAN searches that address', () => {
    const at = (url: string) => searchNodes(answer as SearchKeyResponse, new URL(url))[0];
    expect(at('http://192.168.1.20:8080/sok?q=lax')).toEqual({
      host: '192.168.1.20',
      port: 8080,
      protocol: 'http',
      path: '/v1/search',
    });
    expect(at('https://shop.skafferi.se/')).toEqual({
      host: 'shop.skafferi.se',
      port: 443,
      protocol: 'https',
      path: '/v1/search',
    });
    expect(at('http://localhost/')).toMatchObject({ host: 'localhost', port: 80, protocol: 'http' });
    // A cluster's public address wins.
    const nodes = [{ host: 'search.example.se', port: 443, protocol: 'https' as const, path: '' }];
    expect(searchNodes({ ...(answer as SearchKeyResponse), nodes }, new URL('http://192.168.1.20:8080/'))).toEqual(
      nodes,
    );
  });
});
