import { filterText } from './embedded/filter';
import { applyEmbedded, authorizeKey, generateScopedKey } from './scoped-keys';
import {
  SearchError,
  type CollectionSpec,
  type EmbeddedParams,
  type SearchDocument,
  type SearchEngine,
  type SearchParams,
  type SearchResult,
} from './types';

export type TypesenseOptions = {
  /** Admin address of the cluster, e.g. https://xyz.a1.typesense.net:443 (no trailing slash). */
  url: string;
  /** Admin API key: creates collections, imports documents, moves aliases. Never leaves the server. */
  apiKey: string;
  /** Parent of the browsers' scoped keys (a key with only `documents:search`). */
  searchOnlyKey: string;
  collectionPrefix?: string;
  /** Documents per import request. */
  importBatch?: number;
  /** Clock for the versioned collection names (tests pin it). */
  now?: () => number;
  fetch?: typeof fetch;
};

type Request = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  jsonl?: unknown[];
};

/**
 * A real Typesense cluster behind the search adapter. Each collection is an alias (`products` …) pointing at a
 * versioned collection (`products_<ms>`): a rebuild creates a new one, imports every document, moves the alias and
 * drops the old collection, so searches never see a half-built index. Changes go to the alias.
 */
export class TypesenseSearch implements SearchEngine {
  readonly kind = 'typesense' as const;
  private readonly prefix: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: TypesenseOptions) {
    this.prefix = options.collectionPrefix ?? '';
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  collectionName(key: string): string {
    return `${this.prefix}${key}`;
  }

  private async call<T>(request: Request, allow404 = false): Promise<T | undefined> {
    const url = new URL(`${this.options.url}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { 'X-TYPESENSE-API-KEY': this.options.apiKey };
    let body: string | undefined;
    if (request.jsonl) {
      headers['Content-Type'] = 'text/plain';
      body = request.jsonl.map((doc) => JSON.stringify(doc)).join('\n');
    } else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const response = await this.fetch(url, { method: request.method, headers, body });
    const text = await response.text();
    if (response.status === 404 && allow404) return undefined;
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new SearchError(response.status, `Typesense ${request.method} ${request.path}: ${message}`);
    }
    if (request.path.endsWith('/documents/import')) return text as T;
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** POST …/documents/import (JSONL), in batches; a document Typesense refuses fails the whole call. */
  private async importDocuments(collection: string, documents: SearchDocument[], action: 'create' | 'upsert') {
    const batch = this.options.importBatch ?? 5000;
    for (let i = 0; i < documents.length; i += batch) {
      const chunk = documents.slice(i, i + batch);
      const answer = (await this.call<string>({
        method: 'POST',
        path: `/collections/${encodeURIComponent(collection)}/documents/import`,
        query: { action },
        jsonl: chunk,
      })) as string;
      const failed = answer
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { success: boolean; error?: string; document?: string })
        .filter((line) => !line.success);
      if (failed.length > 0) {
        throw new SearchError(
          400,
          `Typesense refused ${failed.length} document(s) in ${collection}: ${failed[0]?.error ?? 'unknown error'}`,
        );
      }
    }
  }

  async rebuild(collections: { spec: CollectionSpec; documents: SearchDocument[] }[]): Promise<void> {
    for (const { spec, documents } of collections) {
      const alias = this.collectionName(spec.key);
      const versioned = `${alias}_${this.now()}`;
      await this.call({ method: 'POST', path: '/collections', json: { ...spec.schema, name: versioned } });
      await this.importDocuments(versioned, documents, 'create');
      const previous = await this.call<{ collection_name: string }>(
        { method: 'GET', path: `/aliases/${encodeURIComponent(alias)}` },
        true,
      );
      await this.call({
        method: 'PUT',
        path: `/aliases/${encodeURIComponent(alias)}`,
        json: { collection_name: versioned },
      });
      if (previous && previous.collection_name !== versioned) {
        await this.call(
          { method: 'DELETE', path: `/collections/${encodeURIComponent(previous.collection_name)}` },
          true,
        );
      }
    }
  }

  async upsert(key: string, documents: SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.importDocuments(this.collectionName(key), documents, 'upsert');
  }

  async remove(key: string, ids: string[]): Promise<void> {
    const collection = encodeURIComponent(this.collectionName(key));
    for (const id of ids) {
      await this.call(
        { method: 'DELETE', path: `/collections/${collection}/documents/${encodeURIComponent(id)}` },
        true,
      );
    }
  }

  async removeWhere(key: string, filterBy: string): Promise<void> {
    await this.call({
      method: 'DELETE',
      path: `/collections/${encodeURIComponent(this.collectionName(key))}/documents`,
      query: { filter_by: filterBy },
    });
  }

  /**
   * A search with the admin key. Under a key's `embedded` parameters (a browser's search through this server) the
   * filter sent is built from the tree of both filters (scoped-keys.ts), every value quoted: the cluster gets one
   * unambiguous filter, not two texts joined.
   */
  async search(
    collection: string,
    params: SearchParams,
    embedded: EmbeddedParams | null = null,
  ): Promise<SearchResult> {
    // Without a key's parameters the search is the server's own (its filters as it wrote them).
    const scoped = embedded ? applyEmbedded(params, embedded) : { params, filter: undefined };
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(scoped.params)) if (value !== undefined) query[name] = String(value);
    if (scoped.filter) query.filter_by = filterText(scoped.filter);
    return (await this.call<SearchResult>({
      method: 'GET',
      path: `/collections/${encodeURIComponent(collection)}/documents/search`,
      query,
    })) as SearchResult;
  }

  scopedKey(params: EmbeddedParams): string {
    return generateScopedKey(this.options.searchOnlyKey, params);
  }

  authorize(key: string | undefined, nowSeconds?: number): EmbeddedParams | null | undefined {
    return authorizeKey(key, this.options.searchOnlyKey, nowSeconds);
  }

  async close(): Promise<void> {}
}
