import type { CollectionField, CollectionSpec, SearchDocument } from '../types';
import { Bitset } from './bitset';
import { NumberColumn, ValueColumn } from './columns';
import { NUMERIC_TYPES, stringValues, validateDocument, valueAt } from './fields';
import { swedishSortKey } from './text';
import { TextIndex } from './text-index';

/** A matching document: its slot, and its text score (0 in a wildcard search). */
export type Match = { slot: number; score: number };

/**
 * What one collection holds, by slot: the documents, a text index over the text fields (MiniSearch's radix tree with
 * the Swedish stemmer's terms), value columns for filters and facets, numeric columns for sorting and ranges, and a
 * cache of filter sets and sort orders that lives until the next change. The filter, sort, facet, text-match and hit
 * functions read it; only its own methods change it.
 */
export class CollectionStore {
  readonly fields = new Map<string, CollectionField>();
  readonly textFields: string[];
  readonly text: TextIndex;
  readonly docs: (SearchDocument | undefined)[] = [];
  private readonly slots = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly valueColumns = new Map<string, ValueColumn>();
  readonly numbers = new Map<string, NumberColumn>();
  readonly sortStrings = new Map<string, string[]>();
  live = new Bitset(0);
  private version = 0;
  private readonly cache = new Map<string, Bitset | Int32Array>();
  private cacheVersion = -1;
  // Scratch arrays for scoring, grown with the collection.
  scores = new Float64Array(0);
  best = new Float64Array(0);
  matched = new Uint8Array(0);

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

  upsert(document: SearchDocument): void {
    const id = String(document.id);
    validateDocument(this.fields.values(), document);
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
  valueColumn(field: CollectionField): ValueColumn {
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

  /** The value column a facet field was given at the start (facet fields always have one). */
  facetColumn(field: string): ValueColumn {
    return this.valueColumns.get(field) as ValueColumn;
  }

  /** A filter set or sort order, made once per version of the collection (any change drops them all). */
  cached<T extends Bitset | Int32Array>(key: string, make: () => T): T {
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
}
