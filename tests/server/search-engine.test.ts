import { describe, expect, it } from 'vitest';
import { EmbeddedCollection } from '../../server/adapters/search/embedded/collection';
import { topK } from '../../server/adapters/search/embedded/sorting';
import { parseFilter } from '../../server/adapters/search/embedded/filter';
import { fold, indexTerms, swedishSortKey } from '../../server/adapters/search/embedded/text';
import { SearchError, type CollectionSpec, type SearchParams } from '../../server/adapters/search';

/** The embedded engine's Typesense semantics on a handful of documents (no database). */

const spec: CollectionSpec = {
  key: 'items',
  schema: {
    name: 'items',
    enable_nested_fields: true,
    default_sorting_field: 'rank',
    fields: [
      { name: 'name', type: 'string', sort: true },
      { name: 'brand', type: 'string', facet: true },
      { name: 'tags', type: 'string[]', facet: true },
      { name: 'code', type: 'string' },
      { name: 'price.amount', type: 'int64' },
      { name: 'rank', type: 'int32' },
      { name: 'active', type: 'bool', facet: true },
      { name: 'note', type: 'string', optional: true },
    ],
  },
  text: { weights: { name: 3, brand: 1, code: 2 }, codes: ['code'] },
};

const docs = [
  {
    id: 'a',
    name: 'Äppelmust klar',
    brand: 'Kiviks',
    tags: ['dryck', 'eko'],
    code: '100200',
    price: { amount: 3500 },
    rank: 5,
    active: true,
  },
  {
    id: 'b',
    name: 'Apelsinjuice',
    brand: 'Bravo',
    tags: ['dryck'],
    code: '100300',
    price: { amount: 2500 },
    rank: 9,
    active: true,
  },
  {
    id: 'c',
    name: 'Örtte mynta',
    brand: 'Kiviks',
    tags: ['te, örter'],
    code: '200100',
    price: { amount: 4500 },
    rank: 1,
    active: false,
  },
  {
    id: 'd',
    name: 'Zucchini',
    brand: 'Bravo',
    tags: [],
    code: '300100',
    price: { amount: 1500 },
    rank: 3,
    active: true,
    note: 'x',
  },
  {
    id: 'e',
    name: 'Tomater krossade',
    brand: 'Mutti',
    tags: ['konserv'],
    code: '400100',
    price: { amount: 1200 },
    rank: 7,
    active: true,
  },
];

function collection() {
  const c = new EmbeddedCollection('items', spec);
  for (const doc of docs) c.upsert(doc);
  return c;
}
const ids = (c: EmbeddedCollection, params: SearchParams) => c.search(params).hits.map((h) => h.document.id);

describe('text', () => {
  it('folds accents and case, and stems Swedish', () => {
    expect(fold('Laxfilé ÅÄÖ')).toBe('laxfile aao');
    expect(indexTerms('Tomater')).toEqual(['tomater', 'tomat']);
    expect(indexTerms('Laxfilé')).toEqual(['laxfile']);
    expect(['ö', 'z', 'å', 'a', 'ä'].sort((x, y) => (swedishSortKey(x) < swedishSortKey(y) ? -1 : 1))).toEqual([
      'a',
      'z',
      'å',
      'ä',
      'ö',
    ]);
  });
});

describe('filter_by', () => {
  it('parses clauses, lists, ranges, backticks, && before || and parentheses', () => {
    expect(parseFilter('a:=1 || b:[x, `y, z`] && c:>=2')).toEqual({
      kind: 'or',
      items: [
        { kind: 'clause', field: 'a', op: 'eq', values: [{ text: '1' }] },
        {
          kind: 'and',
          items: [
            { kind: 'clause', field: 'b', op: 'match', values: [{ text: 'x' }, { text: 'y, z' }] },
            { kind: 'clause', field: 'c', op: 'ge', values: [{ text: '2' }] },
          ],
        },
      ],
    });
    expect(parseFilter('p:[10..20]')).toMatchObject({ values: [{ from: '10', to: '20' }] });
    for (const bad of ['a', 'a:=1 &&', '(a:=1', 'a:=[1,', ':=1', 'a:=`x'])
      expect(() => parseFilter(bad)).toThrow(SearchError);
  });

  it('filters strings (accent- and case-insensitive), arrays, numbers on nested fields and booleans', () => {
    const c = collection();
    const q = (filter_by: string) => ids(c, { q: '*', filter_by, sort_by: 'name:asc' }).join('');
    expect(q('brand:=kiviks')).toBe('ac');
    expect(q('tags:=`te, örter`')).toBe('c');
    expect(q('tags:[eko,konserv]')).toBe('ea');
    expect(q('brand:!=[Kiviks,Mutti]')).toBe('bd');
    expect(q('price.amount:[1000..2500] && active:true')).toBe('bed');
    expect(q('price.amount:<1500 || (brand:Kiviks && active:false)')).toBe('ec');
    expect(q('note:=x')).toBe('d');
  });
});

