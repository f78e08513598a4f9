/**
 * Closing a list after review against a reopening (decision 0062). A phone closes the list as it knew it: it sends the
 * list's `reopenedAt` it had seen. When an administrator reopened the list after that (it was closed by someone else
 * and opened again for more counts), the close was made on a review that the reopening set aside: the server refuses
 * it (409 InventoryListReopened) and the phone, once it has seen the reopening, no longer shows the list closed.
 * Both apply this one rule.
 */

/** True when the list was reopened after the reopening the closing phone knew of (`known` null: it knew of none). */
export function reopenedSince(reopenedAt: string | null | undefined, known: string | null): boolean {
  if (reopenedAt == null) return false;
  return known === null || Date.parse(reopenedAt) > Date.parse(known);
}
