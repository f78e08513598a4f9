import { SearchError, type CollectionField, type SearchDocument } from '../types';

/** Field types kept in a number column (sortable, range-filterable); the others go in value columns. */
export const NUMERIC_TYPES = new Set(['int32', 'int64', 'float']);

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

/** A field's value as strings: none when absent, one per element for arrays. */
export function stringValues(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return [String(value)];
}

/** Refuses a document that does not fit the schema, with Typesense's messages. */
export function validateDocument(fields: Iterable<CollectionField>, document: SearchDocument): void {
  if (typeof document.id !== 'string' || document.id === '')
    throw new SearchError(400, 'Document `id` must be a non-empty string.');
  for (const field of fields) {
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
