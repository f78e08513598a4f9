import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type IssuedToken = { token: string; validTo: string };

/** Creates a session and returns the only copy of its token. */
export async function issueToken(
  db: DbOrTx,
  userId: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<IssuedToken> {
  const token = newToken();
  const validTo = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), validTo });
  return { token, validTo: validTo.toISOString() };
}

export async function revokeToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user except one (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
