import { eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { type Db } from '../db/client';
import { preparedOnce } from '../db/ambient';
import { companies, userCompanies } from '../db/schema';
import { ROW_SCOPES, type RowKind } from './access-rows';

/**
 * Who may act for a company, as a condition inside a query (decision 0005): staff may act for every company, anyone
 * else for the companies they are linked to. `userId` is the placeholder of the user's id.
 */
function mayActFor(staff: boolean, userId: Placeholder): SQL<boolean> {
  if (staff) return sql<boolean>`true`;
  // Qualified names: in a one-table select drizzle writes bare column names, which inside the subquery would name
  // user_companies' own columns.
  const link = (column: AnyColumn) => sql`${userCompanies}.${sql.identifier(column.name)}`;
  const company = sql`${companies}.${sql.identifier(companies.id.name)}`;
  return sql<boolean>`exists (select 1 from ${userCompanies} where ${link(userCompanies.userId)} = ${userId} and ${link(userCompanies.companyId)} = ${company})`;
}

/**
 * The access hook's queries, each prepared once per kind and role (decision 0068): every request pays one of them, and
 * building the same SQL again per request cost as much as running it. PostgreSQL keeps them as named statements per
 * connection. A sync batch's changes prepare their own on its transaction (`preparedOnce`).
 */
export function accessQueries(db: Db) {
  const select = (staff: boolean) =>
    db.select({ company: companies, allowed: mayActFor(staff, sql.placeholder('userId')) }).from(companies);
  const value = sql.placeholder('value');
  const role = (staff: boolean) => (staff ? 'staff' : 'customer');
  const byCompany = new Map<string, () => ReturnType<typeof prepareCompany>>();
  const prepareCompany = (by: 'id' | 'code', staff: boolean) =>
    select(staff)
      .where(by === 'id' ? eq(companies.id, value) : eq(companies.code, value))
      .limit(1)
      .prepare(`access_company_${by}_${role(staff)}`);
  const byRow = new Map<string, () => ReturnType<typeof prepareRow>>();
  const prepareRow = (kind: RowKind, staff: boolean) =>
    select(staff)
      .where(inArray(companies.id, ROW_SCOPES[kind].companyIds(db, value)))
      .prepare(`access_row_${kind}_${role(staff)}`);
  return {
    company(by: 'id' | 'code', staff: boolean) {
      const name = `${by}:${staff}`;
      let query = byCompany.get(name);
      if (!query) byCompany.set(name, (query = preparedOnce(() => prepareCompany(by, staff))));
      return query();
    },
    row(kind: RowKind, staff: boolean) {
      const name = `${kind}:${staff}`;
      let query = byRow.get(name);
      if (!query) byRow.set(name, (query = preparedOnce(() => prepareRow(kind, staff))));
      return query();
    },
  };
}

export type AccessQueries = ReturnType<typeof accessQueries>;
