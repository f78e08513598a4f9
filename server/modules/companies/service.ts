import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, deliveryExceptions, deliveryRoutes, userCompanies } from '../../db/schema';
import type { Company, CompanyDetail, PagedCompanies } from '../../../contract/customer';
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
}
