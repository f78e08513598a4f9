import {
  SearchError,
  type CollectionField,
  type CollectionSpec,
  type FacetCount,
  type Highlight,
  type SearchDocument,
  type SearchHit,
  type SearchParams,
  type SearchResult,
} from '../types';
import { Bitset } from './bitset';
import { parseFilter, type FilterNode, type FilterValue } from './filter';
import { fold, indexTerms, swedishSortKey, tokenize, words } from './text';
import { TextIndex, type Candidate } from './text-index';

const MAX_PER_PAGE = 250;
const DEFAULT_PER_PAGE = 10;
const DEFAULT_MAX_FACET_VALUES = 10;
/** Query words beyond this many are ignored. */
const MAX_QUERY_WORDS = 16;
/** Below this many matches, sort the matches themselves; above, walk a cached order of the whole collection. */
const SORT_DIRECT_LIMIT = 4096;

type SortKey = { field: string; desc: boolean };
type Match = { slot: number; score: number };
type ClauseNode = Extract<FilterNode, { kind: 'clause' }>;

const NUMERIC_TYPES = new Set(['int32', 'int64', 'float']);

/** The value at a dotted path (`zone.name`) of a document. */
export function valueAt(doc: Record<string, unknown>, path: string): unknown {
  if (path in doc) return doc[path];
  let at: unknown = doc;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function stringValues(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return [String(value)];
}

const str = (v: SearchParams[string]) => (v === undefined ? undefined : String(v));
const list = (v: SearchParams[string]) =>
  (str(v) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parsedFilter(value: SearchParams[string]): FilterNode | undefined {
  const text = str(value)?.trim();
  return text ? parseFilter(text) : undefined;
}

function intParam(params: SearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = str(params[name]);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new SearchError(400, `Parameter \`${name}\` must be an integer of at least ${min}.`);
  if (n > max) throw new SearchError(422, `Only upto ${max} hits can be fetched per page.`);
  return n;
}

const boolParam = (v: SearchParams[string], fallback: boolean) => {
  const s = str(v);
  if (s === undefined || s === '') return fallback;
  return s.split(',').some((part) => part.trim() === 'true');
};

/** A string-like field's values: a dictionary, and per slot the value id (or ids, for arrays). */
class ValueColumn {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Value ids by folded value, for filters (accents and case do not matter). */
  private readonly byFolded = new Map<string, number[]>();
  single = new Int32Array(0);
  readonly many: (number[] | undefined)[] = [];

  constructor(readonly isArray: boolean) {}

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      const key = fold(value);
      const same = this.byFolded.get(key);
      if (same) same.push(id);
      else this.byFolded.set(key, [id]);
    }
    return id;
  }

  set(slot: number, values: string[]): void {
    if (this.isArray) {
      this.many[slot] = values.map((v) => this.idOf(v));
      return;
    }
    if (slot >= this.single.length) {
      const grown = new Int32Array(Math.max(64, slot + 1, this.single.length * 2)).fill(-1);
      grown.set(this.single);
      this.single = grown;
    }
    this.single[slot] = values.length > 0 ? this.idOf(values[0] as string) : -1;
  }

  clear(slot: number): void {
    if (this.isArray) this.many[slot] = undefined;
    else if (slot < this.single.length) this.single[slot] = -1;
  }

  idsFor(value: string): number[] {
    return this.byFolded.get(fold(value)) ?? [];
  }
}

/** A numeric field: one number per slot (NaN when absent). */
class NumberColumn {
  data = new Float64Array(0);
  set(slot: number, value: number): void {
    if (slot >= this.data.length) {
      const grown = new Float64Array(Math.max(64, slot + 1, this.data.length * 2)).fill(Number.NaN);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[slot] = value;
  }
}

/**
 * One collection of the embedded engine: the documents, a text index over the text fields (MiniSearch's radix tree
 * with the Swedish stemmer's terms), value columns for filters and facets, numeric columns for sorting and ranges.
 */
export class EmbeddedCollection {
  readonly fields = new Map<string, CollectionField>();
  private readonly textFields: string[];
  private readonly text: TextIndex;
  private readonly docs: (SearchDocument | undefined)[] = [];
  private readonly slots = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly valueColumns = new Map<string, ValueColumn>();
  private readonly numbers = new Map<string, NumberColumn>();
  private readonly sortStrings = new Map<string, string[]>();
  private live = new Bitset(0);
  private version = 0;
  private readonly cache = new Map<string, Bitset | Int32Array>();
  private cacheVersion = -1;
  // Scratch arrays for scoring, grown with the collection.
  private scores = new Float64Array(0);
  private best = new Float64Array(0);
  private matched = new Uint8Array(0);

