import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';

/** One counted attempt: how many attempts the key's window holds now (this one included) and when it ends. */
export type Hit = { count: number; resetAt: Date };

/**
 * Rate limits counted in the database, so that every server instance on it counts the same attempts (decision 0047).
 * A fixed window per key: the first hit opens it for `windowMs`, later hits in it add one. One statement per hit.
 */
export type Limiter = {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Forgets a key's window (e.g. the failed logins of an account once its password was right). */
  reset(key: string): Promise<void>;
  /** Deletes windows that ended more than an hour ago. */
  prune(): Promise<void>;
};

export function createLimiter(db: DbOrTx): Limiter {
  return {
    async hit(key, windowMs) {
      const ends = sql`now() + ${Math.max(1, Math.round(windowMs))} * interval '1 millisecond'`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, resetAt: ends })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.hits, resetAt: rateLimits.resetAt });
      if (!row) throw new Error('rate limit: no row returned');
      return row;
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    async prune() {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
    },
  };
}

/**
 * A store for @fastify/rate-limit that counts in the database through `limiter`: the per-route limits (`config:
 * { rateLimit }`) then hold across instances. Each route gets its own namespace (method and path), as the plugin's
 * in-memory store keeps one map per route.
 */
export function databaseRateLimitStore(limiter: Limiter) {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = 'global',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      const windowMs = timeWindow ?? 60_000;
      limiter.hit(`route:${this.namespace}:${key}`, windowMs).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** The plugin passes the route's merged limit options, with the route itself under `routeInfo`. */
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseStore({}, `${method} ${route.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
