import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'eslint/**/*.test.js'],
    environment: 'node',
    // PGlite runs every migration when a test database opens: give hooks room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine (and CI's) has 2 cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
