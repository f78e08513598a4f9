import { applyEmbedded, authorizeKey, generateScopedKey } from '../scoped-keys';
import {
  SearchError,
  type CollectionSpec,
  type EmbeddedParams,
  type SearchDocument,
  type SearchEngine,
  type SearchParams,
  type SearchResult,
} from '../types';
import { EmbeddedCollection } from './collection';

/** Documents added per turn of the event loop while a collection is (re)built, so the server keeps answering. */
const BUILD_CHUNK = 2000;

export type EmbeddedOptions = {
  /** The search-only parent key that scoped keys are derived from and verified against. */
  searchOnlyKey: string;
  collectionPrefix?: string;
};

/**
 * The embedded engine: every collection in this process's memory, built from the database at start and kept current
 * by the search module. Answers Typesense's search subset and verifies Typesense-scoped keys.
 */
export class EmbeddedSearch implements SearchEngine {
  readonly kind = 'embedded' as const;
  private readonly collections = new Map<string, EmbeddedCollection>();
  private readonly keys = new Map<string, string>();
  private readonly prefix: string;

  constructor(private readonly options: EmbeddedOptions) {
    this.prefix = options.collectionPrefix ?? '';
  }

  collectionName(key: string): string {
    return `${this.prefix}${key}`;
  }

  /** The collection behind a name as the browser sends it, or Typesense's 404. */
  collection(name: string): EmbeddedCollection {
    const key = this.keys.get(name);
    const collection = key ? this.collections.get(key) : undefined;
    if (!collection) throw new SearchError(404, 'Not Found');
    return collection;
  }

  async rebuild(collections: { spec: CollectionSpec; documents: SearchDocument[] }[]): Promise<void> {
    // Build each new collection aside and swap it in when complete: searches keep the old one meanwhile.
    for (const { spec, documents } of collections) {
      const name = this.collectionName(spec.key);
      const fresh = new EmbeddedCollection(name, spec);
      await fresh.upsertAll(documents, BUILD_CHUNK);
      this.collections.set(spec.key, fresh);
      this.keys.set(name, spec.key);
    }
  }

  private byKey(key: string): EmbeddedCollection {
    const collection = this.collections.get(key);
    if (!collection) throw new SearchError(404, `No collection ${key}`);
    return collection;
  }

  async upsert(key: string, documents: SearchDocument[]): Promise<void> {
    const collection = this.byKey(key);
    for (const doc of documents) collection.upsert(doc);
  }

  async remove(key: string, ids: string[]): Promise<void> {
    const collection = this.byKey(key);
    for (const id of ids) collection.remove(id);
  }

  async removeWhere(key: string, filterBy: string): Promise<void> {
    const collection = this.byKey(key);
    for (const id of collection.idsWhere(filterBy)) collection.remove(id);
  }

  async search(
    collection: string,
    params: SearchParams,
    embedded: EmbeddedParams | null = null,
  ): Promise<SearchResult> {
    return this.searchNow(collection, params, embedded);
  }

  /** Synchronous search (the benchmark measures this). */
  searchNow(collection: string, params: SearchParams, embedded: EmbeddedParams | null = null): SearchResult {
    const target = this.collection(collection);
    const scoped = applyEmbedded(params, embedded);
    return target.search(scoped.params, scoped.filter);
  }

  scopedKey(params: EmbeddedParams): string {
    return generateScopedKey(this.options.searchOnlyKey, params);
  }

  authorize(key: string | undefined, nowSeconds?: number): EmbeddedParams | null | undefined {
    return authorizeKey(key, this.options.searchOnlyKey, nowSeconds);
  }

  async close(): Promise<void> {
    this.collections.clear();
  }
}