  constructor(
    readonly name: string,
    readonly spec: CollectionSpec,
  ) {
    for (const field of spec.schema.fields) this.fields.set(field.name, field);
    this.textFields = Object.keys(spec.text.weights);
    for (const field of this.textFields) {
      const type = this.fields.get(field)?.type;
      if (type !== 'string' && type !== 'string[]')
        throw new Error(`${name}: text field ${field} must be a string field`);
    }
    this.text = new TextIndex(this.textFields, spec.text.codes ?? []);
    const eager = new Set(spec.filterFields ?? []);
    for (const field of spec.schema.fields) {
      if (NUMERIC_TYPES.has(field.type)) this.numbers.set(field.name, new NumberColumn());
      else if (field.facet || field.type === 'bool' || eager.has(field.name))
        this.valueColumns.set(field.name, new ValueColumn(field.type === 'string[]'));
      if (field.type === 'string' && field.sort) this.sortStrings.set(field.name, []);
    }
  }

  get size(): number {
    return this.slots.size;
  }

  /** Adds documents, replacing those with the same id; yields to the event loop between chunks when `chunk` > 0. */
  async upsertAll(documents: SearchDocument[], chunk = 0): Promise<void> {
    for (let i = 0; i < documents.length; i++) {
      this.upsert(documents[i] as SearchDocument);
      if (chunk > 0 && i % chunk === chunk - 1) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  upsert(document: SearchDocument): void {
    const id = String(document.id);
    this.validate(document);
    const existing = this.slots.get(id);
    if (existing !== undefined) this.unindex(existing);
    const slot = existing ?? this.freeSlots.pop() ?? this.docs.length;
    this.docs[slot] = document;
    this.slots.set(id, slot);
    this.index(slot, document);
    this.version++;
  }

  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    this.unindex(slot);
    this.docs[slot] = undefined;
    this.slots.delete(id);
    this.freeSlots.push(slot);
    this.version++;
    return true;
  }

  /** Ids of the documents that match a filter. */
  idsWhere(filterBy: string): string[] {
    const set = this.evaluate(parseFilter(filterBy));
    const ids: string[] = [];
    set.forEach((slot) => {
      const doc = this.docs[slot];
      if (doc) ids.push(String(doc.id));
    });
    return ids;
  }

  private validate(document: SearchDocument): void {
    if (typeof document.id !== 'string' || document.id === '')
      throw new SearchError(400, 'Document `id` must be a non-empty string.');
    for (const field of this.fields.values()) {
      const value = valueAt(document, field.name);
      if (value === undefined || value === null) {
        if (!field.optional)
          throw new SearchError(
            400,
            `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`,
          );
        continue;
      }
      const ok =
        field.type === 'string'
          ? typeof value === 'string'
          : field.type === 'string[]'
            ? Array.isArray(value) && value.every((v) => typeof v === 'string')
            : field.type === 'bool'
              ? typeof value === 'boolean'
              : typeof value === 'number' && Number.isFinite(value);
      if (!ok)
        throw new SearchError(
          400,
          `Field \`${field.name}\` must be ${field.type === 'string[]' ? 'an array of strings' : `a ${field.type}`}.`,
        );
    }
  }

  private index(slot: number, doc: SearchDocument): void {
    if (slot >= this.live.size) {
      const grown = new Bitset(Math.max(64, slot + 1, this.live.size * 2));
      grown.words.set(this.live.words);
      this.live = grown;
      this.scores = new Float64Array(grown.size);
      this.best = new Float64Array(grown.size);
      this.matched = new Uint8Array(grown.size);
    }
    this.live.add(slot);
    this.text.add(slot, this.textsOf(doc));
    for (const [field, column] of this.valueColumns) column.set(slot, stringValues(valueAt(doc, field)));
    for (const [field, column] of this.numbers) {
      const value = valueAt(doc, field);
      column.set(slot, typeof value === 'number' ? value : Number.NaN);
    }
    for (const [field, column] of this.sortStrings) column[slot] = swedishSortKey(String(valueAt(doc, field) ?? ''));
  }

  private textsOf(doc: SearchDocument): string[][] {
    return this.textFields.map((field) => stringValues(valueAt(doc, field)));
  }

  private unindex(slot: number): void {
    if (!this.docs[slot]) return;
    this.live.words[slot >>> 5] = (this.live.words[slot >>> 5] as number) & ~(1 << (slot & 31));
    this.text.remove(slot, this.textsOf(this.docs[slot] as SearchDocument));
    for (const column of this.valueColumns.values()) column.clear(slot);
    for (const column of this.numbers.values()) column.set(slot, Number.NaN);
  }

  /** The filter column of a string or bool field, built at its first use when not kept from the start. */
  private valueColumn(field: CollectionField): ValueColumn {
    let column = this.valueColumns.get(field.name);
    if (!column) {
      const built = new ValueColumn(field.type === 'string[]');
      this.live.forEach((slot) =>
        built.set(slot, stringValues(valueAt(this.docs[slot] as SearchDocument, field.name))),
      );
      this.valueColumns.set(field.name, built);
      column = built;
    }
    return column;
  }

  private cached<T extends Bitset | Int32Array>(key: string, make: () => T): T {
    if (this.cacheVersion !== this.version) {
      this.cache.clear();
      this.cacheVersion = this.version;
    }
    let value = this.cache.get(key) as T | undefined;
    if (!value) {
      value = make();
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, value);
    }
    return value;
  }

