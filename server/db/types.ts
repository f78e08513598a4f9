import type { PgliteDatabase, PgliteQueryResultHKT } from 'drizzle-orm/pglite';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * Both engines speak the same SQL and expose the same Drizzle query API; the app is typed against the
 * PGlite flavour and the node-postgres one is used through the same surface (see docs/decisions/0002).
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a service runs on: the database or a transaction in it (both are Drizzle's PgDatabase). */
export type DbOrTx = PgDatabase<PgliteQueryResultHKT, typeof schema>;
