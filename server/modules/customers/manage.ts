import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OutgoingMail } from '../../adapters/mail';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { companies, userCompanies, users } from '../../db/schema';
import {
  ADMIN_ROLE,
  STAFF_ROLE,
  type CompanyCustomer,
  type CustomerDetail,
  type CustomerStatus,
  type ManageableRole,
} from '../../../contract/customer';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { isStaff, type AuthUser } from '../../plugins/authenticate';
import { nameChanged } from '../inventory/names';
import { prepareRegistrationMail } from '../auth/registration';
import type { CompanyService } from '../companies/service';

type CompanyRow = typeof companies.$inferSelect;
type UserRow = typeof users.$inferSelect;

export type ProfileFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  roles: ManageableRole[];
};

/** The outcome of a change, and a mail to send once it has committed (never inside the transaction). */
export type Managed<T> = { result: T; mail?: OutgoingMail };

const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  roles: users.roles,
  active: users.active,
  pending: sql<boolean>`(${users.passwordHash} is null)`,
};

function statusOf(row: { active: boolean; pending: boolean }): CustomerStatus {
  if (row.pending) return 'pending';
  return row.active ? 'active' : 'inactive';
}

function toCustomer(row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  roles: string[];
  active: boolean;
  pending: boolean;
}): CompanyCustomer {
  const { active: _active, pending: _pending, ...rest } = row;
  return { ...rest, status: statusOf(row) };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/** The roles to store: the chosen ones, plus a staff role the user already had (only staff give or take that). */
function nextRoles(current: readonly string[], chosen: readonly ManageableRole[]): string[] {
  return [...chosen, ...current.filter((role) => role === STAFF_ROLE)];
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;

/**
 * Customer administrators manage the users of their own companies (docs/decisions/0028-managing-users.md):
 * - only a CustomerAdministrator (or staff) gets in at all; anyone else gets 403 on every call;
 * - an administrator acts only for companies they are linked to, and only on users who share one of them (403);
 * - a user who also belongs to a company the administrator does not manage keeps their e-mail and roles (403);
 * - nobody gives the staff role here, and a staff user is only changed by staff;
 * - a company never loses its last administrator (409).
 */
export function createCustomerAdminService(
  db: DbOrTx,
  companyService: CompanyService,
  config: Pick<Config, 'publicUrl' | 'registrationLinkTtlHours'>,
) {
  function requireManager(actor: AuthUser): void {
    if (!isStaff(actor) && !actor.roles.includes(ADMIN_ROLE)) throw forbidden();
  }

  async function linkedCompanyIds(userId: string): Promise<string[]> {
    const rows = await db
      .select({ companyId: userCompanies.companyId })
      .from(userCompanies)
      .where(eq(userCompanies.userId, userId));
    return rows.map((r) => r.companyId);
  }

  type Target = {
    user: UserRow;
    /** Every company the user belongs to. */
    companyIds: string[];
    /** Those of them the actor manages (all of them for staff). */
    sharedIds: string[];
    managedElsewhere: boolean;
  };

  /**
   * A user the actor may manage: one who shares a company with them. Unknown and foreign users look the same to a
   * customer administrator (403), so ids cannot be probed; staff get 404 for an unknown id.
   */
  async function target(actor: AuthUser, userId: string): Promise<Target> {
    requireManager(actor);
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (isStaff(actor)) {
      if (!user) throw notFound('CustomerNotFound');
      const companyIds = await linkedCompanyIds(user.id);
      return { user, companyIds, sharedIds: companyIds, managedElsewhere: false };
    }
    if (!user) throw forbidden();
    const [companyIds, actorIds] = await Promise.all([linkedCompanyIds(user.id), linkedCompanyIds(actor.id)]);
    const sharedIds = companyIds.filter((id) => actorIds.includes(id));
    if (sharedIds.length === 0 || user.roles.includes(STAFF_ROLE)) throw forbidden();
    return { user, companyIds, sharedIds, managedElsewhere: sharedIds.length < companyIds.length };
  }

  async function detail(found: Target): Promise<CustomerDetail> {
    const [row] = await db.select(customerColumns).from(users).where(eq(users.id, found.user.id));
    if (!row) throw notFound('CustomerNotFound');
    const visible = found.sharedIds.length
      ? await db
          .select({ id: companies.id, code: companies.code, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, found.sharedIds))
          .orderBy(asc(companies.name))
      : [];
    return { ...toCustomer(row), companies: visible, managedElsewhere: found.managedElsewhere };
  }

  async function reload(actor: AuthUser, userId: string): Promise<CustomerDetail> {
    return detail(await target(actor, userId));
  }

  /**
   * Refuses to leave a company without an administrator when `userId` stops administering it (demoted or removed).
   * The company rows are locked first, so two administrators removing each other at once cannot both succeed.
   */
  async function keepAnAdministrator(companyIds: string[], userId: string): Promise<void> {
    if (companyIds.length === 0) return;
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, companyIds))
      .orderBy(asc(companies.id))
      .for('update');
    for (const companyId of companyIds) {
      const [other] = await db
        .select({ id: users.id })
        .from(userCompanies)
        .innerJoin(users, eq(users.id, userCompanies.userId))
        .where(
          and(
            eq(userCompanies.companyId, companyId),
            ne(users.id, userId),
            eq(users.active, true),
            sql`${ADMIN_ROLE} = any(${users.roles})`,
          ),
        )
        .limit(1);
      if (!other) throw conflict('LastAdministrator');
    }
  }

  async function emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
      .limit(1);
    return !!taken;
  }

  /** Role changes for a user the actor does not fully manage are refused; losing the admin role keeps one per company. */
  async function checkRoleChange(found: Target, roles: string[]): Promise<void> {
    if (sameRoles(found.user.roles, roles)) return;
    if (found.managedElsewhere) throw forbidden('CustomerManagedElsewhere');
    if (found.user.roles.includes(ADMIN_ROLE) && !roles.includes(ADMIN_ROLE)) {
      await keepAnAdministrator(found.companyIds, found.user.id);
    }
  }

  return {
    /** GET /v1/company/:code/customers — the users of a company the access hook found the actor manages. */
    async listForCompany(company: CompanyRow): Promise<CompanyCustomer[]> {
      const rows = await db
        .select(customerColumns)
        .from(userCompanies)
        .innerJoin(users, eq(users.id, userCompanies.userId))
        .where(eq(userCompanies.companyId, company.id))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
      return rows.map(toCustomer);
    },

    /** GET /v1/customers/:id */
    async get(actor: AuthUser, userId: string): Promise<CustomerDetail> {
      return reload(actor, userId);
    },

    /** POST /v1/customers — a new user in companies the actor manages (`chosen`), with an activation mail to send. */
    async create(actor: AuthUser, chosen: CompanyRow[], body: ProfileFields): Promise<Managed<CustomerDetail>> {
      if (await emailTaken(body.email)) throw conflict('EmailTaken');
      const [user] = await db
        .insert(users)
        .values({
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone || null,
          roles: nextRoles([], body.roles),
          defaultCompanyId: chosen[0]?.id ?? null,
          // Active but without a password: the activation link sets one (login refuses a missing password).
          active: true,
          passwordHash: null,
        })
        .returning();
      if (!user) throw new AppError(500, 'InternalError');
      await db.insert(userCompanies).values(chosen.map((company) => ({ userId: user.id, companyId: company.id })));
      const mail = await prepareRegistrationMail(db, config, user);
      return { result: await reload(actor, user.id), mail };
    },

    /** PUT /v1/customers/:id — name, e-mail, phone and roles. A pending user whose e-mail changes gets a new link. */
    async update(actor: AuthUser, userId: string, body: ProfileFields): Promise<Managed<CustomerDetail>> {
      const found = await target(actor, userId);
      const roles = nextRoles(found.user.roles, body.roles);
      const emailChanged = body.email !== found.user.email;
      if (emailChanged && found.managedElsewhere) throw forbidden('CustomerManagedElsewhere');
      if (emailChanged && (await emailTaken(body.email, found.user.id))) throw conflict('EmailTaken');
      await checkRoleChange(found, roles);
      await db
        .update(users)
        .set({
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone || null,
          roles,
          updatedAt: new Date(),
        })
        .where(eq(users.id, found.user.id));
      const { firstName, lastName } = found.user;
      if (firstName !== body.firstName || lastName !== body.lastName) await nameChanged(db, found.user.id);
      const mail =
        emailChanged && found.user.passwordHash === null
          ? await prepareRegistrationMail(db, config, { ...found.user, email: body.email, firstName: body.firstName })
          : undefined;
      return { result: await reload(actor, found.user.id), mail };
    },

    /** POST /v1/customers/:id — links a user the actor manages to another company the actor manages (`company`). */
    async addToCompany(
      actor: AuthUser,
      userId: string,
      company: CompanyRow,
      body: { roles: ManageableRole[] },
    ): Promise<{ detail: CustomerDetail; added: boolean }> {
      const found = await target(actor, userId);
      const roles = nextRoles(found.user.roles, body.roles);
      await checkRoleChange(found, roles);
      const inserted = await db
        .insert(userCompanies)
        .values({ userId: found.user.id, companyId: company.id })
        .onConflictDoNothing()
        .returning({ userId: userCompanies.userId });
      const changes: Partial<typeof users.$inferInsert> = { roles, updatedAt: new Date() };
      if (!found.user.defaultCompanyId) changes.defaultCompanyId = company.id;
      await db.update(users).set(changes).where(eq(users.id, found.user.id));
      return { detail: await reload(actor, found.user.id), added: inserted.length > 0 };
    },

    /** DELETE /v1/customers/:companyId/customer/:customerId — the user leaves the company (the account stays). */
    async removeFromCompany(actor: AuthUser, company: CompanyRow, userId: string): Promise<void> {
      const found = await target(actor, userId);
      if (!found.companyIds.includes(company.id)) throw notFound('CustomerNotFound');
      if (found.user.roles.includes(ADMIN_ROLE)) await keepAnAdministrator([company.id], found.user.id);
      await db
        .delete(userCompanies)
        .where(and(eq(userCompanies.userId, found.user.id), eq(userCompanies.companyId, company.id)));
      if (found.user.defaultCompanyId === company.id) {
        const [next] = await db
          .select({ companyId: userCompanies.companyId })
          .from(userCompanies)
          .innerJoin(companies, eq(companies.id, userCompanies.companyId))
          .where(and(eq(userCompanies.userId, found.user.id), eq(companies.active, true)))
          .orderBy(asc(companies.name))
          .limit(1);
        await db
          .update(users)
          .set({ defaultCompanyId: next?.companyId ?? null, updatedAt: new Date() })
          .where(eq(users.id, found.user.id));
      }
    },
  };
}
