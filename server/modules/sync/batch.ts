import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NOT_TRIED,
  isApplied as applied,
  stopsTheBatch,
  type SyncChange,
  type SyncResult,
} from '../../../contract/sync';
import { inOneChange, inOneTransaction, type Db } from '../../db/client';
import { errorText } from '../../lib/i18n';
import { currentUser } from '../../plugins/authenticate';
import type { Idempotency } from '../../plugins/idempotency';
import { dispatch, type CallAnswer } from './dispatch';
import { isSyncable } from './syncable';

const refusal = (status: number, code: 'DependencyRefused' | 'NotSyncable'): CallAnswer => ({
  status,
  body: { code, message: errorText(code) },
  replayed: false,
});

/**
 * Applies a user's changes in order in ONE transaction (decision 0067): each change in a savepoint of it, so a refused
 * change rolls back only itself; a change `after` a refused one is refused with it; a change answered retryable ends
 * the batch there — what came before is committed, the rest is answered "not tried" (status 0).
 */
export async function applyBatch(
  { app, db, idempotency }: { app: FastifyInstance; db: Db; idempotency: Idempotency },
  request: FastifyRequest,
  changes: SyncChange[],
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
    return inOneChange(
      () => dispatch(app, request, change),
      (answer) => applied(answer.status),
    );
  }
}
