import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../src/app/sync/relative-time';
import { checkCode, matchesCode, snapshotOf } from '../../src/features/purchase-lists/product-code';
import {
  DEFAULT_ITEM_SORT,
  ITEM_SORT_KEYS,
  parseItemSortKey,
  readItemSort,
  writeItemSort,
} from '../../src/features/purchase-lists/sort-param';
import type { MirrorItem } from '../../src/offline';

describe('the sort of a list’s lines in the URL', () => {
  it('reads ?sort=&order=, and falls back to the order they were added for anything else', () => {
    expect(readItemSort(new URLSearchParams('sort=brand&order=desc'))).toEqual({ sort: 'brand', order: 'desc' });
    expect(readItemSort(new URLSearchParams('sort=name'))).toEqual({ sort: 'name', order: 'asc' });
    expect(readItemSort(new URLSearchParams(''))).toEqual(DEFAULT_ITEM_SORT);
    expect(readItemSort(new URLSearchParams('sort=price&order=sideways'))).toEqual(DEFAULT_ITEM_SORT);
  });

  it('writes the choice, keeps other parameters and leaves the default out of the URL', () => {
    const params = new URLSearchParams('x=1&sort=name&order=asc');
    expect(writeItemSort(params, { sort: 'quantity', order: 'desc' }).toString()).toBe('x=1&sort=quantity&order=desc');
    expect(writeItemSort(params, DEFAULT_ITEM_SORT).toString()).toBe('x=1');
    expect(params.toString()).toBe('x=1&sort=name&order=asc'); // not changed in place
  });

  it('offers each of name, date, quantity and brand both ways, and reads its own keys back', () => {
    expect(ITEM_SORT_KEYS).toHaveLength(8);
    for (const key of ITEM_SORT_KEYS) {
      const sort = parseItemSortKey(key);
      expect(`${sort.sort}-${sort.order}`).toBe(key);
    }
    expect(parseItemSortKey('nonsense')).toEqual(DEFAULT_ITEM_SORT);
  });
});

describe('the number typed into "Lägg till artikel"', () => {
  it('needs a value, and an EAN of 8–14 digits (spaces as printed under a barcode are dropped)', () => {
    expect(checkCode('articleNumber', '  ')).toEqual({ error: 'required' });
    expect(checkCode('articleNumber', ' 123456 ')).toEqual({ code: '123456' });
    expect(checkCode('ean', '7 310865 004703')).toEqual({ code: '7310865004703' });
    expect(checkCode('ean', '12345')).toEqual({ error: 'eanInvalid' });
    expect(checkCode('ean', '73108650047O3')).toEqual({ error: 'eanInvalid' });
  });

  const line: MirrorItem = {
    id: 'line',
    listId: 'list',
    companyCode: '10001',
    pending: false,
    productId: 'p1',
    sku: '123456',
    name: 'Mellanmjölk 1,5 l',
    brandName: 'Arla',
    unit: 'carton',
    piecesPerCarton: 10,
    quantity: 2,
    addedAt: '2025-11-24T10:00:00.000Z',
    gtinPiece: '7310865004703',
    gtinCarton: '17310865004700',
    imageUrl: null,
    stockStatus: 'in_stock',
    discontinued: false,
    wholeUnitsOnly: true,
  };

  it('matches a product seen on a list by article number or by piece or carton EAN, as the server does', () => {
    const product = snapshotOf(line);
    expect(product).not.toHaveProperty('quantity');
    expect(product).not.toHaveProperty('listId');
    expect(matchesCode(product, 'articleNumber', '123456')).toBe(true);
    expect(matchesCode(product, 'ean', '7310865004703')).toBe(true);
    expect(matchesCode(product, 'ean', '17310865004700')).toBe(true);
    expect(matchesCode(product, 'ean', '123456')).toBe(false);
    expect(matchesCode(product, 'articleNumber', '7310865004703')).toBe(false);
  });
});

describe('relative times in the sync panel', () => {
  const now = Date.parse('2025-11-24T12:00:00Z');
  it('says "alldeles nyss" for the last minute, then minutes, hours and days in Swedish', () => {
    expect(formatRelative(now - 5_000, now, 'alldeles nyss')).toBe('alldeles nyss');
    expect(formatRelative(new Date(now - 2 * 60_000).toISOString(), now, 'alldeles nyss')).toBe('för 2 minuter sedan');
    expect(formatRelative(now - 3 * 3_600_000, now, '')).toBe('för 3 timmar sedan');
    expect(formatRelative(now - 24 * 3_600_000, now, '')).toBe('i går');
  });

  it('never puts a past event in the future when the ticking `now` lags behind it', () => {
    expect(formatRelative(now + 1_000, now, 'alldeles nyss')).toBe('alldeles nyss');
    expect(formatRelative(now + 20_000, now, 'alldeles nyss')).toBe('alldeles nyss');
  });

  it('says when a retry comes: "om 30 sekunder"', () => {
    expect(formatRelative(now + 30_000, now, '', { future: true })).toBe('om 30 sekunder');
    expect(formatRelative('not a date', now, '')).toBe('');
  });
});
