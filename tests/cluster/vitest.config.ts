import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The two-instance test runs only against two real server processes (scripts/two-instances.sh sets their URLs), so
 * it is not named *.test.ts and the default run does not pick it up:
 *   scripts/with-postgres.sh scripts/two-instances.sh npx vitest run --config tests/cluster/vitest.config.ts
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/cluster/**/*.cluster.ts'],
    environment: 'node',
    testTimeout: 60_000,
    maxWorkers: 1,
  },
});
