/**
 * The phone's figure of a count equals the server's (issue #14, contract/rules/count.ts): for random counts — scans
 * and typed numbers of several users on several phones, in pieces and cartons, sets that override earlier counts, a
 * change of the item's unit — the phone's mirror (src/offline/inventory applyOp, which the UI shows while the counts
 * wait) ends with the quantity, stock value and last set the server derives from the same events.
 * Many cases against the shared pure function the server stores with (countFigures), a handful through the real
 * routes on the seeded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { InventoryListItem } from '../../contract/inventory';
import {
  cartonsAndPieces,
  compareCountEvents,
  countFigures,
  fromMilliPieces,
  piecesOfEntry,
  toMilliPieces,
  valueOf,
} from '../../contract/rules/count';
import { convertPrice, type Unit } from '../../contract/rules/units';
import { applyOp, type InventoryOp, type InventoryState } from '../../src/offline/inventory/operations';
import { baseItem } from '../../src/offline/inventory/state';
import type { MirrorInventoryItem } from '../../src/offline/inventory/tables';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';
import { uncountedItem } from '../fixtures/inventory-item';

const COMPANY = '10001';
const LIST = '0190a000-0000-7000-8000-000000000001';
const ITEM = '0190a000-0000-7000-8000-000000000002';
const START = Date.UTC(2026, 10, 20, 8, 0, 0);

type Event = {
  id: string;
  user: number;
  device: number;
  kind: 'delta' | 'set';
  value: number;
  unit: Unit;
  /** Minutes after START: equal minutes are ordered by id. */
  minute: number;
};
type Case = { unit: Unit; piecesPerCarton: number; price: number; events: Event[]; unitChange: boolean };

const unit = fc.constantFrom<Unit>('piece', 'carton');
/** A scan (±1) or a typed number with up to three decimals. */
const amount = fc.oneof(
  fc.constantFrom(1, -1),
  fc
    .integer({ min: -20_000, max: 20_000 })
    .filter((n) => n !== 0)
    .map((n) => n / 1000),
);
const event: fc.Arbitrary<Event> = fc
  .record({
    id: fc.uuid({ version: 4 }),
    user: fc.nat({ max: 1 }),
    device: fc.nat({ max: 2 }),
    kind: fc.constantFrom<'delta' | 'set'>('delta', 'delta', 'set'),
    value: amount,
    unit,
    minute: fc.nat({ max: 30 }),
  })
  .map((e) => (e.kind === 'set' ? { ...e, value: Math.abs(e.value) } : e));
const countCase = (maxEvents: number): fc.Arbitrary<Case> =>
  fc.record({
    unit,
    piecesPerCarton: fc.constantFrom(1, 6, 12, 24),
    price: fc.integer({ min: 0, max: 50_000 }),
    events: fc.uniqueArray(event, { minLength: 1, maxLength: maxEvents, selector: (e) => e.id }),
    unitChange: fc.boolean(),
  });

const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
const inMergeOrder = (events: readonly Event[]) =>
  [...events].sort((a, b) =>
    compareCountEvents({ id: a.id, countedAt: at(a.minute) }, { id: b.id, countedAt: at(b.minute) }),
  );
const other = (u: Unit): Unit => (u === 'piece' ? 'carton' : 'piece');

// --- the phone --------------------------------------------------------------------------------------------------

const countOp = (e: Event): Extract<InventoryOp, { type: 'count' }> => ({
  type: 'count',
  listId: LIST,
  companyCode: COMPANY,
  at: at(e.minute),
  itemId: ITEM,
  name: 'Mjölk',
  countId: e.id,
  kind: e.kind,
  value: e.value,
  unit: e.unit,
  deviceId: `telefon-${e.device}`,
  undo: false,
});
const unitOp = (to: Unit, minute: number): Extract<InventoryOp, { type: 'patchItem' }> => ({
  type: 'patchItem',
  listId: LIST,
  companyCode: COMPANY,
  at: at(minute),
  itemId: ITEM,
  name: 'Mjölk',
  fields: { unit: to },
  accountName: null,
});

/** The phone's state of one list holding `item`, as the mirror keeps it. */
function phoneWith(item: MirrorInventoryItem): InventoryState {
  return {
    list: {
      id: LIST,
      companyCode: COMPANY,
      name: 'Räkning',
      dateFrom: null,
      dateTo: null,
      previousListId: null,
      previousListName: null,
      itemCount: 1,
      countedCount: item.counted ? 1 : 0,
      stockValue: item.stockValue,
      createdAt: at(0),
      updatedAt: at(0),
      createdBy: null,
      closedAt: null,
      closedBy: null,
      reopenedAt: null,
      version: 0,
      pending: false,
      itemsRead: true,
    },
    items: new Map([[item.id, item]]),
  };
}

