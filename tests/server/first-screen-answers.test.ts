import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryTree } from '../../contract/catalog';
import { cdnStory, contentConfigResponse, type CdnStory } from '../../contract/content-cdn';
import { searchKeyResponse } from '../../contract/search';
import { loadContent } from '../../server/adapters/content/local';
import { readContentConfig, readStory } from '../../src/api/content/answers';
import { readSearchKey } from '../../src/api/search/key-answer';
import { readCategoryTree } from '../../src/api/catalog-answers';
import { createTestApp, type TestApp } from './helpers';

// The first screen reads the content config, its story and the category tree without zod (decision 0044). These tests
// hold the hand checks to the contract: same verdict and same result on what this server answers (every story of
// content/, the seeded category tree), and on each field made wrong.

const config = {
  engine: 'embedded',
  endpoint: 'http://localhost:5173/v1/content',
  accessToken: 'embedded-public',
  version: 'published',
  rateLimit: 5,
  perPage: 25,
  batchSize: 50,
  maxRetries: 10,
  retriesDelay: 300,
  timeout: 0,
  productsFolderId: 488402199,
  productsFolderSlug: 'sortiment',
};

/** Values of the wrong kind for any field, and null. */
const WRONG = [null, undefined, 'x', -1.5, 3, true, [], [1], {}, 'not a url'];

function agreesWithContract(
  read: (value: unknown) => unknown,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
) {
  return (value: unknown, label: string) => {
    const parsed = schema.safeParse(value);
    expect(read(value), label).toEqual(parsed.success ? parsed.data : undefined);
  };
}

let stories: CdnStory[] = [];
let app: TestApp;
beforeAll(async () => {
  stories = (await loadContent('content')).stories.map((record) => record.story);
  app = await createTestApp();
});
afterAll(() => app.closeAll());

describe('content answers read by hand', () => {
  it('every story of content/ is read as the contract parses it', () => {
    expect(stories.length).toBeGreaterThan(50);
    const agree = agreesWithContract(readStory, cdnStory);
    for (const story of stories) {
      agree(story, story.full_slug);
      expect(readStory(JSON.parse(JSON.stringify(story)))).toBeDefined();
    }
  });

  it('a story with any field of the wrong kind gets the contract’s verdict', () => {
    const agree = agreesWithContract(readStory, cdnStory);
    const story = stories[0]!;
    for (const key of [...Object.keys(cdnStory.shape), 'content._uid', 'content.component']) {
      for (const wrong of WRONG) {
        const copy = structuredClone(story) as Record<string, unknown> & { content: Record<string, unknown> };
        if (key.startsWith('content.')) copy.content[key.slice(8)] = wrong;
        else copy[key] = wrong;
        agree(copy, `${key} = ${JSON.stringify(wrong)}`);
      }
    }
  });

  it('the config, and the config with any field of the wrong kind, get the contract’s verdict', () => {
    const agree = agreesWithContract(readContentConfig, contentConfigResponse);
    agree(config, 'config');
    expect(readContentConfig(config)).toEqual(config);
    for (const key of Object.keys(contentConfigResponse.shape)) {
      for (const wrong of [...WRONG, 'draft', 'storyblok'])
        agree({ ...config, [key]: wrong }, `${key} = ${String(wrong)}`);
    }
  });

  it('the embedded endpoint is a path on this server, and nothing that could name another host passes as one', () => {
    const agree = agreesWithContract(readContentConfig, contentConfigResponse);
    expect(readContentConfig({ ...config, endpoint: '/v1/content' })).toMatchObject({ endpoint: '/v1/content' });
    for (const endpoint of [
      '/v1/content',
      '/v1/content/',
      '//evil.example/v1',
      '/\\evil.example',
      '/v1 x',
      'v1/content',
    ]) {
      agree({ ...config, endpoint }, `endpoint = ${endpoint}`);
    }
    for (const endpoint of ['//evil.example/v1', '/\\evil.example', '/v1/content/', 'v1/content', '']) {
      expect(readContentConfig({ ...config, endpoint }), endpoint).toBeUndefined();
    }
  });

  it('the category tree, and the tree with any field of a nested category made wrong, get the contract’s verdict', async () => {
    const tree: unknown = (await app.inject({ method: 'GET', url: '/v1/categories' })).json();
    const agree = agreesWithContract(readCategoryTree, categoryTree);
    agree(tree, 'tree');
    expect(readCategoryTree(tree)).toEqual(categoryTree.parse(tree));
    const withChild = (tree as { data: { children: Record<string, unknown>[] }[] }).data.findIndex(
      (top) => top.children.length > 0,
    );
    expect(withChild).toBeGreaterThanOrEqual(0);
    for (const key of ['id', 'slug', 'name', 'description', 'productCount', 'children']) {
      for (const wrong of WRONG) {
        const copy = structuredClone(tree) as { data: { children: Record<string, unknown>[] }[] };
        copy.data[withChild]!.children[0]![key] = wrong;
        agree(copy, `children[0].${key} = ${JSON.stringify(wrong)}`);
      }
    }
    agree({ data: 'x' }, 'data not a list');
    agree([], 'a list');
  });

  it('the search key answer, and the answer with any field made wrong, get the contract’s verdict', async () => {
    const sameOrigin = (await app.inject({ method: 'GET', url: '/v1/typesense/key' })).json<Record<string, unknown>>();
    const agree = agreesWithContract(readSearchKey, searchKeyResponse);
    // The embedded engine answers no nodes (search on the page's own origin); a cluster's answer names them.
    expect(sameOrigin.nodes).toBeNull();
    agree(sameOrigin, 'public key, same origin');
    expect(readSearchKey(sameOrigin)).toEqual(searchKeyResponse.parse(sameOrigin));
    const answer = {
      ...sameOrigin,
      nodes: [{ host: 'search.skafferi.test', port: 443, protocol: 'https', path: '' }],
    };
    agree(answer, 'public key, cluster nodes');
    expect(readSearchKey(answer)).toEqual(searchKeyResponse.parse(answer));
    const paths = [
      ...Object.keys(searchKeyResponse.shape).map((key) => [key]),
      ...['host', 'port', 'protocol', 'path'].map((key) => ['nodes', 0, key]),
      ...['products', 'categories', 'tenderItems', 'campaigns'].map((key) => ['collections', key]),
    ] as const;
    for (const path of paths) {
      for (const wrong of [...WRONG, 'typesense', 'https']) {
        const copy = structuredClone(answer);
        let at: Record<string | number, unknown> = copy;
        for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
        at[path[path.length - 1]!] = wrong;
        agree(copy, `${path.join('.')} = ${JSON.stringify(wrong)}`);
      }
    }
    agree({ ...answer, nodes: [] }, 'no nodes');
  });
});