  // ── filters ────────────────────────────────────────────────────────────────────────────────────────────────────

  private evaluate(node: FilterNode): Bitset {
    if (node.kind === 'clause') return this.cached(`f:${JSON.stringify(node)}`, () => this.clause(node));
    const sets = node.items.map((item) => this.evaluate(item));
    if (node.kind === 'and') {
      const out = (sets[0] as Bitset).clone();
      for (const set of sets.slice(1)) out.and(set);
      return out;
    }
    const out = new Bitset(this.live.size);
    for (const set of sets) out.or(set);
    return out;
  }

  private clause(node: ClauseNode): Bitset {
    const field = this.fields.get(node.field);
    if (!field) throw new SearchError(404, `Could not find a filter field named \`${node.field}\` in the schema.`);
    const out = new Bitset(this.live.size);
    if (NUMERIC_TYPES.has(field.type)) {
      const column = (this.numbers.get(field.name) as NumberColumn).data;
      const tests = node.values.map((v) => numericTest(field.name, node.op, v));
      this.live.forEach((slot) => {
        const x = column[slot] as number;
        if (!Number.isNaN(x) && tests.some((t) => t(x))) out.add(slot);
      });
    } else {
      if (!['match', 'eq', 'ne'].includes(node.op))
        throw new SearchError(
          400,
          `Error with filter field \`${field.name}\`: Only numerical fields can be compared with \`<\` or \`>\`.`,
        );
      const column = this.valueColumn(field);
      const wanted = new Uint8Array(column.values.length);
      for (const v of node.values) {
        if ('from' in v)
          throw new SearchError(400, `Error with filter field \`${field.name}\`: ranges need a numerical field.`);
        if (field.type === 'bool' && !['true', 'false'].includes(v.text.trim().toLowerCase()))
          throw new SearchError(
            400,
            `Error with filter field \`${field.name}\`: Value of filter must be: true or false.`,
          );
        for (const id of column.idsFor(v.text.trim())) wanted[id] = 1;
      }
      if (column.isArray) {
        this.live.forEach((slot) => {
          const ids = column.many[slot];
          if (ids && ids.some((id) => wanted[id] === 1)) out.add(slot);
        });
      } else {
        const single = column.single;
        this.live.forEach((slot) => {
          const id = single[slot] as number;
          if (id >= 0 && wanted[id] === 1) out.add(slot);
        });
      }
    }
    return node.op === 'ne' ? this.live.clone().andNot(out) : out;
  }