/** An item as the server answers it before any count: what the phone reads when it opens the list. */
function uncounted(c: Case): InventoryListItem {
  return uncountedItem({
    id: ITEM,
    listId: LIST,
    companyProductId: '0190a000-0000-7000-8000-000000000003',
    articleNumber: 'R-1',
    name: 'Mjölk',
    unit: c.unit,
    piecesPerCarton: c.piecesPerCarton,
    price: c.price,
    createdAt: at(0),
    updatedAt: at(0),
  });
}

/** The phone's item after `ops` on top of the server's `item`. */
function phoneFigure(item: InventoryListItem, ops: readonly InventoryOp[]): MirrorInventoryItem {
  let state = phoneWith(baseItem({ ...item, companyCode: COMPANY }));
  for (const op of ops) state = applyOp(state, op);
  return state.items.get(ITEM)!;
}

// --- the server's rule -------------------------------------------------------------------------------------------

/** What the server stores and answers for these events (countFigures), and the price it keeps per unit. */
function serverFigure(c: Case, events: readonly Event[], finalUnit: Unit) {
  const figures = countFigures(
    events.map((e) => ({
      id: e.id,
      kind: e.kind,
      countedAt: at(e.minute),
      milliPieces: toMilliPieces(e.value, e.unit, c.piecesPerCarton),
      userId: `user-${e.user}`,
    })),
    finalUnit,
    c.piecesPerCarton,
    null,
  );
  const price = convertPrice(c.price, c.unit, finalUnit, c.piecesPerCarton);
  return {
    quantity: figures.quantity,
    stockValue: valueOf(figures.quantity, price),
    price,
    countCount: figures.countCount,
    lastSetAt: figures.lastSetAt?.toISOString() ?? null,
    lastCountedAt: figures.lastCountedAt?.toISOString() ?? null,
  };
}

const shown = (item: MirrorInventoryItem) => ({
  quantity: item.quantity,
  stockValue: item.stockValue,
  price: item.price,
  countCount: item.countCount,
  lastSetAt: item.lastSetAt,
  lastCountedAt: item.lastCountedAt,
});