describe('search', () => {
  it('sorts by name in Swedish order, by nested numbers and by the default field', () => {
    const c = collection();
    expect(ids(c, { q: '*', sort_by: 'name:asc' })).toEqual(['b', 'e', 'd', 'a', 'c']);
    expect(ids(c, { q: '*', sort_by: 'name:desc' })).toEqual(['c', 'a', 'd', 'e', 'b']);
    expect(ids(c, { q: '*', sort_by: 'price.amount:asc' })).toEqual(['e', 'd', 'b', 'a', 'c']);
    expect(ids(c, { q: '*' })).toEqual(['b', 'e', 'a', 'd', 'c']);
  });

  it('matches all words, tries typos only without exact matches, drops words from the right', () => {
    const c = collection();
    expect(ids(c, { q: 'tomat', query_by: 'name' })).toEqual(['e']); // stem
    expect(ids(c, { q: 'appelmust', query_by: 'name' })).toEqual(['a']); // folded
    expect(ids(c, { q: 'apelsinjuise', query_by: 'name' })).toEqual(['b']); // typo
    expect(ids(c, { q: 'apelsinjuise', query_by: 'name', num_typos: 0 })).toEqual([]);
    expect(ids(c, { q: 'zucchini banan', query_by: 'name' })).toEqual(['d']); // "banan" dropped
    const dropped = c.search({ q: 'zucchini banan', query_by: 'name' }).hits[0]!;
    expect(dropped.text_match_info.num_tokens_dropped).toBe(1);
    expect(ids(c, { q: 'kiviks', query_by: 'name' })).toEqual([]); // not in the queried field
    expect(ids(c, { q: 'kiviks', query_by: 'name,brand' })).toEqual(['a', 'c']);
    expect(ids(c, { q: '1002', query_by: 'code' })).toEqual(['a']); // code prefix
    expect(ids(c, { q: '100201', query_by: 'code' })).toEqual([]); // never a typo on a code
  });

  it('weights fields: query_by_weights changes which document wins', () => {
    const c = new EmbeddedCollection('items', spec);
    c.upsert({ ...docs[0]!, id: 'x', name: 'Bravo saft', brand: 'Annat' });
    c.upsert({ ...docs[0]!, id: 'y', name: 'Saft', brand: 'Bravo', rank: 0 });
    expect(ids(c, { q: 'bravo', query_by: 'name,brand' })).toEqual(['x', 'y']);
    expect(ids(c, { q: 'bravo', query_by: 'name,brand', query_by_weights: '1,5' })).toEqual(['y', 'x']);
  });

  it('pages with page/per_page and offset/limit, projects fields, marks highlights with the given tags', () => {
    const c = collection();
    expect(ids(c, { q: '*', sort_by: 'rank:desc', per_page: 2, page: 2 })).toEqual(['a', 'd']);
    expect(ids(c, { q: '*', sort_by: 'rank:desc', offset: 3, limit: 1 })).toEqual(['d']);
    const hit = c.search({
      q: 'ört',
      query_by: 'name',
      include_fields: 'name,price.amount',
      highlight_start_tag: '<b>',
      highlight_end_tag: '</b>',
    }).hits[0]!;
    expect(hit.document).toEqual({ name: 'Örtte mynta', price: { amount: 4500 } });
    expect(hit.highlights[0]).toEqual({ field: 'name', matched_tokens: ['Örtte'], snippet: '<b>Örtte</b> mynta' });
    const without = c.search({ q: '*', exclude_fields: 'tags,price.amount', per_page: 1 }).hits[0]!.document;
    expect(without).not.toHaveProperty('tags');
    expect(without).toHaveProperty('price', {});
  });

  it('counts facets over all matches, most frequent first', () => {
    const c = collection();
    const result = c.search({ q: '*', facet_by: 'brand,tags,active', max_facet_values: 2 });
    expect(result.facet_counts[0]).toEqual({
      field_name: 'brand',
      counts: [
        { count: 2, highlighted: 'Bravo', value: 'Bravo' },
        { count: 2, highlighted: 'Kiviks', value: 'Kiviks' },
      ],
      sampled: false,
      stats: { total_values: 3 },
    });
    expect(result.facet_counts[1]!.counts[0]).toEqual({ count: 2, highlighted: 'dryck', value: 'dryck' });
    expect(result.facet_counts[2]!.counts).toEqual([
      { count: 4, highlighted: 'true', value: 'true' },
      { count: 1, highlighted: 'false', value: 'false' },
    ]);
  });

  it('replaces and removes documents, and refuses ones that do not fit the schema', () => {
    const c = collection();
    c.upsert({ ...docs[1]!, name: 'Apelsinjuice utan fruktkött', rank: 0 });
    expect(ids(c, { q: 'fruktkott', query_by: 'name' })).toEqual(['b']);
    expect(ids(c, { q: 'apelsinjuice', query_by: 'name' })).toEqual(['b']);
    expect(c.remove('b')).toBe(true);
    expect(ids(c, { q: 'apelsinjuice', query_by: 'name' })).toEqual([]);
    expect(c.search({ q: '*' }).out_of).toBe(4);
    expect(() => c.upsert({ id: 'z', name: 'Utan pris' })).toThrow(/`brand` has been declared in the schema/);
    expect(() => c.upsert({ ...docs[0]!, id: 'z', rank: 'hög' })).toThrow(/`rank` must be a int32/);
  });
});

describe('topK', () => {
  it('gives the same first k as a full sort', () => {
    const items = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
    const cmp = (a: number, b: number) => a - b;
    expect(topK([...items], 10, cmp)).toEqual([...items].sort(cmp).slice(0, 10));
  });
});
