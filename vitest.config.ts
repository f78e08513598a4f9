import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'eslint/**/*.test.js'],
    environment: 'node',
    // PGlite runs every migration and seeds when a test database opens; with two test files at a time on two cores
    // that can take a minute: give hooks room.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The machine (and CI's) has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
