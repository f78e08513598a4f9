import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { SEED_PRODUCTS, SEED_NOW } from './seed-settings';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated, seeded PGlite data directory (tests/server/helpers.ts starts each test database from it). */
    pgliteTemplate: string | null;
  }
}

/** Every file whose change changes the seeded database: the schema, migrations and seed (with its drawings and texts). */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const dir of ['server/db', 'locales/sv']) walk(dir);
  hash.update(readFileSync('node_modules/@electric-sql/pglite/package.json'));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A new in-memory PGlite initialises a cluster, migrates and seeds: about 50 s per test file on a busy 2-core machine,
 * which made hooks and tests that open a database hit their timeouts. The seeded database is made once (and kept
 * under .tmp until the database code changes); each test file starts a copy of it in a few seconds. On PostgreSQL
 * (DATABASE_URL) every test database is still made and seeded as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return project.provide('pgliteTemplate', null);
  const dir = '.tmp/test-db';
  const file = join(dir, `seeded-${sourcesHash()}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({});
    try {
      await seed(handle.db, { products: SEED_PRODUCTS, now: SEED_NOW });
      const dump = await ((handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none') as Promise<Blob>);
      mkdirSync(dir, { recursive: true });
      // Written aside and renamed: another run starting at the same time never reads half a file.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  project.provide('pgliteTemplate', file);
}
