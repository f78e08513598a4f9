import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, deliveryExceptions, deliveryRoutes, userCompanies } from '../../db/schema';
import type { CompanyRow } from '../../plugins/access';
import { DeliveryCalendar, type Route } from '../calendar/deliveries';

/**
 * The company a cart call is about (the one the access hook established: the cart service never checks access), with
 * what decides whether it can order.
 */
export type CartContext = {
  company: CompanyRow;
  calendar: DeliveryCalendar;
  usersCount: number;
  /** Whose cart: the requesting user, or (admin checkout) the customer it is placed for. */
  ownerId: string;
  now: Date;
};

/** What prices are chosen for: the company and the day. */
export type PricingContext = Pick<CartContext, 'company' | 'now'>;

/**
 * The company's number of users and its delivery calendar, in one query; `ownerId` is whose cart: the requesting
 * user, or (admin checkout) the customer it is placed for.
 */
export async function loadContext(db: DbOrTx, company: CompanyRow, ownerId: string, now: Date): Promise<CartContext> {
  const rows = await db
    .select({
      usersCount: sql<number>`(select count(*)::int from ${userCompanies} uc where uc.company_id = "companies"."id")`,
      routes: sql<Route[] | null>`(select json_agg(json_build_object('weekday', dr.weekday,
          'deadlineDaysBefore', dr.deadline_days_before, 'deadlineTime', dr.deadline_time))
        from ${deliveryRoutes} dr where dr.company_id = "companies"."id")`,
      closed: sql<string[] | null>`(select json_agg(de.date)
        from ${deliveryExceptions} de where de.company_id = "companies"."id")`,
    })
    .from(companies)
    .where(eq(companies.id, company.id))
    .limit(1);
  const found = rows[0];
  return {
    company,
    calendar: new DeliveryCalendar(found?.routes ?? [], new Set(found?.closed ?? [])),
    usersCount: Number(found?.usersCount ?? 0),
    ownerId,
    now,
  };
}
