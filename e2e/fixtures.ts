import { test as base, expect } from '@playwright/test';
import { Api } from './support/api';
import { AxeChecker } from './support/axe';
import { keepOfflineAcrossLoads } from './support/offline';
import { App } from './pages/App';

interface Fixtures {
  api: Api;
  axe: AxeChecker;
  app: App;
}

/**
 * Every test gets the page models (`app`), an API helper, and an axe checker that the page models call on
 * every screen they wait for — and once more on whatever is showing when the test ends.
 */
export const test = base.extend<Fixtures>({
  // Offline stays offline across reloads, as on a phone (see support/offline.ts).
  context: async ({ context }, use) => {
    await use(keepOfflineAcrossLoads(context));
  },
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
  axe: async ({ page }, use, testInfo) => {
    const axe = new AxeChecker(page, testInfo);
    await use(axe);
    if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http')) {
      await page.waitForLoadState('domcontentloaded');
      await axe.check('end of test');
    }
  },
  app: async ({ page, axe }, use) => {
    await use(new App(page, axe));
  },
});

export { expect };