  // ── search ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** One search; `filter` is the parsed filter when the caller has one (a key's scope joined in), else `filter_by`'s. */
  search(params: SearchParams, filter: FilterNode | undefined = parsedFilter(params.filter_by)): SearchResult {
    const started = performance.now();
    const q = str(params.q);
    if (q === undefined) throw new SearchError(400, 'Parameter `q` is required.');
    const wildcard = q.trim() === '*' || q.trim() === '';
    const queryBy = list(params.query_by);
    if (!wildcard && queryBy.length === 0) throw new SearchError(400, 'Parameter `query_by` is required.');
    for (const field of queryBy) {
      if (!this.fields.has(field))
        throw new SearchError(404, `Could not find a field named \`${field}\` in the schema.`);
      if (!this.textFields.includes(field))
        throw new SearchError(400, `Field \`${field}\` is not searchable as text in the embedded engine.`);
    }
    const weights = list(params.query_by_weights).map(Number);
    if (weights.length > 0 && (weights.length !== queryBy.length || weights.some((w) => !Number.isFinite(w) || w < 0)))
      throw new SearchError(400, 'Number of weights in `query_by_weights` does not match number of `query_by` fields.');

    // Read-only from here on: a single clause's set is the cached one.
    const matching = filter ? this.evaluate(filter) : this.live;
    const sort = this.parseSort(str(params.sort_by), wildcard);
    const facetBy = list(params.facet_by);
    for (const field of facetBy) {
      if (!this.fields.get(field)?.facet)
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
      pageMatches = this.pageOfAll(matching, sort, offset, perPage, found);
      counted = matching;
    } else {
      const typoParam = list(params.num_typos).map(Number).filter(Number.isFinite);
      const maxTypos = typoParam.length > 0 ? Math.min(2, Math.max(0, ...typoParam)) : 2;
      const threshold = intParam(params, 'typo_tokens_threshold', 1, 0, Number.MAX_SAFE_INTEGER);
      const prefix = boolParam(params.prefix, true);
      const fieldWeight = this.fieldWeights(queryBy, weights);
      const queryWords = tokenize(q).slice(0, MAX_QUERY_WORDS);
      let matches: Match[] = [];
      // As Typesense: all words must match; typos only when too few matches without them; then drop words from
      // the right until something matches.
      outer: for (let keep = queryWords.length; keep >= 1; keep--) {
        const active = queryWords.slice(0, keep);
        for (let typos = 0; typos <= maxTypos; typos++) {
          wordCandidates = active.map((word, i) =>
            this.text.candidates(word, { prefix: prefix && i === active.length - 1, typos }),
          );
          matches = this.textMatches(wordCandidates, fieldWeight, matching);
          dropped = queryWords.length - keep;
          if (matches.length >= Math.max(1, threshold) || (typos === maxTypos && matches.length > 0)) break outer;
        }
      }
      found = matches.length;
      pageMatches =
        offset < found && perPage > 0
          ? topK(matches, offset + perPage, this.comparator(sort)).slice(offset, offset + perPage)
          : [];
      counted = matches;
    }

    const hits = pageMatches.map((m) => this.hit(m, params, queryBy, wordCandidates, dropped));
    const facetCounts = facetBy.map((field) => this.facetCount(field, counted, maxFacetValues));
    return {
      facet_counts: facetCounts,
      found,
      hits,
      out_of: this.size,
      page,
      request_params: { collection_name: this.name, first_q: q, per_page: perPage, q },
      search_cutoff: false,
      search_time_ms: Math.round(performance.now() - started),
    };
  }

