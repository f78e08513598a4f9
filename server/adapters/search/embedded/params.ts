import { SearchError, type SearchParams } from '../types';
import { parseFilter, type FilterNode } from './filter';

export const MAX_PER_PAGE = 250;
export const DEFAULT_PER_PAGE = 10;
export const DEFAULT_MAX_FACET_VALUES = 10;

/** A parameter as text (query strings and JSON bodies both reach here). */
export const str = (v: SearchParams[string]) => (v === undefined ? undefined : String(v));

/** A comma-separated parameter's items, trimmed, empty ones dropped. */
export const list = (v: SearchParams[string]) =>
  (str(v) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parsedFilter(value: SearchParams[string]): FilterNode | undefined {
  const text = str(value)?.trim();
  return text ? parseFilter(text) : undefined;
}

/** An integer parameter within bounds, with Typesense's status codes and messages when it is not. */
export function intParam(params: SearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = str(params[name]);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new SearchError(400, `Parameter \`${name}\` must be an integer of at least ${min}.`);
  if (n > max) throw new SearchError(422, `Only upto ${max} hits can be fetched per page.`);
  return n;
}

/** A boolean parameter; Typesense takes one value per queried field, so any `true` counts. */
export const boolParam = (v: SearchParams[string], fallback: boolean) => {
  const s = str(v);
  if (s === undefined || s === '') return fallback;
  return s.split(',').some((part) => part.trim() === 'true');
};
