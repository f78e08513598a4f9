import { v7 as uuidv7 } from 'uuid';
import { engineTables, transact, type OfflineDb } from '../engine/database';
import { MutationError, messageFor } from '../engine/messages';
import { enqueue, type MutateOptions } from '../engine/outbox';
import { readSession } from '../engine/session';
import { settleRequest } from '../../../contract/rules/quantity';
import { checkOp } from './check';
import { applyPending, emptyCart, type CartAddLine, type CartChange, type CartOp } from './operations';
import { dependenciesOf, requestOf } from './requests';
import { resolveChange } from './resolve';
import { readBase, readMirror, writeMirror } from './state';
import type { MirrorCart } from './tables';

export interface CartMutationResult {
  seq: number;
  mutationId: string;
  /** The id of the line an add created (or the first of several), if it created one. */
  id: string | null;
  op: CartOp;
  /** Notices to show, e.g. QuantityRounded (the same the server will answer). */
  notices: { code: string; message: string }[];
  /** The company's cart as the UI now shows it. */
  cart: MirrorCart;
}

const roundedNotice = (quantity: number) => ({
  code: 'QuantityRounded',
  message: messageFor('QuantityRounded').replace('{{quantity}}', String(quantity)),
});

function noticesOf(op: CartOp, before: MirrorCart): CartMutationResult['notices'] {
  const lines: CartAddLine[] = op.type === 'addProduct' ? [op.line] : op.type === 'addProducts' ? op.lines : [];
  // The same rule and notice as the server's answer (contract/rules/quantity.ts settleRequest).
  const notices = lines
    .map((l) => settleRequest(l.product.wholeUnitsOnly, l.quantity))
    .filter((settled) => settled.rounded)
    .map((settled) => roundedNotice(settled.quantity));
  if (op.type === 'setQuantity' && op.quantity > 0) {
    const line = before.items.find((i) => i.itemId === op.itemId);
    const settled = line ? settleRequest(line.product.wholeUnitsOnly, op.quantity) : null;
    if (settled?.rounded) notices.push(roundedNotice(settled.quantity));
  }
  return notices;
}

/** The cart's tables and the engine's: the scope of a cart change. */
export const cartTables = (db: OfflineDb) => [db.carts, db.cartItems, db.serverCarts, ...engineTables(db)];

/**
 * Makes a change to a company's cart on the device: ONE read-write transaction applies it to the mirror and appends
 * the outbox entry (both or neither); the sync controller sends it (now, or when the network is back). Throws a
 * MutationError (Swedish message) when the change is invalid or bound to be refused; nothing is written then.
 */
export async function mutateCart(
  db: OfflineDb,
  change: CartChange,
  options: MutateOptions = {},
): Promise<CartMutationResult> {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? uuidv7;
  const at = new Date(now()).toISOString();
  const op = resolveChange(change, at, newId);
  return transact(db, cartTables(db), async () => {
    const session = await readSession(db);
    if (!session) throw new MutationError('NotLoggedIn');
    const mirror = await readMirror(db, op.companyCode);
    const before = mirror ?? (await readBase(db, op.companyCode)) ?? emptyCart(op.companyCode);
    const refused = checkOp(before, op);
    if (refused) throw refused;
    const after = applyPending(before, op);
    await writeMirror(db, op.companyCode, mirror, after);

    const mutationId = newId();
    const seq = await enqueue(db, session, {
      mutationId,
      entity: 'cart',
      entityId: op.companyCode,
      companyCode: op.companyCode,
      op,
      ...requestOf(op),
      ...dependenciesOf(op),
      createdAt: at,
    });
    const first = op.type === 'addProduct' ? op.line : op.type === 'addProducts' ? op.lines[0]! : null;
    // An add of a product already in the cart in that unit goes to its line (as on the server).
    const id = first
      ? (after.items.find((i) => i.productId === first.product.id && i.unit === first.unit)?.itemId ?? first.itemId)
      : null;
    return { seq, mutationId, id, op, notices: noticesOf(op, before), cart: after };
  });
}
