import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NOT_TRIED,
  isApplied as applied,
  stopsTheBatch,
  type SyncChange,
  type SyncResult,
} from '../../../contract/sync';
import { type Db } from '../../db/client';
import { inOneChange, inOneTransaction } from '../../db/ambient';
import { CONFLICT_TRIES, isTransientConflict, isUniqueViolation, pauseAfterConflict } from '../../db/conflicts';
import { errorText } from '../../lib/i18n';
import { currentUser } from '../../plugins/authenticate';
import { isBusyAnswer } from '../../plugins/errors';
import type { Idempotency } from '../../plugins/idempotency';
import { dispatch, type CallAnswer } from './dispatch';
import type { RouteTable } from './route-table';
import { isSyncable } from './syncable';

const refusal = (status: number, code: 'DependencyRefused' | 'NotSyncable'): CallAnswer => ({
  status,
  body: { code, message: errorText(code) },
  replayed: false,
});

type Deps = { app: FastifyInstance; db: Db; idempotency: Idempotency; table: RouteTable };

/** A change of a first try was not applied: nothing to roll it back to, so the batch is tried again with savepoints. */
class TryWithSavepoints extends Error {}

/** A change the database ended in a conflict with another transaction: the whole batch is rolled back and run again. */
class Conflicted extends Error {}

/**
 * Applies a user's changes in order in ONE transaction (decision 0067): a refused change rolls back only itself; a
 * change `after` a refused one is refused with it; a change answered retryable ends the batch there — what came before
 * is committed, the rest is answered "not tried" (status 0).
 *
 * First without a savepoint per change (decision 0071): most batches are applied whole, and two statements per change
 * were a third of its cost. Once a change it ran is not applied, that try is rolled back whole (nothing of it was
 * committed, its live events are dropped with it) and the batch is run again with a savepoint per change.
 */
export async function applyBatch(deps: Deps, request: FastifyRequest, changes: SyncChange[]): Promise<SyncResult[]> {
  for (let tried = 1; ; tried++) {
    const last = tried >= CONFLICT_TRIES;
    try {
      return await withSavepointsWhenNeeded(deps, request, changes, last);
    } catch (error) {
      const again = error instanceof Conflicted || isTransientConflict(error) || isUniqueViolation(error);
      if (last || !again) throw error;
      await pauseAfterConflict(tried);
    }
  }
}

/**
 * A change's locks in one batch and another's can cross (a phone counts on list A, then B; another on B, then A), and
 * PostgreSQL ends one of the two (decision 0092). The batch it ended is rolled back whole, which lets the other go on,
 * and is run again, up to `CONFLICT_TRIES` times. So is a batch whose closing write of its keys met a key that the same
 * batch, sent at once to another instance, stored first: the new try answers it from the stored keys. On the `last` try
 * the change a conflict ends is answered 503, as its own call would be, and ends the batch there (what came before is
 * kept, the rest is sent again later).
 */
async function withSavepointsWhenNeeded(deps: Deps, request: FastifyRequest, changes: SyncChange[], last: boolean) {
  try {
    return await tryBatch(deps, request, changes, false, last);
  } catch (error) {
    if (!(error instanceof TryWithSavepoints)) throw error;
    return tryBatch(deps, request, changes, true, last);
  }
}

async function tryBatch(
  { app, db, idempotency, table }: Deps,
  request: FastifyRequest,
  changes: SyncChange[],
  savepoints: boolean,
  last: boolean,
): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  const refused = new Set<string>();
  const keys = changes.map((change) => change.key);
  await inOneTransaction(db, () =>
    idempotency.inBatch(currentUser(request).id, keys, async (settle) => {
      let stopped = false;
      for (const change of changes) {
        const answer = stopped ? null : await one(change);
        if (!answer) {
          results.push({ key: change.key, status: NOT_TRIED, body: null, replayed: false });
          continue;
        }
        settle(change.key, applied(answer.status));
        if (!applied(answer.status)) refused.add(change.key);
        if (stopsTheBatch(answer.status)) stopped = true;
        results.push({ key: change.key, ...answer });
      }
    }),
  );
  return results;

  async function one(change: SyncChange): Promise<CallAnswer> {
    if (!isSyncable(change.method, change.path)) return refusal(400, 'NotSyncable');
    if (change.after?.some((key) => refused.has(key))) return refusal(424, 'DependencyRefused');
    const answer = await inOneChange(
      () => dispatch(app, table, request, change),
      (answer) => applied(answer.status),
      savepoints,
    );
    if (!last && isBusyAnswer(answer.status, answer.body)) throw new Conflicted();
    if (!savepoints && !applied(answer.status)) throw new TryWithSavepoints();
    return answer;
  }
}
