import { expect, test } from './fixtures';
import { users } from './support/users';

/** Runs against server B, whose tokens live 15 seconds. */
test.describe('session renewal', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, '10001');
  });

  test('the 5-minute check renews the token without the user noticing', async ({ app, api, page }) => {
    const company = await api.company(users.kund, '10001');
    await page.clock.install();
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible(company.name);
    const before = await app.cookie('token');
    const renewed = page.waitForResponse((r) => r.url().endsWith('/v1/auth/renew') && r.status() === 200);

    await page.clock.fastForward('05:01');

    await renewed;
    await expect.poll(() => app.cookie('token')).not.toBe(before);
    const timestamp = await app.cookie('timestamp');
    expect(Date.parse(decodeURIComponent(timestamp ?? ''))).toBeGreaterThan(Date.now());

    // Still logged in and working: a fresh page load reads the new cookies.
    await page.reload();
    await app.profile.expectVisible(company.name);
  });

  test('a 401 from an expired token renews once and retries', async ({ app, api, page }) => {
    const company = await api.company(users.kund, '10001');
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible(company.name);
    const before = await app.cookie('token');

    await api.waitUntilTokenExpired(before!); // past the 15 s token lifetime

    const statuses: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/v1/')) statuses.push(`${r.request().method()} ${path} ${r.status()}`);
    });
    await app.header.companyButton.click();
    await app.switcher.expectOpen('customer');
    await expect(app.switcher.option('10002')).toBeVisible();

    expect(statuses).toEqual(
      expect.arrayContaining([
        'GET /v1/customer/companies 401',
        'POST /v1/auth/renew 200',
        'GET /v1/customer/companies 200',
      ]),
    );
    expect(await app.cookie('token')).not.toBe(before);
  });

  test('a failed renewal logs out and goes to the start page', async ({ api, app, page }) => {
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    await page.route('**/v1/auth/renew', (route) =>
      route.fulfill({ status: 401, json: { code: 'Unauthorized', message: 'Du behöver logga in igen.' } }),
    );
    await api.waitUntilTokenExpired((await app.cookie('token'))!);

    await app.header.companyButton.click();

    await app.home.expectVisible();
    await expect(app.header.loginLink).toBeVisible();
    await expect(app.toasts.region).toContainText('Din session har gått ut');
    expect(await app.cookie('token')).toBeUndefined();
  });
});
