/**
 * Counting: the one home of how a stock figure follows from count events (docs/decisions/0025-count-merge.md). The
 * server derives and stores an item's quantity with these; the phone shows its waiting scans and typed numbers with
 * the same milli-piece arithmetic and stock value, so that the number on the phone is the number the server answers.
 *
 * The merge rule: order all events of an item by (countedAt, id); S = the last set in that order;
 * stock = (S ? S.pieces : 0) + Σ deltas after S (all deltas when there is no set). Stock is kept in thousandths of a
 * piece so that pieces and cartons add exactly.
 */
import type { CountKind } from '../inventory-constants';
import type { Unit } from './units';

/** A count event reduced to what the merge rule needs; `pieces` in thousandths to add exactly. */
export type MergeEvent = {
  id: string;
  kind: CountKind;
  countedAt: string | Date;
  milliPieces: number;
  userId: string | null;
};

/** Merge order: countedAt, then id (uuid v7 ids of one device follow their creation order). */
export function compareCountEvents(
  a: Pick<MergeEvent, 'id' | 'countedAt'>,
  b: Pick<MergeEvent, 'id' | 'countedAt'>,
): number {
  const ta = new Date(a.countedAt).getTime();
  const tb = new Date(b.countedAt).getTime();
  if (ta !== tb) return ta - tb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type MergeResult = {
  /** Stock in thousandths of a piece. */
  milliPieces: number;
  /** The effective set, if any. */
  set: MergeEvent | null;
  /** Ids of the events that count (the effective set and the deltas after it). */
  effective: Set<string>;
  /** Users of the deltas before the effective set that are not the setter (see `conflict`). */
  overriddenUsers: Set<string>;
  /** Latest countedAt among those overridden deltas (for "resolved up to"). */
  overriddenUntil: Date | null;
};

/**
 * The merge rule, shared by the server and the device's mirror so both show the same number: sort by (countedAt, id);
 * start from the last set (or 0); add every delta after it.
 */
export function mergeCounts(events: readonly MergeEvent[]): MergeResult {
  const sorted = [...events].sort(compareCountEvents);
  let setIndex = -1;
  for (let i = sorted.length - 1; i >= 0; i--) {
    if (sorted[i]!.kind === 'set') {
      setIndex = i;
      break;
    }
  }
  const set = setIndex >= 0 ? sorted[setIndex]! : null;
  let milliPieces = set ? set.milliPieces : 0;
  const effective = new Set<string>(set ? [set.id] : []);
  for (let i = setIndex + 1; i < sorted.length; i++) {
    milliPieces += sorted[i]!.milliPieces;
    effective.add(sorted[i]!.id);
  }
  const overriddenUsers = new Set<string>();
  let overriddenUntil: Date | null = null;
  if (set) {
    for (let i = 0; i < setIndex; i++) {
      const e = sorted[i]!;
      if (e.kind === 'delta' && e.userId !== null && e.userId !== set.userId) {
        overriddenUsers.add(e.userId);
        const at = new Date(e.countedAt);
        if (!overriddenUntil || at > overriddenUntil) overriddenUntil = at;
      }
    }
  }
  return { milliPieces, set, effective, overriddenUsers, overriddenUntil };
}

/**
 * "Two people counted this": the stock starts from a set that replaced another user's deltas, later than the moment
 * up to which such a conflict was marked resolved (PATCH … resolveConflict).
 */
export function isCountConflict(merged: MergeResult, resolvedUntil: Date | null): boolean {
  return (
    merged.overriddenUsers.size > 0 &&
    merged.overriddenUntil !== null &&
    (resolvedUntil === null || merged.overriddenUntil > resolvedUntil)
  );
}

/** What an item shows of its counts (and the server stores): stock, quantity, who counted, the set and a conflict. */
export type CountFigures = {
  merged: MergeResult;
  /** The stock in the item's unit, three decimals. */
  quantity: number;
  countCount: number;
  /** The latest countedAt of any event. */
  lastCountedAt: Date | null;
  /** Who made the latest event (null for an event without a user). */
  lastCountedBy: string | null;
  /** The set the stock starts from, and who typed it. */
  lastSetAt: Date | null;
  lastSetBy: string | null;
  /** Distinct users, in the merge order of their first count. */
  countedBy: string[];
  conflict: boolean;
};

/** An item's figures from all its count events, in its unit (see `mergeCounts` and `isCountConflict`). */
export function countFigures(
  events: readonly MergeEvent[],
  unit: Unit,
  piecesPerCarton: number,
  conflictResolvedUntil: Date | null,
): CountFigures {
  const sorted = [...events].sort(compareCountEvents);
  const merged = mergeCounts(sorted);
  const countedBy: string[] = [];
  for (const e of sorted) if (e.userId && !countedBy.includes(e.userId)) countedBy.push(e.userId);
  const last = sorted[sorted.length - 1];
  return {
    merged,
    quantity: fromMilliPieces(merged.milliPieces, unit, piecesPerCarton),
    countCount: sorted.length,
    lastCountedAt: last ? new Date(last.countedAt) : null,
    lastCountedBy: last?.userId ?? null,
    lastSetAt: merged.set ? new Date(merged.set.countedAt) : null,
    lastSetBy: merged.set?.userId ?? null,
    countedBy,
    conflict: isCountConflict(merged, conflictResolvedUntil),
  };
}

/** Thousandths of a piece for a number entered in `unit`. */
export function toMilliPieces(value: number, unit: Unit, piecesPerCarton: number): number {
  return Math.round(value * 1000) * (unit === 'carton' ? piecesPerCarton : 1);
}

/** Thousandths of a piece → quantity in `unit`, three decimals. */
export function fromMilliPieces(milliPieces: number, unit: Unit, piecesPerCarton: number): number {
  const perUnit = unit === 'carton' ? piecesPerCarton : 1;
  return Math.round(milliPieces / perUnit) / 1000;
}

/** A quantity as a kitchen worker counts it: whole cartons and the pieces beside them ("13 kart + 1 st"). */
export type CartonsAndPieces = {
  /** −1 for a negative quantity (a variance), else 1; cartons and pieces are never negative. */
  sign: 1 | -1;
  cartons: number;
  /** Less than piecesPerCarton; whole unless the stock holds parts of a piece (up to three decimals). */
  pieces: number;
};

/**
 * The thousandths of a piece a quantity stands for. A carton quantity keeps three decimals of a carton, so a piece
 * counted into a carton article is stored rounded (1 of 6 → 0,167): when a whole number of pieces rounds to the stored
 * quantity, that is what was counted, and it is taken; otherwise the quantity's own thousandths are.
 */
export function piecesOfQuantity(quantity: number, unit: Unit, piecesPerCarton: number): number {
  const milli = toMilliPieces(quantity, unit, piecesPerCarton);
  if (unit !== 'carton' || piecesPerCarton <= 1) return milli;
  const whole = Math.round(milli / 1000) * 1000;
  return fromMilliPieces(whole, unit, piecesPerCarton) === fromMilliPieces(milli, unit, piecesPerCarton)
    ? whole
    : milli;
}

/**
 * A quantity in whole cartons plus pieces, exactly (in thousandths of a piece), so that the phone, the list and the
 * documents read the same "13 kart + 1 st". A piece quantity, or an article without cartons, is all pieces.
 */
export function cartonsAndPieces(quantity: number, unit: Unit, piecesPerCarton: number): CartonsAndPieces {
  const milli = piecesOfQuantity(quantity, unit, piecesPerCarton);
  const sign = milli < 0 ? -1 : 1;
  const abs = Math.abs(milli);
  if (unit !== 'carton' || piecesPerCarton <= 1)
    return unit === 'carton' ? { sign, cartons: abs / 1000, pieces: 0 } : { sign, cartons: 0, pieces: abs / 1000 };
  const perCarton = piecesPerCarton * 1000;
  const cartons = Math.floor(abs / perCarton);
  return { sign, cartons, pieces: (abs - cartons * perCarton) / 1000 };
}

/**
 * The parts a quantity is shown in, the same on the phone, the list and the PDF: "13 kart + 1 st", a whole number of
 * cartons "13 kart", less than a carton "1 st", a piece item "5 st".
 */
export function quantityParts(
  quantity: number,
  unit: Unit,
  piecesPerCarton: number,
): { sign: 1 | -1; parts: { unit: Unit; amount: number }[] } {
  const { sign, cartons, pieces } = cartonsAndPieces(quantity, unit, piecesPerCarton);
  const parts: { unit: Unit; amount: number }[] = [];
  if (unit === 'carton' && (cartons > 0 || pieces === 0)) parts.push({ unit: 'carton', amount: cartons });
  if (unit === 'piece' || pieces > 0) parts.push({ unit: 'piece', amount: pieces });
  return { sign, parts };
}

/** What a number pad's "kart" and "st" fields set: one quantity in pieces (thousandths added, so exactly). */
export function piecesOfEntry(cartons: number, pieces: number, piecesPerCarton: number): number {
  return (toMilliPieces(cartons, 'carton', piecesPerCarton) + toMilliPieces(pieces, 'piece', piecesPerCarton)) / 1000;
}

/** A quantity (three decimals) in thousandths of its unit, exactly. */
export const toMilli = (quantity: number | string): number => Math.round(Number(quantity) * 1000);

/** quantity − previous, three decimals (both have three: subtracted in thousandths, so exactly). */
export function varianceOf(quantity: number, previous: number): number {
  return (toMilli(quantity) - toMilli(previous)) / 1000;
}

/** round(x) with halves away from zero, like PostgreSQL's round(numeric). */
export function roundHalfAway(x: number): number {
  const rounded = Math.sign(x) * Math.round(Math.abs(x));
  // Never −0 (a small negative that rounds to nothing): PostgreSQL answers 0, and Intl would show "−0,00 kr".
  return rounded === 0 ? 0 : rounded;
}

/** round(quantity × price) in öre, exact for three-decimal quantities. */
export function valueOf(quantity: number, price: number): number {
  return roundHalfAway((Math.round(quantity * 1000) * price) / 1000);
}

/**
 * Par level → order (GET …/shortfall, and the phone's suggestion from its own counts): null when the quantity is not
 * below the par level. The shortfall in pieces is rounded up to whole cartons when the product comes in cartons, else to
 * whole pieces, or kept to three decimals for loose-weight goods. `orderable` is null for what cannot be ordered (an
 * own article): no order quantity then.
 */
export function parLevelOrder(
  item: { quantity: number; parLevel: number | null; unit: Unit; piecesPerCarton: number },
  orderable: { wholeUnitsOnly: boolean } | null,
): { shortfall: number; orderQuantity: number | null; orderUnit: Unit | null } | null {
  if (item.parLevel === null || toMilli(item.quantity) >= toMilli(item.parLevel)) return null;
  const shortMilli = toMilli(item.parLevel) - toMilli(item.quantity);
  const shortPieces = toMilliPieces(shortMilli / 1000, item.unit, item.piecesPerCarton);
  const shortfall = shortMilli / 1000;
  if (!orderable) return { shortfall, orderQuantity: null, orderUnit: null };
  if (item.piecesPerCarton > 1)
    return { shortfall, orderQuantity: Math.ceil(shortPieces / (item.piecesPerCarton * 1000)), orderUnit: 'carton' };
  const orderQuantity = orderable.wholeUnitsOnly ? Math.ceil(shortPieces / 1000) : shortPieces / 1000;
  return { shortfall, orderQuantity, orderUnit: 'piece' };
}
