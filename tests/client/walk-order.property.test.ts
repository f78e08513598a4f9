/**
 * The walking order of a zone (issue #15, contract/rules/inventory-items.ts): a reorder gives exactly the asked order,
 * items it did not name follow in their old walking order, and moving one item up or down leaves every other item's
 * relative order as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movedInWalk, walkOrder, walkPositions } from '../../contract/rules/inventory-items';

type Item = { id: string; name: string; articleNumber: string; walkPosition: number | null };

const items = fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 30 }).chain((keys) =>
  fc.tuple(
    ...keys.map((k) =>
      fc.record({
        id: fc.constant(`id-${String(k).padStart(5, '0')}`),
        name: fc.constantFrom('Mjölk', 'mjölk', 'Ägg', 'Öl', 'Smör', 'ost', 'Zucchini', 'Äpple'),
        articleNumber: fc.constant(`A${k}`),
        walkPosition: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      }),
    ),
  ),
) as fc.Arbitrary<Item[]>;

const ids = (list: readonly Item[]) => list.map((i) => i.id);
const placed = (list: readonly Item[], positions: Map<string, number>) =>
  list.map((i) => ({ ...i, walkPosition: positions.get(i.id) ?? i.walkPosition })).sort(walkOrder);

describe('walking order of a zone', () => {
  it('a reorder of all the items gives exactly the asked order', () => {
    fc.assert(
      fc.property(
        items.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(ids(list), { minLength: list.length }))),
        ([list, asked]) => {
          expect(ids(placed(list, walkPositions(list, asked)))).toEqual(asked);
        },
      ),
    );
  });

  it('a reorder of some items puts them first as asked, the others after in their old walking order', () => {
    fc.assert(
      fc.property(
        items.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(ids(list)))),
        ([list, asked]) => {
          const before = ids([...list].sort(walkOrder)).filter((id) => !asked.includes(id));
          expect(ids(placed(list, walkPositions(list, asked)))).toEqual([...asked, ...before]);
        },
      ),
    );
  });

  it('moving one item keeps the relative order of all the others, and the item lands where asked', () => {
    fc.assert(
      fc.property(
        items.chain((list) =>
          fc.tuple(fc.constant(list), fc.constantFrom(...ids(list)), fc.integer({ min: -3, max: 3 })),
        ),
        ([list, id, step]) => {
          const order = ids([...list].sort(walkOrder));
          const moved = movedInWalk(order, id, step);
          const after = ids(placed(list, walkPositions(list, moved)));
          expect(after).toEqual(moved);
          expect(after.filter((x) => x !== id)).toEqual(order.filter((x) => x !== id));
          const want = Math.max(0, Math.min(order.length - 1, order.indexOf(id) + step));
          expect(after.indexOf(id)).toBe(want);
        },
      ),
    );
  });

  it('places unplaced items after the placed ones, by name in Swedish order', () => {
    const mk = (id: string, name: string, walkPosition: number | null): Item => ({
      id,
      name,
      articleNumber: id,
      walkPosition,
    });
    const sorted = [mk('a', 'Öl', null), mk('b', 'Ägg', null), mk('c', 'Zucchini', null), mk('d', 'Smör', 1)].sort(
      walkOrder,
    );
    expect(sorted.map((i) => i.name)).toEqual(['Smör', 'Zucchini', 'Ägg', 'Öl']);
  });
});
