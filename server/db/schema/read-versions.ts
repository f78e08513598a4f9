import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How often what a kept read answer shows has changed, per tag (server/lib/read-cache.ts, decision 0076): raised by
 * the triggers of migration 0004 in the writing transaction, so a read after the commit sees the new version. Each
 * server instance compares it with the version its kept answer was read at before serving it from PostgreSQL, where
 * another process may have written a moment before its news arrived. Never written by the app.
 */
export const readVersions = pgTable('read_versions', {
  tag: text('tag').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