describe('the phone counts as the server does (shared rules)', () => {
  it('a stock value that rounds to nothing is 0 kr, never −0 (as the server answers over JSON)', () => {
    // Found by the route property below (seed 950310167): a piece taken away at price 0 showed −0 on the phone.
    expect(Object.is(valueOf(-0.001, 0), 0)).toBe(true);
    expect(Object.is(valueOf(-0.001, 400), 0)).toBe(true);
    expect(valueOf(-0.001, 500)).toBe(-1);
  });

  it('counts made in time order: the phone shows what the server derives from them', () => {
    fc.assert(
      fc.property(countCase(12), (c) => {
        const events = inMergeOrder(c.events);
        const ops: InventoryOp[] = events.map(countOp);
        const finalUnit = c.unitChange ? other(c.unit) : c.unit;
        // The unit changes after the last count.
        if (c.unitChange) ops.push(unitOp(finalUnit, 31));
        expect(shown(phoneFigure(uncounted(c), ops))).toEqual(serverFigure(c, events, finalUnit));
      }),
      { numRuns: 300 },
    );
  });

  it('a number pad entry of cartons and pieces (one set in pieces) reads the same on the phone as on the server', () => {
    fc.assert(
      fc.property(
        countCase(6),
        fc.nat({ max: 500 }),
        fc.nat({ max: 30 }),
        fc.uuid({ version: 4 }),
        (c, cartons, pieces, id) => {
          const entry: Event = {
            id,
            user: 0,
            device: 0,
            kind: 'set',
            value: piecesOfEntry(cartons, pieces, c.piecesPerCarton),
            unit: 'piece',
            minute: 31,
          };
          const events = [...inMergeOrder(c.events), entry];
          const phone = phoneFigure(uncounted(c), events.map(countOp));
          const server = serverFigure(c, events, c.unit);
          expect(shown(phone)).toEqual(server);
          const total = cartons * c.piecesPerCarton + pieces;
          const split = cartonsAndPieces(phone.quantity, c.unit, c.piecesPerCarton);
          expect(split).toEqual(cartonsAndPieces(server.quantity, c.unit, c.piecesPerCarton));
          // What was typed is what both show (carried into cartons when the pieces make one).
          if (c.unit === 'carton' && c.piecesPerCarton > 1)
            expect(split).toEqual({
              sign: 1,
              cartons: Math.floor(total / c.piecesPerCarton),
              pieces: total % c.piecesPerCarton,
            });
          else if (c.unit === 'piece') expect(split).toEqual({ sign: 1, cartons: 0, pieces: total });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the phone's waiting counts on top of the server's answer end where the server ends", () => {
    fc.assert(
      fc.property(countCase(12), fc.nat({ max: 12 }), (c, split) => {
        const events = inMergeOrder(c.events);
        const known = events.slice(0, split);
        const waiting = events.slice(split);
        const server = serverFigure(c, known, c.unit);
        // The phone knows the server's quantity in the item's unit; it rebuilds the stock in milli-pieces from it.
        // When that quantity was rounded (a carton item holding part of a carton in pieces that do not divide to
        // three decimals) the phone starts from the rounded stock: such cases are outside this property.
        const milli = toMilliPieces(server.quantity, c.unit, c.piecesPerCarton);
        fc.pre(fromMilliPieces(milli, c.unit, c.piecesPerCarton) === server.quantity);
        fc.pre(milli === mergedMilli(c, known));
        const answer: InventoryListItem = {
          ...uncounted(c),
          quantity: server.quantity,
          stockValue: server.stockValue,
          counted: known.length > 0,
          countCount: server.countCount,
          lastSetAt: server.lastSetAt,
          lastCountedAt: server.lastCountedAt,
        };
        expect(shown(phoneFigure(answer, waiting.map(countOp)))).toEqual(serverFigure(c, events, c.unit));
      }),
      { numRuns: 300 },
    );
  });
});

function mergedMilli(c: Case, events: readonly Event[]): number {
  return countFigures(
    events.map((e) => ({
      id: e.id,
      kind: e.kind,
      countedAt: at(e.minute),
      milliPieces: toMilliPieces(e.value, e.unit, c.piecesPerCarton),
      userId: null,
    })),
    c.unit,
    c.piecesPerCarton,
    null,
  ).merged.milliPieces;
}

// --- through the routes ------------------------------------------------------------------------------------------

describe('the phone counts as the server answers (routes, seeded database)', () => {
  let app: TestApp;
  let tokens: string[];
  let listId: string;
  const path = (p: string) => `/v1/company/${COMPANY}${p}`;
  async function call<T>(token: string, method: 'POST' | 'PATCH', url: string, payload: object) {
    const res = await app.inject({ method, url: path(url), headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json() as T };
  }

  beforeAll(async () => {
    app = await createTestApp();
    tokens = await Promise.all([login(app, DEMO.kund), login(app, DEMO.personal)]);
    listId = (await call<{ id: string }>(tokens[0]!, 'POST', '/inventory-list', { id: randomUUID(), name: 'Räkning' }))
      .body.id;
  }, 180_000);
  afterAll(() => app.closeAll());

  let seq = 0;
  it('for random counts arriving in any order, the server answers what the phone shows', async () => {
    await fc.assert(
      fc.asyncProperty(countCase(8), fc.func(fc.integer()), async (c, shuffleKey) => {
        // Each case counts a fresh own article with the case's unit, pieces per carton and price.
        const article = await call<{ id: string }>(tokens[0]!, 'POST', '/product', {
          id: randomUUID(),
          name: `Räknad ${++seq}`,
          articleNumber: `E-${seq}-${Date.now()}`,
          unit: c.unit,
          piecesPerCarton: c.piecesPerCarton,
          price: c.price,
        });
        expect(article.status).toBe(201);
        const added = await call<InventoryListItem>(tokens[0]!, 'POST', `/inventory-list/${listId}/item`, {
          id: randomUUID(),
          companyProductId: article.body.id,
        });
        expect(added.status).toBe(201);
        const item = added.body;
        // Count ids are unique on the server across items: each case counts with fresh ones.
        const events = c.events.map((e) => ({ ...e, id: randomUUID() }));
        // The counts reach the server in any order; the phone shows them in the order they were made.
        const arrival = [...events].sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id));
        let answer = item;
        for (const e of arrival) {
          const res = await call<{ item: InventoryListItem }>(
            tokens[e.user]!,
            'POST',
            `/inventory-list/${listId}/item/${item.id}/count`,
            {
              id: e.id,
              kind: e.kind,
              ...(e.kind === 'delta' ? { amount: e.value } : { quantity: e.value }),
              unit: e.unit,
              countedAt: at(e.minute),
              deviceId: `telefon-${e.device}`,
            },
          );
          expect(res.status).toBe(201);
          answer = res.body.item;
        }
        const ops: InventoryOp[] = inMergeOrder(events).map((e) => ({ ...countOp(e), listId, itemId: item.id }));
        if (c.unitChange) {
          const to = other(c.unit);
          const res = await call<InventoryListItem>(tokens[0]!, 'PATCH', `/inventory-list/${listId}/item/${item.id}`, {
            unit: to,
          });
          expect(res.status).toBe(200);
          answer = res.body;
          ops.push({ ...unitOp(to, 31), listId, itemId: item.id });
        }
        let state = phoneWith(baseItem({ ...item, companyCode: COMPANY }));
        state = { ...state, list: { ...state.list!, id: listId } };
        for (const op of ops) state = applyOp(state, op);
        const phone = state.items.get(item.id)!;
        expect(shown(phone)).toEqual({
          quantity: answer.quantity,
          stockValue: answer.stockValue,
          price: answer.price,
          countCount: answer.countCount,
          lastSetAt: answer.lastSetAt,
          lastCountedAt: answer.lastCountedAt,
        });
      }),
      { numRuns: 6 },
    );
  }, 300_000);
});
