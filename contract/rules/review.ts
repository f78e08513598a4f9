/**
 * The review before closing a count (issue #15, decision 0062): what to check on each item before the list is closed.
 * The phone computes it offline from its mirror and the server could from its rows, so it lives here, once.
 *
 * - `uncounted`: nobody counted the item.
 * - `zeroed`: counted 0 where the previous count had stock.
 * - `low`: less than half the previous count (and not 0: that is `zeroed`).
 * - `high`: more than twice the previous count.
 * - `conflict`: two people's differing counts (the item's `conflict`, see contract/rules/count.ts).
 * Without a previous count, or with a previous count of 0, there is nothing to compare a ratio with: no low/high.
 * An item the review accepted at or after its latest count (for an uncounted item: accepted at all) has no flags; a
 * count after the acceptance brings them back. Quantities are compared in thousandths of a piece, like the count rules.
 */
import type { InventoryListItem } from '../inventory-items';
import { toMilliPieces } from './count';

export const REVIEW_FLAGS = ['conflict', 'zeroed', 'low', 'high', 'uncounted'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

export type ReviewableItem = Pick<
  InventoryListItem,
  'quantity' | 'previousQuantity' | 'unit' | 'piecesPerCarton' | 'counted' | 'conflict' | 'acceptedAt' | 'lastCountedAt'
>;

/** Whether the review accepted the item as it stands now. */
export function isAccepted(item: Pick<ReviewableItem, 'acceptedAt' | 'lastCountedAt'>): boolean {
  // `== null`: items stored on a phone before issue #15 have no acceptedAt (never accepted).
  if (item.acceptedAt == null) return false;
  if (item.lastCountedAt === null) return true;
  return new Date(item.acceptedAt).getTime() >= new Date(item.lastCountedAt).getTime();
}

/** The flags to check on one item before closing, in REVIEW_FLAGS order; empty when nothing needs a look. */
export function reviewFlags(item: ReviewableItem): ReviewFlag[] {
  if (isAccepted(item)) return [];
  if (!item.counted) return ['uncounted'];
  const flags: ReviewFlag[] = [];
  if (item.conflict) flags.push('conflict');
  if (item.previousQuantity !== null) {
    const now = toMilliPieces(item.quantity, item.unit, item.piecesPerCarton);
    const before = toMilliPieces(item.previousQuantity, item.unit, item.piecesPerCarton);
    if (before > 0) {
      if (now === 0) flags.push('zeroed');
      else if (now * 2 < before) flags.push('low');
      else if (now > before * 2) flags.push('high');
    }
  }
  return flags;
}

/** The items to check, per flag (an item with two flags is under both), in REVIEW_FLAGS order; empty flags left out. */
export function reviewGroups<T extends ReviewableItem>(items: readonly T[]): { flag: ReviewFlag; items: T[] }[] {
  const byFlag = new Map<ReviewFlag, T[]>(REVIEW_FLAGS.map((f) => [f, []]));
  for (const item of items) for (const flag of reviewFlags(item)) byFlag.get(flag)!.push(item);
  return REVIEW_FLAGS.flatMap((flag) => (byFlag.get(flag)!.length > 0 ? [{ flag, items: byFlag.get(flag)! }] : []));
}

/** How many items still have a flag (what "Stäng inventeringen" says is left). */
export const flaggedCount = (items: readonly ReviewableItem[]) => items.filter((i) => reviewFlags(i).length > 0).length;
