import { NOT_TRIED, isApplied, stopsTheBatch } from '../../../contract/sync';
import { retryAfterMs } from './backoff';
import { transact, type OfflineDb, type OutboxEntity, type OutboxEntry, type OutboxError } from './database';
import { LOCAL_REJECTION, batchRecord, type BatchRecord } from './drain-record';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { messageFor } from './messages';
import { rebaseTouched } from './rebase';
import { kindOf, syncTables } from './registry';
import { blockUser, isBlocked, readSession, type EngineSession } from './session';
import { waitingCount } from './status-read';
import { createSessionClient, type NotReady, type SessionClient } from './session-client';
import { SYNC_BATCH_SIZE, alreadyGone, errorOf, push, nextBatch, refusedWithDependency } from './push';
import type { Transport } from './transport';

export interface DrainOptions {
  db: OfflineDb;
  transport: Transport;
  /** Clock (epoch ms). */
  now?: () => number;
  /** Jitter source for the backoff. */
  random?: () => number;
  /** Send even if the first entry's backoff has not run out ("Synka nu", back online). */
  force?: boolean;
  /** One drain at a time (default: navigator.locks, else an in-process mutex). */
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
  /** Changes per request to POST /v1/sync (default and most: SYNC_BATCH_MAX, contract/sync.ts). */
  batchSize?: number;
  /** One call per change, as before batching (benchmarks compare the two; a server without /v1/sync gets this). */
  perCall?: boolean;
}

/** Why a drain stopped before the queue was empty. */
export type DrainStop = 'noSession' | 'network' | 'backoff' | 'blocked' | 'sessionChanged' | 'sessionMismatch';

export interface DrainSummary {
  sent: number;
  rejected: number;
  /** The current user's entries still waiting (pending or blocked). */
  remaining: number;
  /** The current user's queue waits until they log in again. */
  blocked: boolean;
  stopped: DrainStop | null;
  /** When the first waiting entry may be tried again (backoff), epoch ms. */
  retryAt: number | null;
  /** The user whose entries were sent (null: nobody logged in). */
  userId: string | null;
  /** Companies the sent or rejected entries touched: what the refresh after the drain reads again. */
  companies: string[];
  /** Ids of the aggregates (lists, carts …) the sent or rejected entries touched. */
  lists: string[];
}

const networkError = (): OutboxError => ({ status: 0, code: 'NetworkError', message: messageFor('NetworkError') });
const sessionMismatch = (): OutboxError => ({
  status: 0,
  code: 'SessionMismatch',
  message: messageFor('SessionMismatch'),
});

/**
 * Sends the current user's waiting changes to the server in batches (POST /v1/sync), strictly in seq order, each
 * with its Idempotency-Key.
 * Entries of other users are never sent with this token: they wait until their user logs in. Holds the drain lock.
 */
export function drain(options: DrainOptions): Promise<DrainSummary> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, () => drainUnlocked(options));
}

