import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, lt, sql, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { inBatch } from '../db/ambient';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation, retryingConflicts } from '../db/conflicts';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';
import { validationText } from '../lib/i18n';

/** Stored answers are kept at least this long (DESIGN.md: 30 days). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

export type Outcome<T> = { status: number; body: T };

const KEY_PATTERN = /^[\w.:-]{8,200}$/;

/** Canonical JSON: object keys sorted, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(request.body ?? null)}`)
    .digest('hex');
}

/** What a replay needs of a stored answer. */
type Stored = Pick<typeof idempotencyKeys.$inferSelect, 'fingerprint' | 'statusCode' | 'response'>;
type Fresh = typeof idempotencyKeys.$inferInsert;

/**
 * The two statements every call with a key sends, their text built once for the process and run as named prepared
 * statements (decision 0082): on PostgreSQL parsed and planned once per connection instead of per call. Drizzle's
 * `.prepare(name)` would build the text again on every transaction; its session's `prepareQuery` takes it built.
 */
const value = sql.placeholder;
const dialect = new PgDialect();
const storedQuery = dialect.sqlToQuery(sql`
  select fingerprint, status_code as "statusCode", response from idempotency_keys
  where user_id = ${value('userId')}::uuid and key = ${value('key')} limit 1`);
const storeQuery = dialect.sqlToQuery(sql`
  insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
  values (${value('userId')}::uuid, ${value('key')}, ${value('fingerprint')}, ${value('statusCode')}, ${value('response')})`);

/** `query` on `on` (the database or a transaction) as the named statement `name`. */
const named = <T>(on: Db | Tx, query: Query, name: string) =>
  on._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(query, undefined, name, false);

/**
 * The keys of the sync batch being applied (decision 0067): the answers stored for them before it, read in one query,
 * and the new ones, written in one insert before the batch commits (inside its transaction, so a change and its key are
 * still stored together or not at all). One batch per request: its own async context.
 */
type BatchKeys = { userId: string; keys: Set<string>; stored: Map<string, Stored>; fresh: Map<string, Fresh> };
const openBatch = new AsyncLocalStorage<BatchKeys>();

/** The open batch when it carries this user's key. */
function batchOf(userId: string, key: string): BatchKeys | undefined {
  const batch = openBatch.getStore();
  return batch && batch.userId === userId && batch.keys.has(key) ? batch : undefined;
}

/**
 * Runs a change in one transaction and, when the request carries an `Idempotency-Key`, stores the answer with it in
 * that same transaction. A replay of the key (same user, same request) gets the stored answer without running the
 * change again; the same key with another request is refused with 422. A failed change stores nothing, since it
 * changed nothing. See docs/decisions/0006-idempotency.md.
 */
export function createIdempotency(db: Db) {
  /**
   * The change's own transaction, run again when the database ended it in a conflict with another one (decision 0092).
   * Inside a sync batch it is a savepoint of the batch's transaction, and the batch is what runs again.
   */
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    inBatch() ? db.transaction(work) : retryingConflicts(() => db.transaction(work));

  /** The stored answer of the key; a batch's keys were read before it began (`inBatch`), unless `fresh` asks again. */
  async function storedOf(userId: string, key: string, from: Db | Tx, fresh = false): Promise<Stored | undefined> {
    const batch = fresh ? undefined : batchOf(userId, key);
    if (batch) return batch.stored.get(key);
    const { rows } = await named<Stored>(from, storedQuery, 'idempotency_stored').execute({ userId, key });
    return rows[0];
  }

  async function replay(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    key: string,
    from: Db | Tx,
    fresh = false,
  ) {
    const stored = await storedOf(userId, key, from, fresh);
    if (!stored) return undefined;
    if (stored.fingerprint !== fingerprint(request)) throw new AppError(422, 'IdempotencyKeyReused');
    reply.header('Idempotency-Replayed', 'true').status(stored.statusCode);
    return JSON.parse(stored.response) as unknown;
  }

  return {
    async run<T>(request: FastifyRequest, reply: FastifyReply, change: (tx: Tx) => Promise<Outcome<T>>): Promise<T> {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      const userId = request.user?.id;
      if (key === undefined || !userId) {
        const outcome = await transaction(change);
        reply.status(outcome.status);
        return outcome.body;
      }
      if (!KEY_PATTERN.test(key)) {
        throw badRequest('ValidationError', [
          { path: 'Idempotency-Key', message: validationText('validation.invalid')! },
        ]);
      }
      try {
        return await transaction(async (tx) => {
          const previous = await replay(request, reply, userId, key, tx);
          if (previous !== undefined) return previous as T;
          const outcome = await change(tx);
          const record = {
            userId,
            key,
            fingerprint: fingerprint(request),
            statusCode: outcome.status,
            response: JSON.stringify(outcome.body ?? null),
          };
          const batch = batchOf(userId, key);
          if (batch) batch.fresh.set(key, record);
          else await named(tx, storeQuery, 'idempotency_store').execute(record);
          reply.status(outcome.status);
          return outcome.body;
        });
      } catch (error) {
        // The same key raced in twice and the other request committed first: either this one's insert of the key hit
        // the primary key, or the change failed on the state the other left (a second delete finds nothing). Either
        // way the stored answer of the first is the answer; without one, the failure stands.
        if (isUniqueViolation(error) || (error instanceof AppError && error.statusCode !== 422)) {
          // Another request (another instance) may have committed it meanwhile: asked again, even inside a batch.
          const previous = await replay(request, reply, userId, key, db, true);
          if (previous !== undefined) return previous as T;
        }
        throw error;
      }
    },

    /**
     * The stored answer of a replayed request, sent as it was (undefined when the request carries no stored key). The
     * access hook uses it for a change whose row is gone since: the outbox resends a rename after its delete.
     */
    async replayStored(request: FastifyRequest, reply: FastifyReply): Promise<{ body: unknown } | undefined> {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      const userId = request.user?.id;
      if (key === undefined || !userId || !KEY_PATTERN.test(key)) return undefined;
      const body = await replay(request, reply, userId, key, db);
      return body === undefined ? undefined : { body };
    },

    /**
     * Runs a sync batch's changes (keys unique, all of `userId`) with their stored answers read in ONE query first and
     * the answers of the changes it keeps written in ONE insert at the end: two statements per batch instead of two per
     * change. Inside the batch's transaction. `settle(key, kept)` after each change: a change the batch rolled back
     * stores nothing, as a failed call stores nothing. A key another request stored meanwhile (another instance) makes
     * the insert fail and with it the whole batch, which is then run again (decision 0092) and answered from the stored
     * key: a change never runs twice.
     */
    async inBatch<T>(
      userId: string,
      keys: string[],
      work: (settle: (key: string, kept: boolean) => void) => Promise<T>,
    ): Promise<T> {
      const stored =
        keys.length === 0
          ? []
          : await db
              .select()
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
      const batch: BatchKeys = {
        userId,
        keys: new Set(keys),
        stored: new Map(stored.map((row) => [row.key, row])),
        fresh: new Map(),
      };
      const result = await openBatch.run(batch, () =>
        work((key, kept) => {
          if (!kept) batch.fresh.delete(key);
        }),
      );
      if (batch.fresh.size > 0) await db.insert(idempotencyKeys).values([...batch.fresh.values()]);
      return result;
    },

    /** Forgets stored answers older than the retention period. */
    async prune(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
      const removed = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, cutoff))
        .returning({ key: idempotencyKeys.key });
      return removed.length;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
