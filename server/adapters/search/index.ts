import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { EmbeddedSearch } from './embedded/engine';
import { TypesenseSearch } from './typesense';
import type { SearchEngine, SearchNode } from './types';

export { EmbeddedSearch } from './embedded/engine';
export { TypesenseSearch } from './typesense';
export { applyEmbedded, generateScopedKey, verifyScopedKey } from './scoped-keys';
export * from './types';

/** The path under which this server answers the Typesense search subset (embedded engine). */
export const EMBEDDED_SEARCH_PATH = '/v1/search';

export type SearchSetup = { engine: SearchEngine; nodes: SearchNode[] };

function nodeOf(address: string, path?: string): SearchNode {
  const url = new URL(address);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
    path: path ?? url.pathname.replace(/\/$/, ''),
  };
}

/**
 * The search engine the configuration asks for: a Typesense cluster when TYPESENSE_URL is set, else the embedded
 * one; and the nodes browsers reach it at (this server's own origin for the embedded engine).
 */
export function createSearchEngine(
  config: Pick<Config, 'search' | 'publicUrl'>,
  log: { info: (msg: string) => void },
): SearchSetup {
  const search = config.search;
  if (search.typesenseUrl && search.apiKey && search.searchOnlyKey) {
    return {
      engine: new TypesenseSearch({
        url: search.typesenseUrl,
        apiKey: search.apiKey,
        searchOnlyKey: search.searchOnlyKey,
        collectionPrefix: search.collectionPrefix,
      }),
      nodes: [nodeOf(search.publicUrl ?? search.typesenseUrl)],
    };
  }
  let searchOnlyKey = search.searchOnlyKey;
  if (!searchOnlyKey) {
    searchOnlyKey = randomBytes(24).toString('base64url');
    log.info('search keys are signed with a key of this process only (set TYPESENSE_SEARCH_ONLY_KEY to share one)');
  }
  return {
    engine: new EmbeddedSearch({ searchOnlyKey, collectionPrefix: search.collectionPrefix }),
    nodes: [nodeOf(config.publicUrl, EMBEDDED_SEARCH_PATH)],
  };
}