  /** Weight of the best queried field in each field mask (0: none of the queried fields). */
  private fieldWeights(queryBy: string[], weights: number[]): Float64Array {
    const perField = this.textFields.map((field) => {
      const i = queryBy.indexOf(field);
      if (i < 0) return 0;
      const weight = weights.length > 0 ? Math.max(weights[i] as number, 0.01) : (this.spec.text.weights[field] ?? 1);
      return Math.min(weight, 999);
    });
    const table = new Float64Array(1 << this.textFields.length);
    for (let mask = 1; mask < table.length; mask++) {
      let best = 0;
      perField.forEach((w, bit) => {
        if (mask & (1 << bit) && w > best) best = w;
      });
      table[mask] = best;
    }
    return table;
  }

  private textMatches(wordCandidates: Candidate[][], fieldWeight: Float64Array, filter: Bitset): Match[] {
    const { scores, best, matched } = this;
    let first: number[] = [];
    let current: number[] = [];
    for (let round = 0; round < wordCandidates.length; round++) {
      current = this.text.scoreWord(wordCandidates[round] as Candidate[], fieldWeight, round, matched, scores, best);
      if (round === 0) first = current;
      if (current.length === 0) break;
    }
    const matches: Match[] = [];
    for (const slot of current) {
      if (matched[slot] === wordCandidates.length && filter.has(slot))
        matches.push({ slot, score: scores[slot] as number });
    }
    for (const slot of first) matched[slot] = 0;
    return matches;
  }

