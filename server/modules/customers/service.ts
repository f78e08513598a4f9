import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';
import { isEmailChange, type CurrentUser, type UpdateCurrentUserBody } from '../../../contract/customer';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { errorText, validationText } from '../../lib/i18n';
import { isStaff, userProfileColumns, type AuthUser } from '../../plugins/authenticate';
import { endOpenLinks } from '../auth/links';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeOtherSessions } from '../auth/sessions';
import { nameChanged } from '../inventory/names';
import type { CompanyRow } from '../../plugins/access';

export type CustomerService = ReturnType<typeof createCustomerService>;

/** A saved profile, and the address it had when the change moved it to another one (to tell that address). */
export type ProfileChange = { user: CurrentUser; previousEmail: string | null };

export function createCustomerService(db: DbOrTx) {
  async function currentUser(userId: string): Promise<CurrentUser> {
    const [row] = await db
      .select(userProfileColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.defaultCompanyId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw unauthorized();
    return row;
  }

  async function checkCurrentPassword(userId: string, currentPassword: string): Promise<void> {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!(await verifyPassword(user?.passwordHash ?? null, currentPassword))) {
      throw new AppError(400, 'WrongCurrentPassword', undefined, [
        { path: 'currentPassword', message: errorText('WrongCurrentPassword') },
      ]);
    }
  }

  return {
    currentUser,

    /**
     * PUT /v1/customer/. A new e-mail address or password needs the current password: a session alone (a device left
     * logged in) must not be enough to take the account over. A current password that is sent is always checked, so
     * that the per-account limit counts exactly the requests that check one (routes.ts). The password comes before
     * the address check, so that a session cannot learn which addresses have accounts.
     */
    async updateCurrentUser(
      userId: string,
      body: UpdateCurrentUserBody,
      keepSessionId?: string,
    ): Promise<ProfileChange> {
      const [before] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      if (!before) throw unauthorized();
      const emailChanged = isEmailChange(before.email, body.email);
      if (body.currentPassword) await checkCurrentPassword(userId, body.currentPassword);
      else if (emailChanged) {
        throw badRequest('ValidationError', [
          { path: 'currentPassword', message: validationText('validation.currentPasswordForEmail')! },
        ]);
      }
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, body.email), ne(users.id, userId)))
        .limit(1);
      if (taken) throw conflict('EmailTaken');
      const changes: Partial<typeof users.$inferInsert> = {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone || null,
        updatedAt: new Date(),
      };
      if (body.scannerSound !== undefined) changes.scannerSound = body.scannerSound;
      // The contract lets no new password through without a current one, which was checked above.
      if (body.newPassword) changes.passwordHash = await hashPassword(body.newPassword);
      await db.update(users).set(changes).where(eq(users.id, userId));
      if (before.firstName !== body.firstName || before.lastName !== body.lastName) await nameChanged(db, userId);
      // A new password ends the user's other sessions; the one that changed it stays.
      if (body.newPassword && keepSessionId) await revokeOtherSessions(db, userId, keepSessionId);
      // A link mailed before (perhaps to the old address) must not set the password after this.
      if (body.newPassword || emailChanged) await endOpenLinks(db, userId);
      return { user: await currentUser(userId), previousEmail: emailChanged ? before.email : null };
    },

    /**
     * PUT /v1/customer/password: needs the current password; every other session of the user ends (another device
     * that may have been left logged in), the one that made the change stays; every open reset link ends.
     */
    async changePassword(userId: string, keepSessionId: string, currentPassword: string, password: string) {
      await checkCurrentPassword(userId, currentPassword);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, userId));
      await revokeOtherSessions(db, userId, keepSessionId);
      await endOpenLinks(db, userId);
    },

    /** Makes a company the user may act for (the access hook's) their default; a customer only an active one. */
    async setDefaultCompany(user: AuthUser, company: CompanyRow): Promise<CurrentUser> {
      if (!company.active && !isStaff(user)) throw forbidden('CompanyInactive');
      await db.update(users).set({ defaultCompanyId: company.id, updatedAt: new Date() }).where(eq(users.id, user.id));
      return currentUser(user.id);
    },
  };
}
