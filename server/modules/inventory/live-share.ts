/**
 * A user's open live streams counted across every instance on the database (decision 0060), so that the limit per
 * user holds behind a load balancer as the rate limits do (decision 0047). Each instance keeps one row per user that
 * holds a stream on it, in the rate limits' table: key `live:<user>:<instance>`, `hits` its open streams, `reset_at`
 * the moment the row stops counting unless the instance renews it. An instance that dies without closing leaves rows
 * that stop counting within `ttlMs`; the rate limits' hourly prune deletes them.
 */
import { and, gt, like, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type LiveShare = {
  /** Streams the user holds open on the other instances. */
  heldElsewhere(userId: string): Promise<number>;
  /** Records how many streams the user holds open on this instance (0 removes the row). */
  record(userId: string, streams: number): Promise<void>;
  /** Keeps this instance's rows counting for another `ttlMs`. */
  renew(): Promise<void>;
  /** Removes this instance's rows (it is closing). */
  clear(): Promise<void>;
};

const PREFIX = 'live:';

export function createLiveShare(db: DbOrTx, instance: string, ttlMs: number): LiveShare {
  const keyOf = (userId: string) => `${PREFIX}${userId}:${instance}`;
  const until = sql`now() + ${Math.max(1, Math.round(ttlMs))} * interval '1 millisecond'`;
  const mine = like(rateLimits.key, `${PREFIX}%:${instance}`);
  return {
    async heldElsewhere(userId) {
      const [row] = await db
        .select({ streams: sql<number>`coalesce(sum(${rateLimits.hits}), 0)::int` })
        .from(rateLimits)
        .where(
          and(
            like(rateLimits.key, `${PREFIX}${userId}:%`),
            ne(rateLimits.key, keyOf(userId)),
            gt(rateLimits.resetAt, sql`now()`),
          ),
        );
      return Number(row?.streams ?? 0);
    },
    async record(userId, streams) {
      if (streams <= 0) {
        await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(userId)}`);
        return;
      }
      await db
        .insert(rateLimits)
        .values({ key: keyOf(userId), hits: streams, resetAt: until })
        .onConflictDoUpdate({ target: rateLimits.key, set: { hits: streams, resetAt: until } });
    },
    async renew() {
      await db.update(rateLimits).set({ resetAt: until }).where(mine);
    },
    async clear() {
      await db.delete(rateLimits).where(mine);
    },
  };
}
