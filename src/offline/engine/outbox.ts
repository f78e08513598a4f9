import type { OfflineDb, OutboxEntry, SessionRow } from './database';
import { isBlocked } from './session';

/** What every kind's `mutate` takes. */
export interface MutateOptions {
  /** Clock (epoch ms); tests pass their own. */
  now?: () => number;
  /** Id maker for new rows and mutation ids (uuid v7). */
  newId?: () => string;
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
