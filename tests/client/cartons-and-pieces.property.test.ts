/**
 * Mixed units (issue #15 item 2, contract/rules/count.ts `cartonsAndPieces`): a carton article's quantity reads as
 * whole cartons plus pieces, exactly, and a number pad's "kart" + "st" entry is one quantity in pieces.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartonsAndPieces,
  fromMilliPieces,
  piecesOfEntry,
  piecesOfQuantity,
  toMilliPieces,
} from '../../contract/rules/count';

const piecesPerCarton = fc.integer({ min: 2, max: 1000 });
/** A stored carton quantity: three decimals, any sign (a variance may be negative). */
const cartonQuantity = fc.integer({ min: -5_000_000, max: 5_000_000 }).map((n) => n / 1000);

describe('cartons and pieces of a quantity', () => {
  it('13 kart + 1 st: one piece scanned into 13 cartons of 6 (stored 13,167) reads as it was counted', () => {
    const stored = fromMilliPieces(toMilliPieces(13 * 6 + 1, 'piece', 6), 'carton', 6);
    expect(stored).toBe(13.167);
    expect(cartonsAndPieces(stored, 'carton', 6)).toEqual({ sign: 1, cartons: 13, pieces: 1 });
    expect(cartonsAndPieces(13, 'carton', 6)).toEqual({ sign: 1, cartons: 13, pieces: 0 });
    expect(cartonsAndPieces(5, 'piece', 6)).toEqual({ sign: 1, cartons: 0, pieces: 5 });
    expect(cartonsAndPieces(-0.167, 'carton', 6)).toEqual({ sign: -1, cartons: 0, pieces: 1 });
  });

  it("cartons × pieces per carton + pieces is the quantity's pieces; pieces < a carton; nothing negative", () => {
    fc.assert(
      fc.property(cartonQuantity, piecesPerCarton, (quantity, ppc) => {
        const split = cartonsAndPieces(quantity, 'carton', ppc);
        const milli = split.sign * (split.cartons * ppc * 1000 + Math.round(split.pieces * 1000));
        expect(milli).toBe(piecesOfQuantity(quantity, 'carton', ppc));
        // The pieces shown stand for the stored quantity: converted back they are that quantity.
        expect(fromMilliPieces(milli, 'carton', ppc)).toBe(quantity);
        expect(Number.isInteger(split.cartons)).toBe(true);
        expect(split.pieces).toBeLessThan(ppc);
        expect(split.cartons).toBeGreaterThanOrEqual(0);
        expect(split.pieces).toBeGreaterThanOrEqual(0);
        expect(Math.round(split.pieces * 1000) / 1000).toBe(split.pieces);
        if (quantity >= 0) expect(split.sign).toBe(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('a stock of whole pieces reads back as exactly those cartons and pieces', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), piecesPerCarton, (pieces, ppc) => {
        const stored = fromMilliPieces(pieces * 1000, 'carton', ppc);
        expect(cartonsAndPieces(stored, 'carton', ppc)).toEqual({
          sign: 1,
          cartons: Math.floor(pieces / ppc),
          pieces: pieces % ppc,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('a piece quantity stays pieces, with its three decimals (loose weight)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), piecesPerCarton, (milli, ppc) => {
        expect(cartonsAndPieces(milli / 1000, 'piece', ppc)).toEqual({ sign: 1, cartons: 0, pieces: milli / 1000 });
      }),
    );
  });

  it('a number pad entry of cartons and pieces is their sum in pieces, exactly', () => {
    expect(piecesOfEntry(2, 3, 6)).toBe(15);
    expect(piecesOfEntry(0.1, 0.2, 3)).toBe(0.5);
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.nat({ max: 100_000 }), piecesPerCarton, (cartons, milli, ppc) => {
        const pieces = milli / 1000;
        const entered = piecesOfEntry(cartons, pieces, ppc);
        expect(toMilliPieces(entered, 'piece', ppc)).toBe(cartons * ppc * 1000 + milli);
        // Stored in cartons and read back, a whole-piece entry shows the cartons and pieces typed (carried over).
        if (Number.isInteger(pieces)) {
          const stored = fromMilliPieces(toMilliPieces(entered, 'piece', ppc), 'carton', ppc);
          const total = cartons * ppc + pieces;
          expect(cartonsAndPieces(stored, 'carton', ppc)).toEqual({
            sign: 1,
            cartons: Math.floor(total / ppc),
            pieces: total % ppc,
          });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
