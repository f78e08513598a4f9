import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Pwa } from './pages/Pwa';
import { users } from './support/users';

// The demo's rules (contract/rules/redirects.ts DEFAULT_REDIRECT_RULES; server A runs without REDIRECT_RULES):
// /mina-listor… → /profil/inkopslistor (301, query kept) and /leverantor → https://example.com/ (302).
const SUPPLIER = 'https://example.com/';

/** The supplier's site, answered here: the machine has no internet. */
async function routeSupplierSite(page: Page) {
  await page.route(`${SUPPLIER}**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="sv"><head><title>Leverantören</title></head><body><main><h1>Leverantören</h1></main></body></html>',
    }),
  );
}

/**
 * A back navigation inside the running app to `path`: the browser's history holds the address (as a tab's history
 * does after the address got a rule), the visitor steps back to it and the app's router takes the navigation.
 */
async function stepBackTo(page: Page, path: string) {
  await page.evaluate((to) => {
    const here = `${window.location.pathname}${window.location.search}`;
    window.history.pushState(null, '', to);
    window.history.pushState(null, '', here);
    window.history.back();
  }, path);
}

/** A mark on the running page: it survives a router navigation and is gone after a full page load. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { redirectMark: 'kvar' }));
const pageMark = (page: Page) => page.evaluate(() => (window as { redirectMark?: string }).redirectMark ?? null);

test.describe('path-based redirect rules (SPEC §2)', () => {
  test.beforeEach(async ({ api, app }) => {
    await api.setDefaultCompany(users.kund, '10001');
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
  });

  test('an in-app navigation to a redirected path ends on the target without a full page load', async ({
    page,
    axe,
  }) => {
    await markPage(page);
    await stepBackTo(page, '/mina-listor/gamla?sida=2');
    await expect(page).toHaveURL(/\/profil\/inkopslistor\?sida=2$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Inköpslistor' })).toBeVisible();
    expect(await pageMark(page)).toBe('kvar');
    await axe.check('purchase lists after a redirect');
    // The target took the redirected address's place in the history: back is the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/profil$/);
    expect(await pageMark(page)).toBe('kvar');
  });

  test('an in-app navigation to a path with an absolute target leaves the app with a full page load', async ({
    page,
    axe,
  }) => {
    await routeSupplierSite(page);
    await markPage(page);
    await stepBackTo(page, '/leverantor');
    await expect(page).toHaveURL(SUPPLIER);
    await expect(page.getByRole('heading', { level: 1, name: 'Leverantören' })).toBeVisible();
    expect(await pageMark(page)).toBeNull();
    await axe.check('the supplier site');
  });

  test('a start from the service worker’s cached app on a redirected path ends on the target', async ({ page }) => {
    // The worker answers navigations with its precached app, never asking the server for the 301.
    await new Pwa(page).waitForControl();
    await page.goto('/mina-listor?sida=2');
    await expect(page).toHaveURL(/\/profil\/inkopslistor\?sida=2$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Inköpslistor' })).toBeVisible();
  });

  test.describe('a first load, with no service worker to answer it from the cached app', () => {
    test.use({ serviceWorkers: 'block' });

    test('a first load of a redirected path is answered by the server with the rule’s 301 or 302', async ({
      page,
      axe,
    }) => {
      const moved = await page.goto('/mina-listor?sida=2');
      expect(moved?.request().redirectedFrom()?.url()).toMatch(/\/mina-listor\?sida=2$/);
      expect((await moved?.request().redirectedFrom()?.response())?.status()).toBe(301);
      await expect(page).toHaveURL(/\/profil\/inkopslistor\?sida=2$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Inköpslistor' })).toBeVisible();
      await axe.check('purchase lists after a first-load redirect');

      // Playwright does not route the target of a server redirect (the supplier's host has no address here), so the
      // absolute rule's answer is read as it leaves the server.
      const away = await page.request.get('/leverantor', { maxRedirects: 0 });
      expect(away.status()).toBe(302);
      expect(away.headers().location).toBe(SUPPLIER);
    });
  });
});
