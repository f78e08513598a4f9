import { cart as cartSchema } from '../../../contract/cart';
import type { OfflineDb, OutboxEntry } from '../engine/database';
import { RefreshStop, type EntityKind, type RefreshContext } from '../engine/kind';
import { applyAnswer, markStale, storeCart } from './answers';
import { describeCartEntry } from './describe';
import { applyPending, emptyCart, type CartOp } from './operations';
import { cartPath } from './requests';
import { readBase, readMirror, writeMirror } from './state';
import type { CartTables } from './tables';

declare module '../engine/database' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the cart's tables into the engine's type
  interface OfflineTables extends CartTables {}
}

/**
 * Rebuilds the mirror of these companies' carts: the current user's server copy (or an empty cart not read yet), then
 * the user's waiting changes on top. Without either, the company has no mirror row (SPEC §3: status idle).
 */
async function rebase(db: OfflineDb, companyCodes: readonly string[], waiting: (id: string) => OutboxEntry[]) {
  for (const companyCode of new Set(companyCodes)) {
    const base = await readBase(db, companyCode);
    const entries = waiting(companyCode);
    const current = await readMirror(db, companyCode);
    if (!base && entries.length === 0) {
      await writeMirror(db, companyCode, current, null);
      continue;
    }
    let state = base ?? emptyCart(companyCode);
    for (const entry of entries) state = applyPending(state, entry.op as CartOp);
    await writeMirror(db, companyCode, current, state);
  }
}

/** GET the user's cart of one company into the server copy, then rebase the mirror on it. */
async function refreshCompany(context: RefreshContext, companyCode: string): Promise<void> {
  const { db, client, userId } = context;
  const result = await client.send({ method: 'GET', path: cartPath(companyCode) });
  if (result.kind !== 'answer') throw new RefreshStop(result.kind);
  const { status, body } = result.response;
  if (status === 403 || status === 404 || status === 400) return; // not this user's company (any more)
  const parsed = cartSchema.safeParse(body);
  if (status !== 200 || !parsed.success) throw new RefreshStop('unreachable');
  await context.write(async () => {
    await storeCart(db, userId, parsed.data, 'read');
    await context.rebase('cart', [companyCode]);
  });
}

/** The cart (issue #5): one aggregate per company (`entityId` = company code), per user on the server. */
export const cartKind: EntityKind = {
  entity: 'cart',
  tables: (db) => [db.carts, db.cartItems, db.serverCarts],
  applyAnswer: (db, entry, body, replayed) => applyAnswer(db, entry.userId, entry.companyCode, body, replayed),
  markStale,
  rebase,
  async knownIds(db) {
    const [mirror, lines, base] = await Promise.all([
      db.carts.toCollection().primaryKeys(),
      db.cartItems.orderBy('companyCode').uniqueKeys() as Promise<string[]>,
      db.serverCarts.orderBy('companyCode').uniqueKeys() as Promise<string[]>,
    ]);
    return [...new Set([...mirror, ...lines, ...base])];
  },
  // A line removed on another device (or merged into another by the server) is gone either way.
  goneCodes: new Set(['CartItemNotFound']),
  dependencyCode: () => 'CartItemNotAdded',
  refreshCompany,
  describe: (entry) => describeCartEntry(entry),
};
