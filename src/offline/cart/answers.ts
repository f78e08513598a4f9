import { cart as cartSchema, type Cart } from '../../../contract/cart';
import type { OfflineDb } from '../db';
import { serverCartKey } from './tables';

/** Replaces the server copy of a user's cart of a company with a full answer or a fresh read. */
export async function storeCart(db: OfflineDb, userId: string, cart: Cart): Promise<void> {
  await db.serverCarts.put({
    key: serverCartKey(userId, cart.companyCode),
    userId,
    companyCode: cart.companyCode,
    cart,
    stale: false,
  });
}

/** The server copies of a company's cart must be read again. */
export async function markStale(db: OfflineDb, companyCode: string): Promise<void> {
  await db.serverCarts.where('companyCode').equals(companyCode).modify({ stale: true });
}

/**
 * Every cart call answers the whole cart: it becomes the server copy. A replayed answer (Idempotency-Replayed) is the
 * cart right after the first delivery, perhaps older than what the device read since: it is stored (so the change
 * shows) and marked to be read again. An answer that is not a cart (a 404 of a line already gone) marks it too.
 */
export async function applyAnswer(
  db: OfflineDb,
  userId: string,
  companyCode: string,
  body: unknown,
  replayed: boolean,
): Promise<boolean> {
  const parsed = cartSchema.safeParse(body);
  if (!parsed.success || parsed.data.companyCode !== companyCode) {
    await markStale(db, companyCode);
    return false;
  }
  await storeCart(db, userId, parsed.data);
  if (replayed) await markStale(db, companyCode);
  return true;
}
