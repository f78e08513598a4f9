import type { CollectionField, FacetCount } from '../types';
import { Bitset } from './bitset';
import type { NumberColumn } from './columns';
import { NUMERIC_TYPES } from './fields';
import type { CollectionStore, Match } from './store';

/** The counts of a facet field's values over the matches, most frequent first; numeric fields also get stats. */
export function facetCount(store: CollectionStore, field: string, matches: Bitset | Match[], max: number): FacetCount {
  const def = store.fields.get(field) as CollectionField;
  const counts = new Map<string, number>();
  if (NUMERIC_TYPES.has(def.type)) {
    const column = (store.numbers.get(field) as NumberColumn).data;
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
  const column = store.facetColumn(field);
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

function topCounts(counts: Map<string, number>, max: number) {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, max)
    .map(([value, count]) => ({ count, highlighted: value, value }));
}
