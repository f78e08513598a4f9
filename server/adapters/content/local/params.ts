// What a CDN query asks: its parameters read and checked, and the small readers (lists, globs, instants, content
// fields) that the stories and links answers share.
import type { CdnStory } from '../../../../contract/content-cdn';

/** A parameter the engine cannot work with: answered 400 with the parameter's name. */
export class CdnParamError extends Error {
  constructor(
    readonly param: string,
    /** What is wrong with it, without its name (the answer names it once). */
    readonly detail: string,
  ) {
    super(`${param}: ${detail}`);
  }
}

/**
 * One `filter_query[field][in]=a,b` parameter: the one content filter the engine serves (decision 0056). Neither the
 * app nor storyblok-js-client sends a filter_query; `in` stays because the CDN's contract tests ask for it over HTTP.
 * Storyblok's other operations (like, gt_int, any_in_array, …) are refused with 400 rather than kept as unused code.
 */
export type FilterClause = { field: string; op: FilterOp; value: string };
export const FILTER_OPS = ['in'] as const;
type FilterOp = (typeof FILTER_OPS)[number];

const FILTER_KEY = /^filter_query\[([^\]]+)\]\[([^\]]+)\]$/;

/** Reads the `filter_query[…][…]` parameters of a query string (the client sends them flattened like this). */
export function filterClauses(query: Record<string, unknown>): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('filter_query')) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) {
      throw new CdnParamError(
        key,
        key.startsWith('filter_query[__or]')
          ? '__or is not supported by the local content engine'
          : 'must look like filter_query[field][operation]',
      );
    }
    const [, field, op] = match as unknown as [string, string, string];
    if (!(FILTER_OPS as readonly string[]).includes(op)) {
      throw new CdnParamError(
        key,
        `operation "${op}" is not supported by the local content engine (it serves ${FILTER_OPS.join(', ')})`,
      );
    }
    if (typeof value !== 'string') throw new CdnParamError(key, 'must be given once');
    clauses.push({ field, op: op as FilterOp, value });
  }
  return clauses;
}

export const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

export function contentValue(story: CdnStory, path: string): unknown {
  let at: unknown = story.content;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export function globRegex(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

export const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseInstant(value: string): number {
  return Date.parse(value.includes('T') || value.length === 10 ? value : value.replace(' ', 'T') + 'Z');
}

export function matchesClause(story: CdnStory, { field, value }: FilterClause): boolean {
  const actual = contentValue(story, field);
  return splitList(value).includes(actual === undefined || actual === null ? '' : String(actual));
}

export function textOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) textOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) textOf(v, out);
  return out;
}
