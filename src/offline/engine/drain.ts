import { apiError } from '../../../contract/common';
import { BACKOFF_CAP_MS, backoffDelay, retryAfterMs } from './backoff';
import { transact, type OfflineDb, type OutboxEntity, type OutboxEntry, type OutboxError } from './database';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { messageFor } from './messages';
import { rebaseTouched } from './rebase';
import { kindOf, syncTables } from './registry';
import { blockUser, isBlocked, readSession, type EngineSession } from './session';
import { createSessionClient, type NotReady, type SessionClient } from './session-client';
import type { Transport, TransportResponse } from './transport';

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

const LOCAL_REJECTION = 0;

/** HTTP answers after which an entry is kept and tried again later (DESIGN.md: network error, 5xx, 429). */
export const isRetryable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

function errorOf(response: TransportResponse): OutboxError {
  const body = apiError.safeParse(response.body);
  const fallback =
    response.status === 429 ? 'RateLimited' : response.status >= 500 ? 'InternalError' : `Http${response.status}`;
  const code = body.success ? body.data.code : fallback;
  return { status: response.status, code, message: body.success ? body.data.message : messageFor(code) };
}

/** The current user's entries still waiting (pending, or blocked until the next login). */
export function waitingCount(db: OfflineDb, userId: string): Promise<number> {
  return db.outbox
    .where('[userId+status]')
    .anyOf([
      [userId, 'pending'],
      [userId, 'blocked'],
    ])
    .count();
}

/**
 * A deletion answered 404 reached its goal: the row is gone (deleted on another device, or with its list). It is done,
 * not refused: the user is not asked about a line that is gone either way.
 */
function alreadyGone(entry: OutboxEntry, response: TransportResponse): boolean {
  if (entry.method !== 'DELETE' || response.status !== 404) return false;
  const code = apiError.safeParse(response.body);
  return code.success && kindOf(entry.entity).goneCodes.has(code.data.code);
}

/**
 * Sends the current user's waiting changes to the server, strictly in seq order, each with its Idempotency-Key.
 * Entries of other users are never sent with this token: they wait until their user logs in. Holds the drain lock.
 */
export function drain(options: DrainOptions): Promise<DrainSummary> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, () => drainUnlocked(options));
}

/** The drain itself; the caller holds the drain lock (see `drain`, and `sync` in sync.ts). */
export async function drainUnlocked(options: DrainOptions): Promise<DrainSummary> {
  const { db, transport } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
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
    { db, transport, ...(options.onSessionRenewed ? { onSessionRenewed: options.onSessionRenewed } : {}) },
    start,
  );

  const rejectedCreates = new Set(
    (await db.outbox.where('[userId+status]').equals([userId, 'rejected']).toArray()).flatMap((e) =>
      e.creates ? [e.creates] : [],
    ),
  );

  async function backOff(entry: OutboxEntry, error: OutboxError, minimumMs = 0): Promise<void> {
    const attempts = entry.attempts + 1;
    const wait = Math.max(backoffDelay(attempts, random), Math.min(minimumMs, BACKOFF_CAP_MS * 2));
    retryAt = now() + wait;
    await db.outbox.update(entry.seq, { attempts, nextAttemptAt: retryAt, lastError: error });
  }

  async function reject(entry: OutboxEntry, error: OutboxError): Promise<void> {
    await transact(db, syncTables(db), async () => {
      await db.outbox.update(entry.seq, {
        status: 'rejected',
        attempts: entry.attempts + (error.status === LOCAL_REJECTION ? 0 : 1),
        nextAttemptAt: null,
        lastError: error,
      });
      // The refresh reads the aggregate again, the rebase drops the refused change.
      await kindOf(entry.entity).markStale(db, entry.entityId);
    });
    if (entry.creates) rejectedCreates.add(entry.creates);
    rejected++;
  }

  const stopFor: Record<NotReady, DrainStop> = {
    unreachable: 'network',
    refused: 'blocked',
    changed: 'sessionChanged',
    mismatch: 'sessionMismatch',
  };

  async function notReady(reason: NotReady, entry: OutboxEntry): Promise<void> {
    stopped = stopFor[reason];
    if (reason === 'unreachable') {
      await backOff(entry, { status: 0, code: 'NetworkError', message: messageFor('NetworkError') });
    } else if (reason === 'refused') {
      await blockUser(db, userId, client.session.token, messageFor('Unauthorized'));
    } else if (reason === 'mismatch') {
      await db.outbox.update(entry.seq, {
        lastError: { status: 0, code: 'SessionMismatch', message: messageFor('SessionMismatch') },
      });
    }
  }

  for (;;) {
    const head = await db.outbox.where('[userId+status]').equals([userId, 'pending']).first();
    if (!head) break;
    if (!options.force && head.nextAttemptAt !== null && head.nextAttemptAt > now()) {
      stopped = 'backoff';
      retryAt = head.nextAttemptAt;
      break;
    }
    companies.add(head.companyCode);
    touched.set(`${head.entity}|${head.entityId}`, { entity: head.entity, entityId: head.entityId });

    // A change to a row whose creation was refused is refused too, without asking the server.
    const missing = head.dependsOn.find((id) => rejectedCreates.has(id));
    if (missing !== undefined) {
      const code = kindOf(head.entity).dependencyCode(head, missing);
      await reject(head, { status: LOCAL_REJECTION, code, message: messageFor(code) });
      continue;
    }

    const ready = await client.prepare(now());
    if (ready !== 'ok') {
      await notReady(ready, head);
      break;
    }
    const result = await client.send(
      { method: head.method, path: head.path, ...(head.body === null ? {} : { body: head.body }) },
      { 'Idempotency-Key': head.mutationId },
    );
    if (result.kind !== 'answer') {
      await notReady(result.kind, head);
      break;
    }
    const { response } = result;
    if ((response.status >= 200 && response.status < 300) || alreadyGone(head, response)) {
      const replayed = response.headers.get('Idempotency-Replayed') === 'true';
      await transact(db, syncTables(db), async () => {
        await db.outbox.delete(head.seq);
        await kindOf(head.entity).applyAnswer(db, head, response.body, replayed);
      });
      sent++;
    } else if (isRetryable(response.status)) {
      stopped = 'network';
      await backOff(head, errorOf(response), retryAfterMs(response.headers.get('Retry-After'), now()));
      break;
    } else {
      await reject(head, errorOf(response));
    }
  }

  // The mirror of everything the drain touched: the server's answers, then what still waits on top.
  if (touched.size > 0) {
    await transact(db, syncTables(db), () => rebaseTouched(db, touched.values()));
  }
  return summary(stopped);

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
