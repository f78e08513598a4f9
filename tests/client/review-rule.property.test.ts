/**
 * The review rule (contract/rules/review.ts), checked against its definition in plain words over random items: low is
 * less than half the previous count, high more than twice, zeroed 0 where there was stock, uncounted not counted,
 * conflict two people's differing counts — compared in pieces, so a count in cartons and the same count in pieces
 * get the same flags — and an item accepted at or after its latest count has none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InventoryUnit } from '../../contract/inventory';
import { fromMilliPieces, toMilliPieces } from '../../contract/rules/count';
import { reviewFlags, reviewGroups, type ReviewableItem } from '../../contract/rules/review';

const T0 = Date.parse('2026-11-20T08:00:00Z');
const instant = fc.integer({ min: 0, max: 10_000 }).map((s) => new Date(T0 + s * 1000).toISOString());
/** Thousandths of a piece, kept to what both units can show exactly. */
const milli = fc.integer({ min: 0, max: 50_000 });

const item = fc
  .record({
    unit: fc.constantFrom<InventoryUnit>('piece', 'carton'),
    piecesPerCarton: fc.constantFrom(1, 6, 12),
    now: milli,
    before: fc.option(milli, { nil: null }),
    counted: fc.boolean(),
    conflict: fc.boolean(),
    lastCountedAt: instant,
    acceptedAt: fc.option(instant, { nil: null }),
  })
  .map((r) => {
    // Whole cartons when counted in cartons, so the quantity in the item's unit is exact.
    const perUnit = r.unit === 'carton' ? r.piecesPerCarton : 1;
    const now = r.counted ? Math.round(r.now / perUnit) * perUnit : 0;
    const before = r.before === null ? null : Math.round(r.before / perUnit) * perUnit;
    return {
      piecesNow: now,
      piecesBefore: before,
      item: {
        unit: r.unit,
        piecesPerCarton: r.piecesPerCarton,
        quantity: fromMilliPieces(now, r.unit, r.piecesPerCarton),
        previousQuantity: before === null ? null : fromMilliPieces(before, r.unit, r.piecesPerCarton),
        counted: r.counted,
        conflict: r.counted && r.conflict,
        lastCountedAt: r.counted ? r.lastCountedAt : null,
        acceptedAt: r.acceptedAt,
      } satisfies ReviewableItem,
    };
  });

describe('the review rule', () => {
  it('flags by its definition, in pieces, and clears what was accepted after the latest count', () => {
    fc.assert(
      fc.property(item, ({ item: i, piecesNow, piecesBefore }) => {
        const flags = reviewFlags(i);
        const accepted =
          i.acceptedAt !== null &&
          (i.lastCountedAt === null || Date.parse(i.acceptedAt) >= Date.parse(i.lastCountedAt));
        if (accepted || !i.counted) {
          expect(flags).toEqual(accepted ? [] : ['uncounted']);
          return;
        }
        const had = piecesBefore !== null && piecesBefore > 0;
        expect(flags.includes('conflict')).toBe(i.conflict);
        expect(flags.includes('zeroed')).toBe(had && piecesNow === 0);
        expect(flags.includes('low')).toBe(had && piecesNow > 0 && piecesNow < piecesBefore / 2);
        expect(flags.includes('high')).toBe(had && piecesNow > piecesBefore * 2);
        expect(flags.includes('uncounted')).toBe(false);
        // The pieces decide, not the unit: the same stock in pieces gets the same flags.
        const inPieces = {
          ...i,
          unit: 'piece' as const,
          quantity: fromMilliPieces(piecesNow, 'piece', i.piecesPerCarton),
          previousQuantity: piecesBefore === null ? null : fromMilliPieces(piecesBefore, 'piece', i.piecesPerCarton),
        };
        expect(reviewFlags(inPieces)).toEqual(flags);
        expect(toMilliPieces(inPieces.quantity, 'piece', 1)).toBe(piecesNow);
      }),
      { numRuns: 2000 },
    );
  });

  it('groups every flagged item under each of its flags, and nothing else', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (generated) => {
        const items = generated.map((g) => g.item);
        const groups = reviewGroups(items);
        for (const { flag, items: grouped } of groups) {
          expect(grouped.length).toBeGreaterThan(0);
          expect(grouped).toEqual(items.filter((i) => reviewFlags(i).includes(flag)));
        }
        const flaggedSomewhere = new Set(groups.flatMap((g) => g.items));
        expect(items.filter((i) => reviewFlags(i).length > 0).every((i) => flaggedSomewhere.has(i))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('names the boundaries: exactly half and exactly twice are not flagged', () => {
    const base = {
      unit: 'piece' as const,
      piecesPerCarton: 1,
      counted: true,
      conflict: false,
      lastCountedAt: '2026-11-20T08:00:00Z',
      acceptedAt: null,
    };
    expect(reviewFlags({ ...base, quantity: 5, previousQuantity: 10 })).toEqual([]);
    expect(reviewFlags({ ...base, quantity: 4.999, previousQuantity: 10 })).toEqual(['low']);
    expect(reviewFlags({ ...base, quantity: 20, previousQuantity: 10 })).toEqual([]);
    expect(reviewFlags({ ...base, quantity: 20.001, previousQuantity: 10 })).toEqual(['high']);
    expect(reviewFlags({ ...base, quantity: 0, previousQuantity: 10 })).toEqual(['zeroed']);
    expect(reviewFlags({ ...base, quantity: 0, previousQuantity: 0 })).toEqual([]);
    expect(reviewFlags({ ...base, quantity: 3, previousQuantity: null })).toEqual([]);
    expect(reviewFlags({ ...base, quantity: 3, previousQuantity: null, conflict: true })).toEqual(['conflict']);
  });
});