/** The drain itself; the caller holds the drain lock (see `drain`, and `sync` in sync.ts). */
export async function drainUnlocked(options: DrainOptions): Promise<DrainSummary> {
  const { db } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? SYNC_BATCH_SIZE, SYNC_BATCH_SIZE));
  const companies = new Set<string>();
  const touched = new Map<string, { entity: OutboxEntity; entityId: string }>();
  let sent = 0;
  let rejected = 0;
  let stopped: DrainStop | null = null;
  let retryAt: number | null = null;

  const start = await readSession(db);
  if (!start) return summary(null);
  const userId = start.userId;
  if (await isBlocked(db, userId)) return summary('blocked');
  const client: SessionClient = createSessionClient(
    {
      db,
      transport: options.transport,
      ...(options.onSessionRenewed ? { onSessionRenewed: options.onSessionRenewed } : {}),
    },
    start,
  );

  const refusedCreates = new Set(
    (await db.outbox.where('[userId+status]').equals([userId, 'rejected']).toArray()).flatMap((e) =>
      e.creates ? [e.creates] : [],
    ),
  );

  const stopFor: Record<NotReady, DrainStop> = {
    unreachable: 'network',
    refused: 'blocked',
    changed: 'sessionChanged',
    mismatch: 'sessionMismatch',
  };

  /** The session is not ready or the batch got no answer: the first entry of the batch says why. */
  async function notReady(reason: NotReady, entry: OutboxEntry, record: BatchRecord): Promise<void> {
    stopped = stopFor[reason];
    if (reason === 'unreachable') record.backOff(entry, networkError(), now());
    else if (reason === 'mismatch') record.note(entry, sessionMismatch());
    await commit(record);
    if (reason === 'refused') await blockUser(db, userId, client.session.token, messageFor('Unauthorized'));
  }

  const touch = (entry: OutboxEntry) => {
    companies.add(entry.companyCode);
    touched.set(`${entry.entity}|${entry.entityId}`, { entity: entry.entity, entityId: entry.entityId });
  };

  /** A change to a row whose creation was refused is refused too, on the device, with its kind's code. */
  const dependencyRefusal = (entry: OutboxEntry, missing: string | undefined): OutboxError => {
    const code = kindOf(entry.entity).dependencyCode(entry, missing ?? entry.dependsOn[0] ?? '');
    return { status: LOCAL_REJECTION, code, message: messageFor(code) };
  };

  /**
   * The batches' writes, in their order: a batch's answers are written while the next batch is with the server
   * (decision 0071, fourth round), so `commit` only queues them; awaiting it waits for every batch's writes so far.
   * Until its writes are done, a batch's entries are still pending: `unwritten` keeps them out of the next read.
   */
  let written: Promise<void> = Promise.resolve();
  const unwritten = new Set<number>();
  function commit(record: BatchRecord, seqs: readonly number[] = []): Promise<void> {
    for (const seq of seqs) unwritten.add(seq);
    written = written.then(async () => {
      await record.commit();
      for (const seq of seqs) unwritten.delete(seq);
      sent += record.sent;
      rejected += record.rejected;
      retryAt = record.retryAt ?? retryAt;
    });
    return written;
  }

  /**
   * The user's next waiting entries in seq order, without those of batches whose answers are not written yet and
   * those of `sending` (read while that batch is with the server: its entries leave the pending ones once its answers
   * are written, unless the drain stops there — and then what was read is not used).
   */
  const readWaiting = (sending: ReadonlySet<number> = new Set()) =>
    db.outbox
      .where('[userId+status]')
      .equals([userId, 'pending'])
      .filter((entry) => !unwritten.has(entry.seq) && !sending.has(entry.seq))
      .limit(batchSize)
      .toArray();

  let ahead: Promise<OutboxEntry[]> | undefined;
  try {
    await drainBatches();
  } finally {
    await written;
  }

  // The mirror of everything the drain touched: the server's answers, then what still waits on top.
  if (touched.size > 0) {
    await transact(db, syncTables(db), () => rebaseTouched(db, touched.values()));
  }
  return summary(stopped);

  async function drainBatches(): Promise<void> {
    for (;;) {
      const read = ahead;
      ahead = undefined;
      let waiting = await (read ?? readWaiting());
      // The read made while the last batch was with the server misses what the user changed meanwhile: before the
      // drain ends on it, the outbox is read once more (a rename typed while its predecessor was sent goes now).
      if (read && waiting.length === 0) waiting = await readWaiting();
      const head = waiting[0];
      if (!head) break;
      if (!options.force && head.nextAttemptAt !== null && head.nextAttemptAt > now()) {
        stopped = 'backoff';
        retryAt = head.nextAttemptAt;
        break;
      }
      const record = batchRecord(db, random);
      const { sending, local } = nextBatch(waiting, refusedCreates, batchSize);
      for (const { entry, missing } of local) {
        touch(entry);
        record.reject(entry, dependencyRefusal(entry, missing));
      }
      const first = sending[0]?.entry;
      if (!first) {
        await commit(record);
        continue;
      }

      const ready = await client.prepare(now());
      if (ready !== 'ok') {
        await notReady(ready, first, record);
        break;
      }
      const pushing = push(client, sending, options.perCall);
      const current = [...sending, ...local].map(({ entry }) => entry.seq);
      ahead = readWaiting(new Set(current));
      // Read or not, it must not end the drain unawaited; a failed read is read again at the next batch.
      ahead.catch(() => undefined);
      const result = await pushing;
      if (result.kind === 'refusedBatch') {
        // The batch as a whole was not taken (503 from a proxy, 429 …): every change waits, the first backs off.
        stopped = 'network';
        record.backOff(first, errorOf(result.answer), now(), retryAfterMs(result.answer.retryAfter, now()));
        await commit(record);
        break;
      }
      if (result.kind !== 'answers') {
        await notReady(result.kind, first, record); // no answer: the same batch goes again, under the same keys
        break;
      }
      for (const [i, { entry }] of sending.entries()) {
        const answer = result.answers[i];
        touch(entry);
        if (!answer || answer.status === NOT_TRIED) {
          // Not answered: as if its own answer had been lost; it and the rest go again later.
          stopped = 'network';
          record.backOff(entry, networkError(), now());
          break;
        }
        if (isApplied(answer.status) || alreadyGone(entry, answer)) {
          record.done(entry, answer.body, answer.replayed);
        } else if (refusedWithDependency(answer)) {
          record.reject(
            entry,
            dependencyRefusal(
              entry,
              entry.dependsOn.find((id) => refusedCreates.has(id)),
            ),
          );
          if (entry.creates) refusedCreates.add(entry.creates);
        } else if (stopsTheBatch(answer.status)) {
          stopped = 'network';
          record.backOff(entry, errorOf(answer), now(), retryAfterMs(answer.retryAfter, now()));
          break;
        } else {
          record.reject(entry, errorOf(answer));
          if (entry.creates) refusedCreates.add(entry.creates);
        }
      }
      if (stopped) {
        await commit(record);
        break;
      }
      // Written while the next batch is with the server; the next read leaves these entries out meanwhile.
      void commit(record, current).catch(() => undefined);
    }
  }

  async function summary(stop: DrainStop | null): Promise<DrainSummary> {
    const user = (await readSession(db))?.userId ?? null;
    const who = user ?? start?.userId ?? null;
    const remaining = who ? await waitingCount(db, who) : 0;
    const blocked = who ? await isBlocked(db, who) : false;
    return {
      sent,
      rejected,
      remaining,
      blocked,
      stopped: stop ?? (start ? null : 'noSession'),
      retryAt,
      userId: who,
      companies: [...companies],
      lists: [...touched.values()].map((t) => t.entityId),
    };
  }
}
