import type { Config } from '../../config';
import { EmbeddedSearch } from './embedded/engine';
import { TypesenseSearch } from './typesense';
import type { SearchEngine, SearchNode } from './types';

export { EmbeddedSearch } from './embedded/engine';
export { TypesenseSearch } from './typesense';
export { applyEmbedded, generateScopedKey, verifyScopedKey } from './scoped-keys';
export * from './types';

/** The path under which this server answers the Typesense search subset (embedded engine, or a cluster behind it). */
export const EMBEDDED_SEARCH_PATH = '/v1/search';

/**
 * The engine, and the nodes where browsers reach a Typesense cluster directly — null when they search this server on
 * the origin the page was loaded from (under EMBEDDED_SEARCH_PATH): always for the embedded engine, and for a cluster
 * unless TYPESENSE_PUBLIC_URL names where browsers reach it.
 */
export type SearchSetup = { engine: SearchEngine; nodes: SearchNode[] | null };

function nodeOf(address: string): SearchNode {
  const url = new URL(address);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
    path: url.pathname.replace(/\/$/, ''),
  };
}

/**
 * The search engine the configuration asks for: a Typesense cluster when TYPESENSE_URL is set, else the embedded
 * one. `searchOnlyKey` is the parent of the scoped keys (the configured one, or the one kept in the database so that
 * every instance verifies every other's keys).
 */
export function createSearchEngine(config: Pick<Config, 'search'>, searchOnlyKey: string): SearchSetup {
  const search = config.search;
  if (search.typesenseUrl && search.apiKey) {
    return {
      engine: new TypesenseSearch({
        url: search.typesenseUrl,
        apiKey: search.apiKey,
        searchOnlyKey,
        collectionPrefix: search.collectionPrefix,
      }),
      nodes: search.publicUrl ? [nodeOf(search.publicUrl)] : null,
    };
  }
  return {
    engine: new EmbeddedSearch({ searchOnlyKey, collectionPrefix: search.collectionPrefix }),
    nodes: null,
  };
}
