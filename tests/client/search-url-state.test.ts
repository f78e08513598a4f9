import { describe, expect, it } from 'vitest';
import { filterExpression } from '../../src/api/search/facets';
import {
  clearFacets,
  parseListingState,
  serializeListingState,
  SORTS,
  toggleFacet,
  withFacet,
  withPage,
  withQuery,
  withSort,
  type ListingState,
} from '../../src/ui/catalog/listing-url-state';
import { PRODUCT_SORTS } from '../../contract/search';

const search = { sort: 'relevance' } as const;
const category = { sort: 'bestSeller' } as const;
const parse = (query: string, defaults: { sort: 'relevance' | 'bestSeller' } = search) =>
  parseListingState(new URLSearchParams(query), defaults);
const write = (state: ListingState, defaults: { sort: 'relevance' | 'bestSeller' } = search, base = '') =>
  serializeListingState(state, defaults, new URLSearchParams(base)).toString();

describe('listing URL state', () => {
  it('offers every sort of the spec', () => {
    expect(SORTS).toEqual(Object.keys(PRODUCT_SORTS));
    expect(SORTS).toHaveLength(10);
  });

  it('reads a plain URL as the defaults', () => {
    expect(parse('')).toEqual({ q: '', sort: 'relevance', facets: {}, page: 1 });
    expect(parse('', category).sort).toBe('bestSeller');
  });

  it('reads text, sort, facets and page', () => {
    const state = parse(
      'q=+laxfile+&sortera=priceAsc&varumarke=Fiskeboden&varumarke=Arla&kategori=Fisk%20%26%20skaldjur&zon=Kyl&markning=MSC&lager=in_stock&sida=3',
    );
    expect(state).toEqual({
      q: 'laxfile',
      sort: 'priceAsc',
      facets: {
        brand: ['Arla', 'Fiskeboden'],
        category: ['Fisk & skaldjur'],
        zone: ['Kyl'],
        label: ['MSC'],
        stock: ['in_stock'],
      },
      page: 3,
    });
  });

  it('falls back on anything invalid: unknown sort, bad page, unknown stock status, empty and duplicate values', () => {
    const state = parse('sortera=cheapest&sida=-2&lager=maybe&lager=few_left&varumarke=&varumarke=Arla&varumarke=Arla');
    expect(state.sort).toBe('relevance');
    expect(state.page).toBe(1);
    expect(state.facets).toEqual({ stock: ['few_left'], brand: ['Arla'] });
    expect(parse('sida=abc').page).toBe(1);
    expect(parse('sida=0').page).toBe(1);
    expect(parse('sida=99999').page).toBe(1000);
  });

  it('writes defaults as nothing, and one state as one URL (values sorted the Swedish way)', () => {
    expect(write(parse(''))).toBe('');
    const state: ListingState = {
      q: 'mjölk',
      sort: 'nameDesc',
      facets: { brand: ['Örebro mejeri', 'Arla', 'Ängens'], stock: ['in_stock'] },
      page: 2,
    };
    const url = write(state);
    expect(url).toBe(
      'q=mj%C3%B6lk&sortera=nameDesc&varumarke=Arla&varumarke=%C3%84ngens&varumarke=%C3%96rebro+mejeri&lager=in_stock&sida=2',
    );
    // Round trip.
    expect(parse(url)).toEqual({
      ...state,
      facets: { brand: ['Arla', 'Ängens', 'Örebro mejeri'], stock: ['in_stock'] },
    });
  });

  it("leaves out the listing's own default sort, which differs between search and category pages", () => {
    expect(write({ q: '', sort: 'bestSeller', facets: {}, page: 1 }, category)).toBe('');
    expect(write({ q: '', sort: 'relevance', facets: {}, page: 1 }, category)).toBe('sortera=relevance');
  });

  it('keeps parameters it does not own, and replaces its own', () => {
    const state = parse('utm_source=mail&q=lax&sida=2&_storyblok=1');
    const next = withSort(state, 'priceDesc');
    expect(write(next, search, 'utm_source=mail&q=lax&sida=2&_storyblok=1')).toBe(
      'utm_source=mail&_storyblok=1&q=lax&sortera=priceDesc',
    );
  });

  it('goes back to page 1 when the list changes, and starts over on a new text', () => {
    const state = parse('q=lax&varumarke=Arla&sida=4');
    expect(withSort(state, 'news').page).toBe(1);
    expect(toggleFacet(state, 'zone', 'Frys').page).toBe(1);
    expect(withFacet(state, 'brand', []).facets).toEqual({});
    expect(clearFacets(state)).toMatchObject({ facets: {}, page: 1 });
    expect(withQuery(state, 'sill')).toEqual({ q: 'sill', sort: 'relevance', facets: {}, page: 1 });
    expect(withQuery(state, ' lax ')).toBe(state); // the same text changes nothing
    expect(withPage(state, 5).page).toBe(5);
    expect(withPage(state, 5).facets).toEqual({ brand: ['Arla'] });
  });

  it('toggles one facet value on and off', () => {
    let state = parse('');
    state = toggleFacet(state, 'label', 'KRAV');
    state = toggleFacet(state, 'label', 'MSC');
    expect(state.facets.label).toEqual(['KRAV', 'MSC']);
    expect(toggleFacet(state, 'label', 'KRAV', true)).toBe(state);
    state = toggleFacet(state, 'label', 'KRAV');
    expect(state.facets.label).toEqual(['MSC']);
    state = toggleFacet(state, 'label', 'MSC');
    expect(state.facets).toEqual({});
    expect(toggleFacet(state, 'stock', 'sometimes').facets).toEqual({});
  });
});

describe('facet filter', () => {
  it('is OR within a facet and AND across facets, values in backticks, with the fixed filter first', () => {
    expect(filterExpression({})).toBe('');
    expect(filterExpression({ brand: ['Arla', 'Fisk, & co'], stock: ['in_stock'] }, 'category_slugs:=[`mejeri`]')).toBe(
      '(category_slugs:=[`mejeri`]) && brand_name:=[`Arla`,`Fisk, & co`] && stock_status:=[`in_stock`]',
    );
  });

  it('leaves one facet out for its own counts', () => {
    expect(filterExpression({ brand: ['Arla'], zone: ['Kyl'] }, undefined, 'brand')).toBe('zone.name:=[`Kyl`]');
  });

  it('strips backticks from values so a value cannot end the quote', () => {
    expect(filterExpression({ brand: ['a`b'] })).toBe('brand_name:=[`ab`]');
  });
});
