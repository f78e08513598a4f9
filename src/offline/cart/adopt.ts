import type { Cart } from '../../../contract/cart';
import { transact, type OfflineDb } from '../engine/database';
import { rebaseEntities } from '../engine/rebase';
import { syncTables } from '../engine/registry';
import { readSession } from '../engine/session';
import { storeCart } from './answers';

/**
 * A cart the page got from a call outside the outbox (checkout empties the cart, re-order fills it): it becomes the
 * current user's server copy and the mirror is rebuilt on it (waiting changes stay on top).
 */
export async function adoptServerCart(db: OfflineDb, cart: Cart): Promise<void> {
  await transact(db, syncTables(db), async () => {
    const session = await readSession(db);
    if (!session) return;
    await storeCart(db, session.userId, cart, 'change');
    await rebaseEntities(db, 'cart', [cart.companyCode]);
  });
}

/** The current user's cart changes still waiting for a company (pending or blocked). */
export async function waitingCartChanges(db: OfflineDb, companyCode: string): Promise<number> {
  const session = await readSession(db);
  if (!session) return 0;
  const entries = await db.outbox.where('entityId').equals(companyCode).toArray();
  return entries.filter(
    (e) => e.entity === 'cart' && e.userId === session.userId && (e.status === 'pending' || e.status === 'blocked'),
  ).length;
}
