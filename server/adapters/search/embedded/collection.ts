import {
  SearchError,
  type CollectionField,
  type CollectionSpec,
  type SearchDocument,
  type SearchParams,
  type SearchResult,
} from '../types';
import type { Bitset } from './bitset';
import { facetCount } from './facets';
import { parseFilter, type FilterNode } from './filter';
import { filterSet } from './filter-sets';
import { buildHit } from './hits';
import { DEFAULT_MAX_FACET_VALUES, DEFAULT_PER_PAGE, intParam, list, MAX_PER_PAGE, parsedFilter, str } from './params';
import { comparator, pageOfAll, parseSort, topK } from './sorting';
import { CollectionStore, type Match } from './store';
import type { Candidate } from './text-index';
import { matchText } from './text-match';

/**
 * One collection of the embedded engine: its documents and indexes (store.ts), searched with Typesense's parameters.
 * A search reads the parameters in Typesense's order (so the same bad request gets the same error), selects by the
 * filter (filter-sets.ts), matches the text (text-match.ts), sorts (sorting.ts), counts facets (facets.ts) and builds
 * the hits (hits.ts).
 */
export class EmbeddedCollection {
  private readonly store: CollectionStore;

  constructor(
    readonly name: string,
    readonly spec: CollectionSpec,
  ) {
    this.store = new CollectionStore(name, spec);
  }

  get fields(): ReadonlyMap<string, CollectionField> {
    return this.store.fields;
  }

  get size(): number {
    return this.store.size;
  }

  /** Adds documents, replacing those with the same id; yields to the event loop between chunks when `chunk` > 0. */
  async upsertAll(documents: SearchDocument[], chunk = 0): Promise<void> {
    for (let i = 0; i < documents.length; i++) {
      this.store.upsert(documents[i] as SearchDocument);
      if (chunk > 0 && i % chunk === chunk - 1) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  upsert(document: SearchDocument): void {
    this.store.upsert(document);
  }

  remove(id: string): boolean {
    return this.store.remove(id);
  }

  /** Ids of the documents that match a filter. */
  idsWhere(filterBy: string): string[] {
    const set = filterSet(this.store, parseFilter(filterBy));
    const ids: string[] = [];
    set.forEach((slot) => {
      const doc = this.store.docs[slot];
      if (doc) ids.push(String(doc.id));
    });
    return ids;
  }

  /** One search; `filter` is the parsed filter when the caller has one (a key's scope joined in), else `filter_by`'s. */
  search(params: SearchParams, filter: FilterNode | undefined = parsedFilter(params.filter_by)): SearchResult {
    const started = performance.now();
    const store = this.store;
    const q = str(params.q);
    if (q === undefined) throw new SearchError(400, 'Parameter `q` is required.');
    const wildcard = q.trim() === '*' || q.trim() === '';
    const queryBy = list(params.query_by);
    if (!wildcard && queryBy.length === 0) throw new SearchError(400, 'Parameter `query_by` is required.');
    for (const field of queryBy) {
      if (!store.fields.has(field))
        throw new SearchError(404, `Could not find a field named \`${field}\` in the schema.`);
      if (!store.textFields.includes(field))
        throw new SearchError(400, `Field \`${field}\` is not searchable as text in the embedded engine.`);
    }
    const weights = list(params.query_by_weights).map(Number);
    if (weights.length > 0 && (weights.length !== queryBy.length || weights.some((w) => !Number.isFinite(w) || w < 0)))
      throw new SearchError(400, 'Number of weights in `query_by_weights` does not match number of `query_by` fields.');

    // Read-only from here on: a single clause's set is the cached one.
    const matching = filter ? filterSet(store, filter) : store.live;
    const sort = parseSort(store, str(params.sort_by), wildcard);
    const facetBy = list(params.facet_by);
    for (const field of facetBy) {
      if (!store.fields.get(field)?.facet)
        throw new SearchError(404, `Could not find a facet field named \`${field}\` in the schema.`);
    }
    const maxFacetValues = intParam(params, 'max_facet_values', DEFAULT_MAX_FACET_VALUES, 1, 10_000);

    let perPage = intParam(params, 'per_page', DEFAULT_PER_PAGE, 0, MAX_PER_PAGE);
    let page = intParam(params, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
    let offset = (page - 1) * perPage;
    if (params.limit !== undefined) perPage = intParam(params, 'limit', DEFAULT_PER_PAGE, 0, MAX_PER_PAGE);
    if (params.offset !== undefined) {
      offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      page = perPage > 0 ? Math.floor(offset / perPage) + 1 : 1;
    }

    let found: number;
    let pageMatches: Match[];
    let counted: Bitset | Match[];
    let dropped = 0;
    let wordCandidates: Candidate[][] = [];
    if (wildcard) {
      found = matching.count();
      pageMatches = pageOfAll(store, matching, sort, offset, perPage, found);
      counted = matching;
    } else {
      const text = matchText(store, params, q, queryBy, weights, matching);
      wordCandidates = text.wordCandidates;
      dropped = text.dropped;
      found = text.matches.length;
      pageMatches =
        offset < found && perPage > 0
          ? topK(text.matches, offset + perPage, comparator(store, sort)).slice(offset, offset + perPage)
          : [];
      counted = text.matches;
    }

    const hits = pageMatches.map((m) =>
      buildHit(store.docs[m.slot] as SearchDocument, m, params, queryBy, wordCandidates, dropped),
    );
    const facetCounts = facetBy.map((field) => facetCount(store, field, counted, maxFacetValues));
    return {
      facet_counts: facetCounts,
      found,
      hits,
      out_of: store.size,
      page,
      request_params: { collection_name: this.name, first_q: q, per_page: perPage, q },
      search_cutoff: false,
      search_time_ms: Math.round(performance.now() - started),
    };
  }
}
