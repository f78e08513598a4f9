import { cart as cartSchema, type Cart } from '../../../contract/cart';
import type { OfflineDb } from '../engine/database';
import { serverCartKey } from './tables';

/** Notices the server gives once, in the answer that did it, but the user must still be told after later reads. */
const LASTING_NOTICES = new Set(['DeliveryDateMoved']);

/**
 * Replaces the server copy of a user's cart of a company with a full answer or a fresh read. A `read` keeps the
 * previous copy's lasting notices (a date moved past its deadline) while the date is the same: the server tells it
 * once, and a background read a moment later must not take it away before the user has seen it. The next answer of
 * a change replaces them.
 */
export async function storeCart(db: OfflineDb, userId: string, cart: Cart, origin: 'read' | 'change'): Promise<void> {
  const key = serverCartKey(userId, cart.companyCode);
  let stored = cart;
  if (origin === 'read') {
    const before = (await db.serverCarts.get(key))?.cart;
    const kept =
      before && before.deliveryDate === cart.deliveryDate
        ? before.messages.filter((m) => LASTING_NOTICES.has(m.code) && !cart.messages.some((n) => n.code === m.code))
        : [];
    if (kept.length > 0) stored = { ...cart, messages: [...kept, ...cart.messages] };
  }
  await db.serverCarts.put({ key, userId, companyCode: cart.companyCode, cart: stored, stale: false });
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
  await storeCart(db, userId, parsed.data, 'change');
  if (replayed) await markStale(db, companyCode);
  return true;
}
