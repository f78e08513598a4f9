import { v7 as uuidv7 } from 'uuid';
import { transact, type OfflineDb } from '../engine/database';
import { MutationError, messageFor } from '../engine/messages';
import { enqueue, type MutateOptions } from '../engine/outbox';
import { readSession } from '../engine/session';
import {
  applyPending,
  checkOp,
  dependenciesOf,
  requestOf,
  resolveChange,
  type PurchaseListChange,
  type PurchaseListOp,
} from './operations';
import { readMirror, writeMirror } from './state';
import { purchaseListTables } from './tables';

export interface MutationResult {
  seq: number;
  mutationId: string;
  /** The id of the list or line the change created, if it created one. */
  id: string | null;
  op: PurchaseListOp;
  /** Notices to show, e.g. QuantityRounded (the same the server will answer). */
  notices: { code: string; message: string }[];
}

function noticesOf(op: PurchaseListOp, wholeUnitsOnly: boolean | undefined): MutationResult['notices'] {
  if (!wholeUnitsOnly || (op.type !== 'addItem' && op.type !== 'setItemQuantity')) return [];
  const settled = Math.max(op.type === 'addItem' ? 1 : 0, Math.round(op.quantity));
  if (settled === op.quantity) return [];
  return [{ code: 'QuantityRounded', message: messageFor('QuantityRounded').replace('{{quantity}}', String(settled)) }];
}

/**
 * Makes a change to purchase lists on the device: ONE read-write transaction applies it to the mirror and appends the
 * outbox entry (both or neither). Throws a MutationError (Swedish message) when the change is invalid or bound to be
 * refused (article already in the list, list gone, not logged in); nothing is written then.
 */
export async function mutate(
  db: OfflineDb,
  change: PurchaseListChange,
  options: MutateOptions = {},
): Promise<MutationResult> {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? uuidv7;
  const at = new Date(now()).toISOString();
  const op = resolveChange(change, at, newId);
  return transact(db, purchaseListTables(db), async () => {
    const session = await readSession(db);
    if (!session) throw new MutationError('NotLoggedIn');
    const before = await readMirror(db, op.listId);
    const refused = checkOp(before, op);
    if (refused) throw refused;
    const after = applyPending(before, op);
    const companyCode = op.type === 'createList' ? op.companyCode : before.list!.companyCode;
    await writeMirror(db, op.listId, before, after);

    const mutationId = newId();
    const seq = await enqueue(db, session, {
      mutationId,
      entity: 'purchaseList',
      entityId: op.listId,
      companyCode,
      op,
      ...requestOf(op),
      ...dependenciesOf(op),
      createdAt: at,
    });
    const item = op.type === 'setItemQuantity' ? before.items.get(op.itemId) : undefined;
    const wholeUnitsOnly = op.type === 'addItem' ? op.product.wholeUnitsOnly : item?.wholeUnitsOnly;
    const id = op.type === 'createList' ? op.listId : op.type === 'addItem' ? op.itemId : null;
    return { seq, mutationId, id, op, notices: noticesOf(op, wholeUnitsOnly) };
  });
}

/** `mutate` bound to one database: what the UI calls. */
export const createMutate =
  (db: OfflineDb, options: MutateOptions = {}) =>
  (change: PurchaseListChange) =>
    mutate(db, change, options);
