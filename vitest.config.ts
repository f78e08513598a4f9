import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'eslint/**/*.test.js'],
    environment: 'node',
    // One migrated, seeded PGlite database per run (kept under .tmp until the database code changes); each test file
    // starts a copy of it.
    globalSetup: ['tests/server/global-setup.ts'],
    // Limits for a hang, not for speed: a test or hook that waits for a condition still ends if the condition never
    // comes, and a machine busy with other work (two files at a time on two shared cores) does not fail a test.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // The machine (and CI's) has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
