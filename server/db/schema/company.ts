import { boolean, index, integer, pgTable, text, time, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, id } from './columns';

/**
 * A company's delivery route: deliveries on one ISO weekday (1 = Monday … 7 = Sunday), ordered by a
 * deadline `deadlineDaysBefore` working days before at `deadlineTime` (Europe/Stockholm).
 */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    weekday: integer('weekday').notNull(),
    deadlineDaysBefore: integer('deadline_days_before').notNull().default(1),
    deadlineTime: time('deadline_time').notNull().default('14:00'),
  },
  (t) => [index('delivery_routes_company_idx').on(t.companyId)],
);

/** Dates a company cannot get deliveries beyond public holidays (closed days, route changes). */
export const deliveryExceptions = pgTable(
  'delivery_exceptions',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('delivery_exceptions_company_date_idx').on(t.companyId, t.date)],
);

/** The company's chart of accounts, for inventory valuation. */
export const chartAccounts = pgTable(
  'chart_accounts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('chart_accounts_company_number_idx').on(t.companyId, t.number)],
);

/** The company's storage zones (cold room, freezer, dry store …). */
export const companyZones = pgTable(
  'company_zones',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_zones_company_name_idx').on(t.companyId, t.name)],
);
