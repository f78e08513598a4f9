import { PRODUCT_SORTS, STOCK_STATUS_VALUES, type ProductSort } from '../../../contract/search-constants';
import { FACET_IDS, type FacetId, type FacetSelection } from '../../api/search/facets';

/**
 * The state of a product listing (search page, category page) as it lives in the URL, so that back/forward, reload
 * and a shared link show the same list. Pure: no React, no router.
 *
 *   /sok?q=lax&sortera=priceAsc&varumarke=Arla&varumarke=Fiskeboden&lager=in_stock&sida=2
 *
 * Defaults are left out of the URL (no `sortera` for the listing's default sort, no `sida` for page 1), values are
 * de-duplicated and sorted, and parameters the listing does not own are kept as they are.
 */
export interface ListingState {
  q: string;
  sort: ProductSort;
  facets: FacetSelection;
  /** 1-based. */
  page: number;
}

export interface ListingDefaults {
  sort: ProductSort;
}

export const PARAM = { q: 'q', sort: 'sortera', page: 'sida' } as const;

/** URL parameter of each facet (Swedish, readable in a shared link). */
export const FACET_PARAMS: Record<FacetId, string> = {
  brand: 'varumarke',
  category: 'kategori',
  zone: 'zon',
  label: 'markning',
  stock: 'lager',
};

export const SORTS = Object.keys(PRODUCT_SORTS) as ProductSort[];

/** Guards against absurd URLs (a pasted link, a bot): longer values and more values per facet are dropped. */
const MAX_VALUE_LENGTH = 200;
const MAX_VALUES = 50;
const MAX_QUERY_LENGTH = 200;
/** Typesense pages stop somewhere; a deeper page number is not a real page. */
export const MAX_PAGE = 1000;

const isSort = (value: string | null): value is ProductSort => value !== null && SORTS.includes(value as ProductSort);

const swedish = new Intl.Collator('sv', { sensitivity: 'variant', numeric: true });

function cleanValues(id: FacetId, values: string[]): string[] {
  const out = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    if (!value || value.length > MAX_VALUE_LENGTH) continue;
    if (id === 'stock' && !(STOCK_STATUS_VALUES as readonly string[]).includes(value)) continue;
    out.add(value);
    if (out.size >= MAX_VALUES) break;
  }
  return [...out].sort(swedish.compare);
}

/** Reads the listing's state from the URL's parameters; anything invalid falls back to the default. */
export function parseListingState(params: URLSearchParams, defaults: ListingDefaults): ListingState {
  const sort = params.get(PARAM.sort);
  const pageText = params.get(PARAM.page) ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const facets: FacetSelection = {};
  for (const id of FACET_IDS) {
    const values = cleanValues(id, params.getAll(FACET_PARAMS[id]));
    if (values.length > 0) facets[id] = values;
  }
  return {
    q: (params.get(PARAM.q) ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    sort: isSort(sort) ? sort : defaults.sort,
    facets,
    page: Math.min(MAX_PAGE, Math.max(1, page)),
  };
}

/**
 * Writes the state into URL parameters, keeping the parameters the listing does not own (in their order) and
 * putting its own after them in a fixed order, so that one state always has one URL.
 */
export function serializeListingState(
  state: ListingState,
  defaults: ListingDefaults,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const owned = new Set<string>([PARAM.q, PARAM.sort, PARAM.page, ...Object.values(FACET_PARAMS)]);
  const out = new URLSearchParams();
  for (const [key, value] of base) if (!owned.has(key)) out.append(key, value);
  const q = state.q.trim();
  if (q) out.set(PARAM.q, q);
  if (state.sort !== defaults.sort) out.set(PARAM.sort, state.sort);
  for (const id of FACET_IDS) {
    for (const value of cleanValues(id, state.facets[id] ?? [])) out.append(FACET_PARAMS[id], value);
  }
  if (state.page > 1) out.set(PARAM.page, String(Math.min(MAX_PAGE, Math.floor(state.page))));
  return out;
}

// ── Changes: each returns the next state; anything that changes the list goes back to page 1 ─────────────────────────

/** A new search text starts over: page 1, no facets (the old choices may not exist among the new results). */
export function withQuery(state: ListingState, q: string): ListingState {
  const next = q.trim().slice(0, MAX_QUERY_LENGTH);
  if (next === state.q) return state;
  return { ...state, q: next, facets: {}, page: 1 };
}

export function withSort(state: ListingState, sort: ProductSort): ListingState {
  return sort === state.sort ? state : { ...state, sort, page: 1 };
}

/** Turns one facet value on or off. */
export function toggleFacet(state: ListingState, id: FacetId, value: string, on?: boolean): ListingState {
  const current = state.facets[id] ?? [];
  const has = current.includes(value);
  const wanted = on ?? !has;
  if (wanted === has) return state;
  const values = wanted ? cleanValues(id, [...current, value]) : current.filter((v) => v !== value);
  const facets = { ...state.facets };
  if (values.length > 0) facets[id] = values;
  else delete facets[id];
  return { ...state, facets, page: 1 };
}

/** Sets all values of one facet at once (a checkbox group's new value). */
export function withFacet(state: ListingState, id: FacetId, values: string[]): ListingState {
  const facets = { ...state.facets };
  const clean = cleanValues(id, values);
  if (clean.length > 0) facets[id] = clean;
  else delete facets[id];
  return { ...state, facets, page: 1 };
}

export function clearFacets(state: ListingState): ListingState {
  return Object.keys(state.facets).length === 0 ? state : { ...state, facets: {}, page: 1 };
}

export function withPage(state: ListingState, page: number): ListingState {
  const next = Math.min(MAX_PAGE, Math.max(1, Math.floor(page)));
  return next === state.page ? state : { ...state, page: next };
}

/** How many facet values are chosen. */
export const chosenCount = (facets: FacetSelection) =>
  Object.values(facets).reduce((n, values) => n + (values?.length ?? 0), 0);
