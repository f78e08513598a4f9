/**
 * The search adapter: one interface, two engines (docs/decisions/0011-embedded-search-engine.md).
 *
 * - `embedded`: an in-process index (MiniSearch with a Swedish stemmer) that answers the subset of Typesense's search
 *   API the app uses, and issues and verifies Typesense's HMAC-scoped keys.
 * - `typesense`: pushes the same collection schemas and documents to a real Typesense cluster; the browser searches
 *   the cluster directly with keys scoped the same way.
 *
 * Wire format: Typesense's (collection schemas, documents, search parameters and answers, scoped keys).
 */

/** Typesense field types this app uses. */
export type FieldType = 'string' | 'string[]' | 'int32' | 'int64' | 'float' | 'bool';

export type CollectionField = {
  name: string;
  type: FieldType;
  facet?: boolean;
  optional?: boolean;
  sort?: boolean;
  index?: boolean;
};

/** A Typesense collection schema (the body of `POST /collections`). */
export type CollectionSchema = {
  name: string;
  fields: CollectionField[];
  default_sorting_field?: string;
  enable_nested_fields?: boolean;
};

/** How the embedded engine searches a collection's text (Typesense needs no such hints). */
export type TextOptions = {
  /** Text fields with their default weight when `query_by_weights` is not given (at most 8 fields, weights < 1000). */
  weights: Record<string, number>;
  /** Text fields holding codes (SKU, EAN): whole values matched exactly or by prefix, never with typos. */
  codes?: string[];
};

/** One collection: its logical key (products, categories …), its schema and the embedded engine's text options. */
export type CollectionSpec = {
  key: string;
  schema: CollectionSchema;
  text: TextOptions;
  /**
   * Non-facet fields the embedded engine keeps filter columns for from the start (facet fields always have one;
   * any other field gets one at its first filter).
   */
  filterFields?: string[];
};

export type SearchDocument = { id: string } & Record<string, unknown>;

/** Search parameters as Typesense takes them: strings from a query string, or typed values from a JSON body. */
export type SearchParams = Record<string, string | number | boolean | undefined>;

export type Highlight = {
  field: string;
  snippet?: string;
  snippets?: string[];
  indices?: number[];
  matched_tokens: string[] | string[][];
};

export type SearchHit = {
  document: Record<string, unknown>;
  highlight: Record<string, unknown>;
  highlights: Highlight[];
  text_match: number;
  text_match_info: {
    best_field_score: string;
    best_field_weight: number;
    fields_matched: number;
    num_tokens_dropped: number;
    score: string;
    tokens_matched: number;
    typo_prefix_score: number;
  };
};

export type FacetCount = {
  field_name: string;
  counts: { count: number; highlighted: string; value: string }[];
  sampled: boolean;
  stats: { total_values?: number; min?: number; max?: number; sum?: number; avg?: number };
};

/** Typesense's search answer. */
export type SearchResult = {
  facet_counts: FacetCount[];
  found: number;
  hits: SearchHit[];
  out_of: number;
  page: number;
  request_params: { collection_name: string; first_q: string; per_page: number; q: string };
  search_cutoff: boolean;
  search_time_ms: number;
};

/** One entry of a multi_search answer: a result, or Typesense's per-search error. */
export type MultiSearchItem = SearchResult | { code: number; error: string };

/** Where the browser reaches the search API (Typesense client `nodes`). */
export type SearchNode = { host: string; port: number; protocol: 'http' | 'https'; path: string };

/** A search that cannot run: Typesense's status and message. */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

/** The parameters a scoped key embeds (Typesense: any search parameter, plus `expires_at`). */
export type EmbeddedParams = Record<string, unknown> & { filter_by?: string; expires_at?: number };

export interface SearchEngine {
  readonly kind: 'embedded' | 'typesense';
  /** Actual collection name for each logical key (a prefix may apply). */
  collectionName(key: string): string;
  /** Replaces every collection with these documents (at start). */
  rebuild(collections: { spec: CollectionSpec; documents: SearchDocument[] }[]): Promise<void>;
  /** Adds or replaces documents by id. */
  upsert(key: string, documents: SearchDocument[]): Promise<void>;
  /** Removes documents by id (unknown ids are ignored). */
  remove(key: string, ids: string[]): Promise<void>;
  /** Removes every document that matches a filter (e.g. one company's tender items). */
  removeWhere(key: string, filterBy: string): Promise<void>;
  /**
   * Runs one search with the engine's own authority (no key check). With `embedded` (a verified key's parameters),
   * the search runs inside that key's scope: its filter ANDed with the requested one as a tree (scoped-keys.ts).
   */
  search(collection: string, params: SearchParams, embedded?: EmbeddedParams | null): Promise<SearchResult>;
  /** A key derived from the search-only parent key with embedded parameters (Typesense's scheme). */
  scopedKey(params: EmbeddedParams): string;
  /**
   * What a key may do when this server answers the search: the parent key everything (null), a scoped key made from
   * it its embedded parameters, anything else nothing (undefined).
   */
  authorize(key: string | undefined, nowSeconds?: number): EmbeddedParams | null | undefined;
  close(): Promise<void>;
}