  private parseSort(sortBy: string | undefined, wildcard: boolean): SortKey[] {
    const keys: SortKey[] = [];
    for (const part of (sortBy ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const match = /^([A-Za-z0-9_.]+)\s*:\s*(asc|desc)$/i.exec(part);
      if (!match)
        throw new SearchError(
          400,
          `Could not parse sort_by expression \`${part}\`: use \`field:asc\` or \`field:desc\`.`,
        );
      const field = match[1] as string;
      if (field !== '_text_match') {
        const def = this.fields.get(field);
        if (!def) throw new SearchError(404, `Could not find a field named \`${field}\` in the schema for sorting.`);
        if (!NUMERIC_TYPES.has(def.type) && !this.sortStrings.has(field))
          throw new SearchError(
            400,
            `Field \`${field}\` cannot be used for sorting: it is not a numerical or sortable string field.`,
          );
      }
      keys.push({ field, desc: (match[2] as string).toLowerCase() === 'desc' });
    }
    if (keys.length > 3) throw new SearchError(400, 'Only upto 3 sort_by fields can be specified.');
    const fallback = this.spec.schema.default_sorting_field;
    if (keys.length === 0) {
      if (!wildcard) keys.push({ field: '_text_match', desc: true });
      if (fallback) keys.push({ field: fallback, desc: true });
    } else if (!wildcard && !keys.some((k) => k.field === '_text_match')) {
      keys.push({ field: '_text_match', desc: true });
    }
    return keys.filter((k) => !wildcard || k.field !== '_text_match');
  }

  private comparator(sort: SortKey[]): (a: Match, b: Match) => number {
    const parts = sort.map((key) => {
      const dir = key.desc ? -1 : 1;
      if (key.field === '_text_match') return (a: Match, b: Match) => dir * (a.score - b.score);
      const strings = this.sortStrings.get(key.field);
      if (strings) {
        return (a: Match, b: Match) => {
          const x = strings[a.slot] as string;
          const y = strings[b.slot] as string;
          return x === y ? 0 : x < y ? -dir : dir;
        };
      }
      const column = (this.numbers.get(key.field) as NumberColumn).data;
      return (a: Match, b: Match) => {
        const x = column[a.slot] as number;
        const y = column[b.slot] as number;
        // Documents without the value come last, whichever the direction.
        if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
        return dir * (x - y);
      };
    });
    return (a, b) => {
      for (const part of parts) {
        const c = part(a, b);
        if (c !== 0) return c;
      }
      return a.slot - b.slot;
    };
  }

  /** A page of a wildcard search: sort the matches when few, else walk the cached order of the whole collection. */
  private pageOfAll(filter: Bitset, sort: SortKey[], offset: number, perPage: number, found: number): Match[] {
    if (perPage === 0 || offset >= found) return [];
    const compare = this.comparator(sort);
    if (found <= SORT_DIRECT_LIMIT) {
      const matches: Match[] = [];
      filter.forEach((slot) => matches.push({ slot, score: 0 }));
      return topK(matches, offset + perPage, compare).slice(offset, offset + perPage);
    }
    const order = this.cached(`o:${JSON.stringify(sort)}`, () => {
      const all: Match[] = [];
      this.live.forEach((slot) => all.push({ slot, score: 0 }));
      return Int32Array.from(all.sort(compare), (m) => m.slot);
    });
    const out: Match[] = [];
    let skipped = 0;
    for (let i = 0; i < order.length && out.length < perPage; i++) {
      const slot = order[i] as number;
      if (!filter.has(slot)) continue;
      if (skipped < offset) skipped++;
      else out.push({ slot, score: 0 });
    }
    return out;
  }

  private facetCount(field: string, matches: Bitset | Match[], max: number): FacetCount {
    const def = this.fields.get(field) as CollectionField;
    const counts = new Map<string, number>();
    if (NUMERIC_TYPES.has(def.type)) {
      const column = (this.numbers.get(field) as NumberColumn).data;
      const stats = { min: Infinity, max: -Infinity, sum: 0, n: 0 };
      const add = (slot: number) => {
        const x = column[slot] as number;
        if (Number.isNaN(x)) return;
        counts.set(String(x), (counts.get(String(x)) ?? 0) + 1);
        stats.min = Math.min(stats.min, x);
        stats.max = Math.max(stats.max, x);
        stats.sum += x;
        stats.n++;
      };
      if (matches instanceof Bitset) matches.forEach(add);
      else for (const m of matches) add(m.slot);
      const top = topCounts(counts, max);
      return {
        field_name: field,
        counts: top,
        sampled: false,
        stats:
          stats.n > 0
            ? { min: stats.min, max: stats.max, sum: stats.sum, avg: stats.sum / stats.n, total_values: counts.size }
            : { total_values: 0 },
      };
    }
    const column = this.valueColumns.get(field) as ValueColumn;
    const byId = new Int32Array(column.values.length);
    let add: (slot: number) => void;
    if (column.isArray) {
      add = (slot) => {
        const ids = column.many[slot];
        if (!ids) return;
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i] as number;
          byId[id] = (byId[id] as number) + 1;
        }
      };
    } else {
      const single = column.single;
      add = (slot) => {
        const id = single[slot] as number;
        if (id >= 0) byId[id] = (byId[id] as number) + 1;
      };
    }
    if (matches instanceof Bitset) matches.forEach(add);
    else for (const m of matches) add(m.slot);
    for (let id = 0; id < byId.length; id++) {
      if ((byId[id] as number) > 0) counts.set(column.values[id] as string, byId[id] as number);
    }
    return { field_name: field, counts: topCounts(counts, max), sampled: false, stats: { total_values: counts.size } };
  }

  // ── hits ───────────────────────────────────────────────────────────────────────────────────────────────────────

  private hit(match: Match, params: SearchParams, queryBy: string[], words: Candidate[][], dropped: number): SearchHit {
    const doc = this.docs[match.slot] as SearchDocument;
    const startTag = str(params.highlight_start_tag) ?? '<mark>';
    const endTag = str(params.highlight_end_tag) ?? '</mark>';
    const highlights: Highlight[] = [];
    const highlight: Record<string, unknown> = {};
    let fieldsMatched = 0;
    const isText = words.length > 0;
    if (isText) {
      const terms = new Set(words.flatMap((candidates) => candidates.map((c) => c.term)));
      for (const field of queryBy) {
        const value = valueAt(doc, field);
        if (value === undefined || value === null) continue;
        const marked = (text: string) => markText(text, terms, startTag, endTag);
        if (Array.isArray(value)) {
          const each = value.map((v) => marked(String(v)));
          setPath(
            highlight,
            field,
            each.map((m) => ({ matched_tokens: m.tokens, snippet: m.text })),
          );
          const indices = each.flatMap((m, i) => (m.tokens.length > 0 ? [i] : []));
          if (indices.length > 0) {
            fieldsMatched++;
            highlights.push({
              field,
              indices,
              matched_tokens: indices.map((i) => (each[i] as { tokens: string[] }).tokens),
              snippets: indices.map((i) => (each[i] as { text: string }).text),
            });
          }
        } else {
          const m = marked(String(value));
          setPath(highlight, field, { matched_tokens: m.tokens, snippet: m.text });
          if (m.tokens.length > 0) {
            fieldsMatched++;
            highlights.push({ field, matched_tokens: m.tokens, snippet: m.text });
          }
        }
      }
    }
    const textMatch = isText ? Math.round(match.score * 1000) : 100;
    return {
      document: project(doc, params),
      highlight,
      highlights,
      text_match: textMatch,
      text_match_info: {
        best_field_score: String(textMatch),
        best_field_weight: 15,
        fields_matched: fieldsMatched,
        num_tokens_dropped: dropped,
        score: String(textMatch),
        tokens_matched: words.length,
        typo_prefix_score: 0,
      },
    };
  }
}

