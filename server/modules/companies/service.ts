import { and, asc, count, eq, ilike, or, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, deliveryExceptions, deliveryRoutes, userCompanies } from '../../db/schema';
import type { Company, CompanyDetail, PagedCompanies } from '../../../contract/customer';
import { forbidden, notFound } from '../../lib/errors';
import { isStaff, type AuthUser } from '../../plugins/authenticate';
import { DeliveryCalendar } from '../calendar/deliveries';

type CompanyRow = typeof companies.$inferSelect;

const customersCount = sql<number>`(select count(*)::int from ${userCompanies} where ${userCompanies.companyId} = ${companies.id})`;

const companyColumns = {
  id: companies.id,
  code: companies.code,
  name: companies.name,
  active: companies.active,
  city: companies.city,
  customersCount,
};

export type CompanyService = ReturnType<typeof createCompanyService>;

export function createCompanyService(db: DbOrTx) {
  /**
   * The company a user may act for. A customer gets 403 for a company they are not linked to — and for an unknown
   * code too, so codes cannot be probed; staff get 404 for an unknown code. One query, with the rule of `mayActFor`.
   */
  async function companyForUser(user: AuthUser, code: string): Promise<CompanyRow> {
    const [row] = await db
      .select({ company: companies, allowed: mayActFor(user, companies, companies.id) })
      .from(companies)
      .where(eq(companies.code, code))
      .limit(1);
    if (!row) throw isStaff(user) ? notFound('CompanyNotFound') : forbidden();
    if (!row.allowed) throw forbidden();
    return row.company;
  }

  async function calendarFor(companyId: string): Promise<DeliveryCalendar> {
    const [routes, closed] = await Promise.all([
      db.select().from(deliveryRoutes).where(eq(deliveryRoutes.companyId, companyId)),
      db
        .select({ date: deliveryExceptions.date })
        .from(deliveryExceptions)
        .where(eq(deliveryExceptions.companyId, companyId)),
    ]);
    return new DeliveryCalendar(routes, new Set(closed.map((c) => c.date)));
  }

  return {
    companyForUser,
    calendarFor,

    /** The active companies a user is linked to. */
    async linkedCompanies(userId: string): Promise<Company[]> {
      return db
        .select(companyColumns)
        .from(userCompanies)
        .innerJoin(companies, eq(companies.id, userCompanies.companyId))
        .where(and(eq(userCompanies.userId, userId), eq(companies.active, true)))
        .orderBy(asc(companies.name));
    },

    /** Every company, searchable by name, code or city, paged (staff only; checked by the route). */
    async search(query: {
      page: number;
      pageSize: number;
      searchString?: string | undefined;
      withInactive: boolean;
    }): Promise<PagedCompanies> {
      const filters: SQL[] = [];
      if (!query.withInactive) filters.push(eq(companies.active, true));
      const term = query.searchString?.trim();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(or(ilike(companies.name, like), ilike(companies.code, like), ilike(companies.city, like))!);
      }
      const where = filters.length ? and(...filters) : undefined;
      const [totals] = await db.select({ n: count() }).from(companies).where(where);
      const totalRecords = totals?.n ?? 0;
      const data = await db
        .select(companyColumns)
        .from(companies)
        .where(where)
        .orderBy(asc(companies.name), asc(companies.code))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        data,
        totalRecords,
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(totalRecords / query.pageSize)),
      };
    },

    /** The company the access hook established, with its users count and next delivery. */
    async detail(company: CompanyRow, now = new Date()): Promise<CompanyDetail> {
      const [[counted], calendar] = await Promise.all([
        db.select({ n: count() }).from(userCompanies).where(eq(userCompanies.companyId, company.id)),
        calendarFor(company.id),
      ]);
      const next = calendar.next(now);
      return {
        id: company.id,
        code: company.code,
        name: company.name,
        active: company.active,
        city: company.city,
        customersCount: counted?.n ?? 0,
        orgNumber: company.orgNumber,
        street: company.street,
        postalCode: company.postalCode,
        phone: company.phone,
        email: company.email,
        nextDeliveryDate: next?.date ?? null,
        hasDeliveryRoutes: calendar.hasRoutes,
      };
    },
  };
} /**
 * Who may act for a company, as a condition inside a query (`companyForUser`, and writes that check access in the
 * statement that locks their row) (a write that locks its row checks access in the
 * same statement): staff may act for every company, anyone else for the companies they are linked to.
 */
export function mayActFor(user: AuthUser, table: Table, companyId: AnyColumn): SQL<boolean> {
  if (isStaff(user)) return sql<boolean>`true`;
  // Qualified names: in a one-table select drizzle writes bare column names, which inside the subquery would name
  // user_companies' own columns.
  const link = (column: AnyColumn) => sql`${userCompanies}.${sql.identifier(column.name)}`;
  return sql<boolean>`exists (select 1 from ${userCompanies} where ${link(userCompanies.userId)} = ${user.id} and ${link(userCompanies.companyId)} = ${table}.${sql.identifier(companyId.name)})`;
}
