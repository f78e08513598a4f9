import { expect, test } from './fixtures';
import { users } from './support/users';

test.describe('error screens', () => {
  test('an unknown path shows the 404 page', async ({ app, page }) => {
    await page.goto('/finns-inte/alls');
    await app.error.expectVisible(404);
    await expect(page.getByText('Sidan hittades inte: /finns-inte/alls')).toBeVisible();
    await expect(app.error.statusText).toHaveText('Sidan kunde inte hittas');
    await expect(page).toHaveTitle(/^404 /);
    await expect(app.error.heading).toBeFocused();

    await app.error.backButton.click();
    await app.home.expectVisible();
  });

  test('a failing page load shows "Oopsie!" with status 500 and leads back to the start page', async ({
    app,
    page,
    api,
  }) => {
    await api.setDefaultCompany(users.kund, '10001');
    await app.login.loginAs(users.kund);
    await page.route('**/v1/company/10001', (route) =>
      route.fulfill({ status: 500, json: { code: 'InternalError', message: 'Ett internt fel inträffade.' } }),
    );

    await page.reload();

    await app.error.expectVisible(500);
    await expect(app.error.statusText).toHaveText('Ett internt fel inträffade');
    await expect(page).toHaveTitle(/^500 /);

    await page.unroute('**/v1/company/10001');
    await app.error.backButton.click();
    await app.home.expectVisible();
    await expect(app.header.userMenuButton).toBeVisible();
  });

  test('when loading the state at start-up fails, the token goes and an auth page goes to /login', async ({
    app,
    page,
  }) => {
    await app.login.loginAs(users.kund);
    await page.route('**/v1/customer/', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { code: 'InternalError', message: 'Fel' } })
        : route.fallback(),
    );

    await page.reload();

    await app.login.expectVisible();
    expect(await app.cookie('token')).toBeUndefined();
  });

  test('when renewal fails at start-up, the user is logged out and lands on the start page', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    const unauthorized = { status: 401, json: { code: 'Unauthorized', message: 'Du behöver logga in igen.' } };
    await page.route('**/v1/customer/', (route) => route.fulfill(unauthorized));
    await page.route('**/v1/auth/renew', (route) => route.fulfill(unauthorized));

    await page.reload();

    await app.home.expectVisible();
    await expect(app.toasts.region).toContainText('Din session har gått ut');
    expect(await app.cookie('token')).toBeUndefined();
  });

  test('dark mode: the main screens meet contrast rules too', async ({ app, page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await app.axe.check('dark');
    await app.login.goto();
    await app.axe.check('dark');
    await page.goto('/finns-inte');
    await app.error.expectVisible(404);
    await app.axe.check('dark');
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    await app.axe.check('dark');
    await app.header.companyButton.click();
    await app.switcher.expectOpen('dark');
  });

  test('the colour mode choice is kept', async ({ page }) => {
    const choose = (name: string) => page.getByRole('contentinfo').locator('label', { hasText: name }).click();
    await page.goto('/');
    await choose('Mörkt');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('radio', { name: 'Mörkt' })).toBeChecked();
    await choose('Ljust');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});
