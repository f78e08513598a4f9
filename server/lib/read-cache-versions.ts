import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { readVersions } from '../db/schema';

/** The sum of the tags' versions now (they only grow, so an equal sum means none changed). */
export type Versions = (tags: readonly string[]) => Promise<number>;

type Waiting = { tags: readonly string[]; resolve: (sum: number) => void; reject: (err: unknown) => void };

/**
 * The versions of a PostgreSQL database (decision 0076), where another process may have committed a change whose news
 * has not reached this one yet. Lookups that wait together share one prepared statement on the primary key: one is
 * sent at a time, for every tag asked while the one before it ran, so each answer comes from a statement that began
 * after it was asked — it sees every commit made before — and ten connections hitting kept answers pay a fraction of
 * a round trip each. None for PGlite: it hands each NOTIFY to this process's listeners before the writing query
 * returns, and no other process can write to it.
 */
export async function versionsOf(database: DatabaseHandle): Promise<Versions | undefined> {
  if (database.kind === 'pglite') {
    // Nothing reads them, and every raise would leave a dead row version that no autovacuum clears (migration 0004).
    await database.db.execute(sql`set skafferi.read_versions = 'off'`);
    return undefined;
  }
  const query = database.db
    .select({ tag: readVersions.tag, version: readVersions.version })
    .from(readVersions)
    .where(sql`${readVersions.tag} = any(${sql.placeholder('tags')}::text[])`)
    .prepare('read_versions_of');
  let waiting: Waiting[] = [];
  let running = false;

  async function run(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const asked = waiting;
      waiting = [];
      try {
        const rows = await query.execute({ tags: [...new Set(asked.flatMap((w) => w.tags))] });
        const versions = new Map(rows.map((row) => [row.tag, Number(row.version)]));
        for (const w of asked) w.resolve(w.tags.reduce((sum, tag) => sum + (versions.get(tag) ?? 0), 0));
      } catch (err) {
        for (const w of asked) w.reject(err);
      }
    }
    running = false;
  }

  return (tags) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ tags, resolve, reject });
      if (!running) void run();
    });
}
