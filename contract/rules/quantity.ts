/**
 * Settling a requested quantity: the one rule by which the server stores a quantity the user asked for and by which
 * the phone shows it before the server has answered (decision 0053). Cart lines and purchase-list items follow the
 * same rule; they differ only in the least quantity a line may hold (`minimum`).
 */
import { roundQuantity } from './units';

/**
 * The least quantity after settling: 1 for a cart line and for an item added to a purchase list (something is
 * ordered or listed); 0 when a purchase-list item's quantity is set (0 = "none needed this time", the item stays).
 */
export type QuantityMinimum = 0 | 1;

/**
 * A requested quantity as it is stored: three decimals at most (at least 0.001 when the minimum is 1); for a product
 * sold in whole units only, rounded half up to a whole number, never below `minimum`.
 */
export function settleQuantity(wholeUnitsOnly: boolean, requested: number, minimum: QuantityMinimum = 1): number {
  if (!wholeUnitsOnly) return Math.max(minimum === 1 ? 0.001 : 0, roundQuantity(requested));
  return Math.max(minimum, Math.round(requested));
}

/**
 * The settled quantity and whether it was rounded to whole units: what the QuantityRounded notice tells the user
 * (the server answers it, the phone shows the same notice at once). Three-decimal trimming is not a notice.
 */
export function settleRequest(
  wholeUnitsOnly: boolean,
  requested: number,
  minimum: QuantityMinimum = 1,
): { quantity: number; rounded: boolean } {
  const quantity = settleQuantity(wholeUnitsOnly, requested, minimum);
  return { quantity, rounded: wholeUnitsOnly && quantity !== requested };
}
