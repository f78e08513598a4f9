import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/client';
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

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? null;
  return cause?.code === '23505' || cause?.cause?.code === '23505';
}

/**
 * Runs a change in one transaction and, when the request carries an `Idempotency-Key`, stores the answer with it in
 * that same transaction. A replay of the key (same user, same request) gets the stored answer without running the
 * change again; the same key with another request is refused with 422. A failed change stores nothing, since it
 * changed nothing. See docs/decisions/0006-idempotency.md.
 */
export function createIdempotency(db: Db) {
  async function replay(request: FastifyRequest, reply: FastifyReply, userId: string, key: string, from: Db | Tx) {
    const [stored] = await from
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
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
        const outcome = await db.transaction(change);
        reply.status(outcome.status);
        return outcome.body;
      }
      if (!KEY_PATTERN.test(key)) {
        throw badRequest('ValidationError', [
          { path: 'Idempotency-Key', message: validationText('validation.invalid')! },
        ]);
      }
      try {
        return await db.transaction(async (tx) => {
          const previous = await replay(request, reply, userId, key, tx);
          if (previous !== undefined) return previous as T;
          const outcome = await change(tx);
          await tx.insert(idempotencyKeys).values({
            userId,
            key,
            fingerprint: fingerprint(request),
            statusCode: outcome.status,
            response: JSON.stringify(outcome.body ?? null),
          });
          reply.status(outcome.status);
          return outcome.body;
        });
      } catch (error) {
        // The same key raced in twice and the other request committed first: either this one's insert of the key hit
        // the primary key, or the change failed on the state the other left (a second delete finds nothing). Either
        // way the stored answer of the first is the answer; without one, the failure stands.
        if (isUniqueViolation(error) || (error instanceof AppError && error.statusCode !== 422)) {
          const previous = await replay(request, reply, userId, key, db);
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
