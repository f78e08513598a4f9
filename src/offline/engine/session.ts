import { transact, type OfflineDb, type SessionRow } from './database';

/** The session the engine sends with: whose token it is, and until when it is valid. */
export interface EngineSession {
  userId: string;
  token: string;
  /** ISO timestamp. */
  validTo: string;
}

/** SPEC §9: renew when less than 10 minutes remain (also before replaying the outbox). */
export const RENEW_MARGIN_MS = 10 * 60 * 1000;

export function needsRenewal(validTo: string, now: number): boolean {
  const expiresAt = Date.parse(validTo);
  return Number.isNaN(expiresAt) || expiresAt - RENEW_MARGIN_MS < now;
}

const blockedKey = (userId: string) => `blocked|${userId}`;

export async function readSession(db: OfflineDb): Promise<SessionRow | null> {
  return (await db.session.get('current')) ?? null;
}

/**
 * Stores the current session (login, renewal by the page, start-up from the cookies) or removes it (logout).
 * A token other than the one that failed unblocks that user's queue ("until the same user logs in again").
 * Returns true when the user's queue was unblocked.
 */
export async function storeSession(db: OfflineDb, session: EngineSession | null): Promise<boolean> {
  return transact(db, [db.session, db.meta, db.outbox], async () => {
    const current = await readSession(db);
    if (!session) {
      await db.session.delete('current');
      return false;
    }
    const verified = current?.token === session.token && current.userId === session.userId && current.verified;
    await db.session.put({ key: 'current', ...session, verified });
    const blocked = await db.meta.get(blockedKey(session.userId));
    if (!blocked || blocked.value === session.token) return false;
    await db.meta.delete(blockedKey(session.userId));
    await db.outbox
      .where('[userId+status]')
      .equals([session.userId, 'blocked'])
      .modify({ status: 'pending', nextAttemptAt: null, lastError: null });
    return true;
  });
}

/** The user's queue waits until they log in again: every waiting entry is marked blocked, nothing is dropped. */
export async function blockUser(db: OfflineDb, userId: string, failedToken: string, message: string): Promise<void> {
  await transact(db, [db.meta, db.outbox], async () => {
    await db.meta.put({ key: blockedKey(userId), value: failedToken });
    await db.outbox
      .where('[userId+status]')
      .equals([userId, 'pending'])
      .modify({ status: 'blocked', lastError: { status: 401, code: 'Unauthorized', message } });
  });
}

export async function isBlocked(db: OfflineDb, userId: string): Promise<boolean> {
  return (await db.meta.get(blockedKey(userId))) !== undefined;
}

/**
 * Replaces the stored token after a renewal, unless the session changed meanwhile (the page renewed or another user
 * logged in). Returns the session to go on with, or null when the stored one is no longer this user's.
 */
export async function replaceToken(
  db: OfflineDb,
  previous: EngineSession,
  renewed: { token: string; validTo: string },
): Promise<SessionRow | null> {
  return transact(db, [db.session], async () => {
    const current = await readSession(db);
    if (!current) return null; // logged out meanwhile: the new token is not kept
    if (current.token !== previous.token) return current.userId === previous.userId ? current : null;
    const row: SessionRow = { key: 'current', userId: previous.userId, ...renewed, verified: true };
    await db.session.put(row);
    return row;
  });
}
