import { defineConfig, devices } from '@playwright/test';

const CI = !!process.env.CI;

/**
 * Server A: default token lifetime, and a clock of the date rules that a journey can move (DEV_CLOCK). Server B:
 * tokens live 15 s, for the session tests. `E2E_PORT` moves both (A on it, B on the next port) and the output folder,
 * so that two runs on one machine do not share servers or results.
 */
const PORT_A = Number(process.env.E2E_PORT ?? 4173);
export const SERVER_A = `http://localhost:${PORT_A}`;
export const SERVER_B = `http://localhost:${PORT_A + 1}`;
/**
 * The built client the servers serve: `npm run e2e` builds it into .tmp/e2e-client, never into dist/client, which a
 * running `npm start` serves. A private build goes elsewhere with `E2E_CLIENT_DIR` (or `CLIENT_DIR`) set to the
 * folder given to `vite build --outDir …`.
 */
const CLIENT_DIR = process.env.E2E_CLIENT_DIR ?? process.env.CLIENT_DIR ?? '.tmp/e2e-client';

/** Journeys run before all others (see `projects`). */
const FIRST = /\/(company-switcher|login)\.spec\.ts$/;

/** A real API server serving the built client (npm run e2e builds it first), with a fresh database under .tmp each run. */
function server(name: string, port: number, env = '') {
  return {
    command:
      `rm -rf .tmp/e2e-${name}-${port} && mkdir -p .tmp/e2e-${name}-${port} && ${env} DATA_DIR=.tmp/e2e-${name}-${port} CLIENT_DIR=${CLIENT_DIR} PORT=${port} SEED_PRODUCTS=300 ` +
      'RATE_LIMIT_LOGIN_PER_MINUTE=1000 RATE_LIMIT_FORGOT_PER_MINUTE=1000 RATE_LIMIT_SEARCH_PER_MINUTE=100000 LOG_LEVEL=warn npx tsx server/main.ts',
    url: `http://localhost:${port}/health`,
    reuseExistingServer: !CI,
    // A limit for a hang: two servers migrating and seeding while other work keeps both cores busy took over 120 s.
    timeout: 300_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'e2e',
  // The machine has 2 cores, and the tests share the demo users of one database.
  workers: 1,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  reporter: 'list',
  // Limits for a hang, not for speed (issue #16): a long journey on a 2-core machine kept busy by other work takes
  // two minutes where a quiet one takes forty seconds. Every wait is for a condition; these only end a stuck test.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  outputDir: process.env.E2E_PORT ? `test-results/${PORT_A}` : 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    headless: true,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The journeys that need the demo users as the seed made them (personal@ with no company chosen) run first, on
    // the one worker, before later journeys pick companies for those users (the API has no way to un-choose one).
    { name: 'first', testMatch: FIRST, use: { baseURL: SERVER_A } },
    { name: 'app', testIgnore: [/session\.spec\.ts/, FIRST], use: { baseURL: SERVER_A } },
    { name: 'session', testMatch: /session\.spec\.ts/, use: { baseURL: SERVER_B } },
  ],
  webServer: [server('a', PORT_A, 'DEV_CLOCK=true'), server('b', PORT_A + 1, 'TOKEN_TTL_SECONDS=15')],
});