function numericTest(field: string, op: ClauseNode['op'], v: FilterValue): (x: number) => boolean {
  const num = (text: string) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n))
      throw new SearchError(
        400,
        `Error with filter field \`${field}\`: Numerical field has an invalid value \`${text}\`.`,
      );
    return n;
  };
  if ('from' in v) {
    const from = num(v.from);
    const to = num(v.to);
    return (x) => x >= from && x <= to;
  }
  const n = num(v.text);
  switch (op) {
    case 'gt':
      return (x) => x > n;
    case 'ge':
      return (x) => x >= n;
    case 'lt':
      return (x) => x < n;
    case 'le':
      return (x) => x <= n;
    default:
      return (x) => x === n;
  }
}

/** The first `k` items in `compare` order, sorted: a bounded heap when k is small against the items, else a sort. */
export function topK<T>(items: T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return items.sort(compare).slice(0, k);
  // Max-heap (by `compare`) of the best k seen so far: its root is the worst of them.
  const heap: T[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compare(heap[i] as T, heap[parent] as T) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent] as T, heap[i] as T];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && compare(heap[l] as T, heap[top] as T) > 0) top = l;
      if (r < heap.length && compare(heap[r] as T, heap[top] as T) > 0) top = r;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top] as T, heap[i] as T];
      i = top;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (compare(item, heap[0] as T) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(compare);
}

function topCounts(counts: Map<string, number>, max: number) {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, max)
    .map(([value, count]) => ({ count, highlighted: value, value }));
}

/** Marks the words of `text` whose index terms are among `terms`. */
function markText(text: string, terms: Set<string>, startTag: string, endTag: string) {
  const tokens: string[] = [];
  let out = '';
  let at = 0;
  for (const w of words(text)) {
    if (!indexTerms(w.word).some((t) => terms.has(t))) continue;
    tokens.push(w.word);
    out += text.slice(at, w.start) + startTag + w.word + endTag;
    at = w.end;
  }
  return { text: out + text.slice(at), tokens };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = target;
  for (const part of parts.slice(0, -1)) {
    if (!at[part] || typeof at[part] !== 'object') at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts[parts.length - 1] as string] = value;
}

/** The document with `include_fields` / `exclude_fields` applied (top-level and dotted names). */
function project(doc: SearchDocument, params: SearchParams): Record<string, unknown> {
  const include = list(params.include_fields);
  const exclude = list(params.exclude_fields);
  if (include.length === 0 && exclude.length === 0) return doc;
  let out: Record<string, unknown>;
  if (include.length > 0) {
    out = {};
    for (const field of include) {
      const value = valueAt(doc, field);
      if (value !== undefined) setPath(out, field, structuredClone(value));
    }
  } else {
    out = structuredClone(doc);
  }
  for (const field of exclude) {
    const parts = field.split('.');
    let at: Record<string, unknown> | undefined = out;
    for (const part of parts.slice(0, -1)) at = at?.[part] as Record<string, unknown> | undefined;
    if (at) delete at[parts[parts.length - 1] as string];
  }
  return out;
}
