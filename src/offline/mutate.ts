import { v7 as uuidv7 } from 'uuid';
import { purchaseListTables, transact, type OfflineDb, type OutboxEntry, type SessionRow } from './db';
import { MutationError, messageFor } from './messages';
import {
  applyPending,
  checkOp,
  dependenciesOf,
  requestOf,
  resolveChange,
  type PurchaseListChange,
  type PurchaseListOp,
} from './purchase-lists/operations';
import { readMirror, writeMirror } from './purchase-lists/state';
import { isBlocked, readSession } from './session';

export interface MutateOptions {
  /** Clock (epoch ms); tests pass their own. */
  now?: () => number;
  /** Id maker for new rows and mutation ids (uuid v7). */
  newId?: () => string;
}

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

/** What a kind gives `enqueue`: the change, its request, and what it creates and needs. */
export type EnqueueInput = Pick<
  OutboxEntry,
  | 'mutationId'
  | 'entity'
  | 'entityId'
  | 'companyCode'
  | 'op'
  | 'method'
  | 'path'
  | 'body'
  | 'creates'
  | 'dependsOn'
  | 'createdAt'
>;

/**
 * Appends an outbox entry for the session's user. Call inside the kind's read-write transaction that applies the
 * change to the mirror (over the kind's tables and `engineTables(db)`), so that both happen or neither.
 */
export async function enqueue(db: OfflineDb, session: SessionRow, input: EnqueueInput): Promise<number> {
  return db.outbox.add({
    ...input,
    userId: session.userId,
    attempts: 0,
    // A user whose queue waits for a new login keeps their order: new changes wait behind the blocked ones.
    status: (await isBlocked(db, session.userId)) ? 'blocked' : 'pending',
    lastError: null,
    nextAttemptAt: null,
  });
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
