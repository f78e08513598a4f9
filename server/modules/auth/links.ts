import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authLinks } from '../../db/schema';
import { AppError, badRequest, gone } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';

export type LinkKind = 'reset-password' | 'registration';

/** Creates a single-use link token for a user; only its hash is stored. */
export async function createLink(db: DbOrTx, userId: string, kind: LinkKind, ttlMs: number): Promise<string> {
  const token = newToken();
  await db
    .insert(authLinks)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Finds a usable link or throws the spec's error: unknown → TokenNotValid, already used → `usedCode`,
 * expired → LinkNotValid.
 */
export async function findUsableLink(
  db: DbOrTx,
  token: string,
  kind: LinkKind,
  usedCode: 'InvalidToken' | 'TokenNotValid',
) {
  const [link] = await db
    .select()
    .from(authLinks)
    .where(eq(authLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link || link.kind !== kind) throw badRequest('TokenNotValid');
  if (link.usedAt) throw usedCode === 'InvalidToken' ? gone('InvalidToken') : badRequest('TokenNotValid');
  if (link.expiresAt.getTime() <= Date.now()) throw gone('LinkNotValid');
  return link;
}

/** Marks the link used; a link that another request used first is refused (single use under concurrency). */
export async function consumeLink(
  db: DbOrTx,
  linkId: string,
  usedCode: 'InvalidToken' | 'TokenNotValid',
): Promise<void> {
  const used = await db
    .update(authLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(authLinks.id, linkId), isNull(authLinks.usedAt)))
    .returning({ id: authLinks.id });
  if (used.length === 0)
    throw usedCode === 'InvalidToken' ? new AppError(410, 'InvalidToken') : badRequest('TokenNotValid');
}

/**
 * Ends every link of the user that is still open (reset and activation links alike: each one sets the password).
 * Called when the password is set or changed, or the e-mail address changes: a link mailed before — perhaps to an
 * address the user no longer controls — must not set the password afterwards.
 */
export async function endOpenLinks(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(authLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(authLinks.userId, userId), isNull(authLinks.usedAt)));
}
