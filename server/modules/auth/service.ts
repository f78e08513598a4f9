import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Mailer } from '../../adapters/mail';
import { unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import type { SessionCache } from '../../plugins/session-cache';
import { hashPassword, verifyPassword } from './passwords';
import { consumeLink, createLink, endOpenLinks, findUsableLink } from './links';
import type { PasswordGuard } from './password-guard';
import { prepareRegistrationMail } from './registration';
import { issueToken, revokeAllSessions, revokeToken, type IssuedToken } from './sessions';
import { resetPasswordMail } from './mails';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(
  db: Db,
  config: Config,
  mailer: Mailer,
  sessionCache: SessionCache,
  passwords: PasswordGuard,
) {
  // Verifying against a fixed hash when the e-mail is unknown keeps the answer time the same (no account probing).
  const dummyHash = hashPassword('not-a-real-password-Ä1!');

  return {
    async login(email: string, password: string): Promise<IssuedToken> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      // An unknown address is counted under its own name, so that it is limited like an account (no probing).
      const attempt = await passwords.attempt(user?.id ?? `unknown:${email}`);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !user.passwordHash || !user.active || !ok) throw unauthorized('InvalidCredentials');
      await attempt.passed();
      return issueToken(db, user.id, config.tokenTtlSeconds);
    },

    /** Replaces a token (still valid, or expired less than the grace period ago) with a new one. */
    async renew(token: string): Promise<IssuedToken> {
      const now = new Date();
      const graceStart = new Date(now.getTime() - config.tokenRenewGraceSeconds * 1000);
      const replacedSince = new Date(now.getTime() - config.tokenReplacedGraceSeconds * 1000);
      return db.transaction(async (tx) => {
        // The token is marked replaced rather than deleted: if the answer is lost, the device renews it again.
        const [session] = await tx
          .select({ id: sessions.id, userId: sessions.userId, replacedAt: sessions.replacedAt })
          .from(sessions)
          .where(
            and(
              eq(sessions.tokenHash, hashToken(token)),
              gt(sessions.validTo, graceStart),
              or(isNull(sessions.replacedAt), gt(sessions.replacedAt, replacedSince)),
            ),
          );
        if (!session) throw unauthorized();
        if (!session.replacedAt) await tx.update(sessions).set({ replacedAt: now }).where(eq(sessions.id, session.id));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, session.userId), lt(sessions.replacedAt, replacedSince)));
        await sessionCache.forgetToken(hashToken(token), tx);
        const [user] = await tx.select({ active: users.active }).from(users).where(eq(users.id, session.userId));
        if (!user?.active) throw unauthorized();
        return issueToken(tx, session.userId, config.tokenTtlSeconds);
      });
    },

    async logout(token: string): Promise<void> {
      await revokeToken(db, token);
      sessionCache.forgetToken(hashToken(token));
    },

    /** Always succeeds from the caller's point of view; only a known, active account gets a mail. */
    async forgotPassword(email: string): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user || !user.active) return;
      const token = await createLink(db, user.id, 'reset-password', config.resetLinkTtlMinutes * 60_000);
      const link = `${config.publicUrl}/login/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send(resetPasswordMail(user.email, user.firstName, link, config.resetLinkTtlMinutes));
    },

    /** Sets a new password through a single-use link and ends every session and every other link of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const link = await findUsableLink(tx, token, 'reset-password', 'InvalidToken');
        await consumeLink(tx, link.id, 'InvalidToken');
        await endOpenLinks(tx, link.userId);
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, link.userId));
        await revokeAllSessions(tx, link.userId);
        await sessionCache.forgetUser(link.userId, tx);
        return link.userId;
      });
      // Whoever guessed at the account locked its owner out; the mailbox proved the owner (decision 0050).
      await passwords.clear(userId);
    },

    /** Sends an activation mail with a single-use link (used when an administrator creates a user). */
    async sendRegistrationLink(userId: string): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return;
      await mailer.send(await prepareRegistrationMail(db, config, user));
    },

    async verifyRegistrationToken(token: string) {
      const link = await findUsableLink(db, token, 'registration', 'TokenNotValid');
      const [user] = await db.select().from(users).where(eq(users.id, link.userId));
      return { email: user?.email ?? '', firstName: user?.firstName ?? '' };
    },

    /** Activates the account with the chosen password and logs the user in. */
    async confirmRegistration(token: string, password: string): Promise<IssuedToken> {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const link = await findUsableLink(tx, token, 'registration', 'TokenNotValid');
        await consumeLink(tx, link.id, 'TokenNotValid');
        await endOpenLinks(tx, link.userId);
        await tx
          .update(users)
          .set({ passwordHash, active: true, updatedAt: new Date() })
          .where(eq(users.id, link.userId));
        await sessionCache.forgetUser(link.userId, tx);
        return issueToken(tx, link.userId, config.tokenTtlSeconds);
      });
    },
  };
}
