import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as table from '../../contract/routes';
import { createTestApp, type TestApp } from './helpers';

/**
 * Decision 0055: every call the server registers is declared in contract/routes, and every declared call is
 * registered (with the dev mailbox and the test clock on). The sitemap files are the only other routes off /api/docs.
 */
let app: TestApp;
const registered = new Set<string>();

beforeAll(async () => {
  app = await createTestApp(
    { DEV_CLOCK: 'true', DEV_MAILBOX: 'true' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
      },
    },
  );
});

afterAll(async () => {
  await app.closeAll();
});

describe('the route table', () => {
  it('is what the server registers', () => {
    const declared = new Set<string>();
    for (const area of Object.values(table))
      if (typeof area === 'object')
        for (const call of Object.values(area as Record<string, table.Call>))
          declared.add(`${call.method} ${call.path}`);
    const served = [...registered].filter((r) => !r.includes(' /api/docs') && !r.includes(' /sitemap'));
    expect(served.sort()).toEqual([...declared].sort());
  });
});
