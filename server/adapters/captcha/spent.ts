import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { spentTokens } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import type { SpendOnce } from './types';

/**
 * Single use across every server process: the first insert of a proof's hash wins, a replay finds it taken.
 * Expired rows are pruned now and then (the proofs they stand for have expired too).
 */
export function spendOnceIn(db: DbOrTx): SpendOnce {
  return async (kind, id, expiresAt) => {
    if (Math.random() < 0.05) await db.delete(spentTokens).where(lt(spentTokens.expiresAt, new Date()));
    const inserted = await db
      .insert(spentTokens)
      .values({ hash: hashToken(`${kind}:${id}`), kind, expiresAt })
      .onConflictDoNothing()
      .returning({ hash: spentTokens.hash });
    return inserted.length === 1;
  };
}
