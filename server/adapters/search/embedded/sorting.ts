import { SearchError } from '../types';
import type { Bitset } from './bitset';
import type { NumberColumn } from './columns';
import { NUMERIC_TYPES } from './fields';
import type { CollectionStore, Match } from './store';

/** Below this many matches, sort the matches themselves; above, walk a cached order of the whole collection. */
const SORT_DIRECT_LIMIT = 4096;

export type SortKey = { field: string; desc: boolean };

/** `sort_by` as sort keys, with Typesense's defaults: text match first in a text search, then the default field. */
export function parseSort(store: CollectionStore, sortBy: string | undefined, wildcard: boolean): SortKey[] {
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
      const def = store.fields.get(field);
      if (!def) throw new SearchError(404, `Could not find a field named \`${field}\` in the schema for sorting.`);
      if (!NUMERIC_TYPES.has(def.type) && !store.sortStrings.has(field))
        throw new SearchError(
          400,
          `Field \`${field}\` cannot be used for sorting: it is not a numerical or sortable string field.`,
        );
    }
    keys.push({ field, desc: (match[2] as string).toLowerCase() === 'desc' });
  }
  if (keys.length > 3) throw new SearchError(400, 'Only upto 3 sort_by fields can be specified.');
  const fallback = store.spec.schema.default_sorting_field;
  if (keys.length === 0) {
    if (!wildcard) keys.push({ field: '_text_match', desc: true });
    if (fallback) keys.push({ field: fallback, desc: true });
  } else if (!wildcard && !keys.some((k) => k.field === '_text_match')) {
    keys.push({ field: '_text_match', desc: true });
  }
  return keys.filter((k) => !wildcard || k.field !== '_text_match');
}

/** Orders matches by the sort keys; ties go to the earlier slot, so pages are stable. */
export function comparator(store: CollectionStore, sort: SortKey[]): (a: Match, b: Match) => number {
  const parts = sort.map((key) => {
    const dir = key.desc ? -1 : 1;
    if (key.field === '_text_match') return (a: Match, b: Match) => dir * (a.score - b.score);
    const strings = store.sortStrings.get(key.field);
    if (strings) {
      return (a: Match, b: Match) => {
        const x = strings[a.slot] as string;
        const y = strings[b.slot] as string;
        return x === y ? 0 : x < y ? -dir : dir;
      };
    }
    const column = (store.numbers.get(key.field) as NumberColumn).data;
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
export function pageOfAll(
  store: CollectionStore,
  filter: Bitset,
  sort: SortKey[],
  offset: number,
  perPage: number,
  found: number,
): Match[] {
  if (perPage === 0 || offset >= found) return [];
  const compare = comparator(store, sort);
  if (found <= SORT_DIRECT_LIMIT) {
    const matches: Match[] = [];
    filter.forEach((slot) => matches.push({ slot, score: 0 }));
    return topK(matches, offset + perPage, compare).slice(offset, offset + perPage);
  }
  const order = store.cached(`o:${JSON.stringify(sort)}`, () => {
    const all: Match[] = [];
    store.live.forEach((slot) => all.push({ slot, score: 0 }));
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
