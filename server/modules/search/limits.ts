import { pluralText } from '../../../contract/rules/plural';
import type { SearchParams } from '../../adapters/search';
import { AppError } from '../../lib/errors';
import { fill, validationTexts } from '../../lib/i18n';

/**
 * What one search request may ask for (decision 0048). The app's own client asks for at most 24 hits a page, 6 per
 * group, 9 searches in one multi_search (42 hits in all) and 100 values per facet; each limit leaves it room and
 * keeps an anonymous request to a few hundred kilobytes (50 × 250 hits answered 11 MB and held the event loop ~1 s).
 */
export const SEARCH_LIMITS = {
  /** Hits per page (`per_page`, `limit`); Typesense itself allows 250. */
  perPage: 50,
  /** `max_facet_values`. */
  facetValues: 100,
  /** Searches in one multi_search (Typesense allows 50). */
  searches: 12,
  /** Hits of all searches of one request together. */
  hits: 150,
} as const;

/** Typesense's default `per_page`: a search that names none still answers this many. */
const DEFAULT_PER_PAGE = 10;

function tooMuch(status: number, key: keyof typeof SEARCH_LIMITS): never {
  const max = SEARCH_LIMITS[key];
  throw new AppError(status, 'ValidationError', fill(pluralText(validationTexts.search, key, max), { count: max }));
}

/** A whole number parameter as asked (undefined when absent or not a number: the engine answers that itself). */
function asked(params: SearchParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Refuses (422, as Typesense refuses a `per_page` above its own cap) a request that asks for more than the limits,
 * instead of clamping: a clamped page would not be the page the client counted on, and only a hand-made request
 * asks for more.
 */
export function checkSearchLimits(searches: SearchParams[]): void {
  if (searches.length > SEARCH_LIMITS.searches) tooMuch(400, 'searches');
  let hits = 0;
  for (const params of searches) {
    const perPage = asked(params, 'limit') ?? asked(params, 'per_page') ?? DEFAULT_PER_PAGE;
    if (perPage > SEARCH_LIMITS.perPage) tooMuch(422, 'perPage');
    if ((asked(params, 'max_facet_values') ?? 0) > SEARCH_LIMITS.facetValues) tooMuch(422, 'facetValues');
    hits += Math.max(0, perPage);
  }
  if (hits > SEARCH_LIMITS.hits) tooMuch(422, 'hits');
}
