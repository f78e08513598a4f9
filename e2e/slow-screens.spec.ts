import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { SearchScreen } from './pages/SearchScreen';
import { users } from './support/users';

const COMPANY = '10001';

/**
 * A slow network for the company's prices and the category tree only: their requests are held (the real server
 * answers them once released), everything else goes through. This models the loaded machine of issue #16, where
 * those answers came seconds after the results; the screens must not wait for them.
 */
async function holdSlowCalls(page: Page) {
  const held: Route[] = [];
  let released = false;
  const hold = async (route: Route) => {
    if (released) await route.continue();
    else held.push(route);
  };
  await page.route(/\/v1\/products\/prices(\?|$)/, hold);
  await page.route(/\/v1\/categories(\?|$)/, hold);
  return {
    /** Lets the held requests (and every later one) through to the server. */
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test.describe('slow screens draw what they have', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('search results show at once, with a placeholder where the company price is coming', async ({ page, app }) => {
    await app.login.loginAs(users.kund);
    const slow = await holdSlowCalls(page);
    const search = new SearchScreen(page, app.axe);
    await page.goto('/sok?q=kaffe');

    // The results are on screen while the prices are still on their way: each price says so.
    const card = search.cards.first();
    await expect(card).toBeVisible();
    await expect(card.getByText('Hämtar pris…')).toBeVisible();
    await expect(card.getByTestId('price-amount')).toHaveCount(0);
    await app.axe.check('search, prices pending');

    await slow.release();
    await expect(card.getByTestId('price-amount')).toBeVisible();
    await expect(card.getByText('Hämtar pris…')).toHaveCount(0);
  });

  test('popular articles show their first rows at once, the others after, while prices and categories are pending', async ({
    page,
    app,
  }) => {
    await app.login.loginAs(users.kund);
    const slow = await holdSlowCalls(page);
    // How many rows the first drawing of the list holds: all 50 at once took seconds on a busy phone (issue #16).
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        const rows = document.querySelectorAll('[data-testid="popular-row"]').length;
        if (rows === 0) return;
        (window as unknown as { firstRows: number }).firstRows = rows;
        seen.disconnect();
      });
      seen.observe(document, { subtree: true, childList: true });
    });
    await page.goto('/profil/populara-artiklar');
    const main = page.getByRole('main');
    const rows = main.getByTestId('popular-row');
    await expect(main.getByRole('heading', { level: 1, name: 'Populära artiklar' })).toBeVisible();
    await expect(rows.first()).toBeVisible();
    // Then the rest of the company's articles (the seed gives 10001 more than ten).
    await expect.poll(() => rows.count()).toBeGreaterThan(10);
    expect(await page.evaluate(() => (window as unknown as { firstRows: number }).firstRows)).toBe(10);
    await app.axe.check('popular articles, prices pending');
    await slow.release();
  });
});
