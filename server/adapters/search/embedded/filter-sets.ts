import { SearchError } from '../types';
import { Bitset } from './bitset';
import type { NumberColumn } from './columns';
import { NUMERIC_TYPES } from './fields';
import type { FilterNode, FilterValue } from './filter';
import type { CollectionStore } from './store';

type ClauseNode = Extract<FilterNode, { kind: 'clause' }>;

/** The slots a parsed filter selects. Each clause's set is cached until the collection changes: do not modify it. */
export function filterSet(store: CollectionStore, node: FilterNode): Bitset {
  if (node.kind === 'clause') return store.cached(`f:${JSON.stringify(node)}`, () => clauseSet(store, node));
  const sets = node.items.map((item) => filterSet(store, item));
  if (node.kind === 'and') {
    const out = (sets[0] as Bitset).clone();
    for (const set of sets.slice(1)) out.and(set);
    return out;
  }
  const out = new Bitset(store.live.size);
  for (const set of sets) out.or(set);
  return out;
}

function clauseSet(store: CollectionStore, node: ClauseNode): Bitset {
  const field = store.fields.get(node.field);
  if (!field) throw new SearchError(404, `Could not find a filter field named \`${node.field}\` in the schema.`);
  const out = new Bitset(store.live.size);
  if (NUMERIC_TYPES.has(field.type)) {
    const column = (store.numbers.get(field.name) as NumberColumn).data;
    const tests = node.values.map((v) => numericTest(field.name, node.op, v));
    store.live.forEach((slot) => {
      const x = column[slot] as number;
      if (!Number.isNaN(x) && tests.some((t) => t(x))) out.add(slot);
    });
  } else {
    if (!['match', 'eq', 'ne'].includes(node.op))
      throw new SearchError(
        400,
        `Error with filter field \`${field.name}\`: Only numerical fields can be compared with \`<\` or \`>\`.`,
      );
    const column = store.valueColumn(field);
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
      store.live.forEach((slot) => {
        const ids = column.many[slot];
        if (ids && ids.some((id) => wanted[id] === 1)) out.add(slot);
      });
    } else {
      const single = column.single;
      store.live.forEach((slot) => {
        const id = single[slot] as number;
        if (id >= 0 && wanted[id] === 1) out.add(slot);
      });
    }
  }
  return node.op === 'ne' ? store.live.clone().andNot(out) : out;
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
