import type { Cart } from '../../../contract/cart';
import type { OfflineDb } from '../engine/database';
import { readSession } from '../engine/session';
import { serverCartKey, type MirrorCart, type MirrorCartItem, type MirrorCartRow } from './tables';

/** The server's cart as a mirror row with nothing pending. */
export function toMirror(cart: Cart): MirrorCart {
  return {
    ...cart,
    items: cart.items.map((i): MirrorCartItem => ({ ...i, pending: false })),
    pending: false,
    loaded: true,
  };
}

const byLine = (a: MirrorCartItem, b: MirrorCartItem) => a.lineNumber - b.lineNumber;

/** The mirror's cart of a company (inside a transaction over the cart tables); null when there is none. */
export async function readMirror(db: OfflineDb, companyCode: string): Promise<MirrorCart | null> {
  const [row, items] = await Promise.all([
    db.carts.get(companyCode),
    db.cartItems.where('companyCode').equals(companyCode).toArray(),
  ]);
  return row ? { ...row, items: items.sort(byLine) } : null;
}

/**
 * The current user's server copy of a company's cart as a mirror row, or null when it has not been read. Ends with a
 * Dexie operation (see `transact`).
 */
export async function readBase(db: OfflineDb, companyCode: string): Promise<MirrorCart | null> {
  const session = await readSession(db);
  if (!session) return null;
  const row = await db.serverCarts.get(serverCartKey(session.userId, companyCode));
  return row ? toMirror(row.cart) : null;
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function rowOf({ items: _, ...row }: MirrorCart): MirrorCartRow {
  return row;
}

/**
 * Writes what changed between `current` (what the mirror holds, or null) and `next`; null deletes the cart. Only the
 * lines that changed are written, so live queries wake only for real changes and a change costs one line. Always ends
 * with a Dexie operation, so that awaiting it keeps the caller's transaction.
 */
export async function writeMirror(
  db: OfflineDb,
  companyCode: string,
  current: MirrorCart | null,
  next: MirrorCart | null,
): Promise<void> {
  if (next === null) {
    await db.carts.delete(companyCode);
    await db.cartItems.where('companyCode').equals(companyCode).delete();
    return;
  }
  const before = new Map((current?.items ?? []).map((i) => [i.itemId, i]));
  const keep = new Set(next.items.map((i) => i.itemId));
  const removed = [...before.keys()].filter((id) => !keep.has(id));
  if (current === null) {
    // What the table holds is unknown (a cart read from the server copy): replace every line of the company.
    const stale = await db.cartItems.where('companyCode').equals(companyCode).primaryKeys();
    removed.push(...stale.filter((id) => !keep.has(id)));
  }
  if (removed.length > 0) await db.cartItems.bulkDelete(removed);
  const changed = next.items.filter((item) => {
    const old = before.get(item.itemId);
    return current === null || old === undefined || !sameJson({ ...old, companyCode }, { ...item, companyCode });
  });
  if (changed.length > 0) await db.cartItems.bulkPut(changed.map((item) => ({ ...item, companyCode })));
  const row = rowOf(next);
  if (current !== null && sameJson(rowOf(current), row)) {
    await db.carts.get(companyCode);
    return;
  }
  await db.carts.put(row);
}
