import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key: uuid. Rows the client may create offline get their id from the client (uuid v7). */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money as whole öre (docs/decisions/0003-money-in-ore.md). */
export const ore = (name: string) => bigint(name, { mode: 'number' });
