import { expect, test } from './fixtures';
import { CUSTOMER_SERVICE_EMAIL, users } from './support/users';

test.describe('logging in', () => {
  test('kund lands on Mina sidor with company 10001', async ({ app, api, page }) => {
    await api.setDefaultCompany(users.kund, '10001');
    const company = await api.company(users.kund, '10001');

    await app.login.loginAs(users.kund);

    await app.profile.expectVisible(company.name);
    await expect(app.header.companyButton).toContainText(company.name);
    await expect(page.getByRole('navigation', { name: 'Brödsmulor' })).toContainText('Startsida');
    expect(await app.cookie('token')).toBeTruthy();
    expect(await app.cookie('timestamp')).toBeTruthy();
    // A customer is not a customer administrator.
    await expect(app.profile.area('Beställningar')).toBeVisible();
    await expect(app.profile.area('Hantera användare')).toHaveCount(0);
  });

  test('session cookies are secure, host-scoped and Lax', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    const cookies = (await page.context().cookies()).filter((c) => c.name === 'token' || c.name === 'timestamp');
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ secure: true, sameSite: 'Lax', path: '/', domain: 'localhost' });
    }
  });

  test('admin sees the link to manage users', async ({ app }) => {
    await app.login.loginAs(users.admin);
    await app.profile.expectVisible();
    await expect(app.profile.area('Hantera användare')).toBeVisible();
  });

  test('personal (staff) is asked to choose among all companies, with search', async ({ app }) => {
    await app.login.loginAs(users.personal);
    await app.profile.expectVisible();
    await app.switcher.expectOpen();
    await expect(app.switcher.search).toBeVisible();
    await expect(app.switcher.includeInactive).toBeVisible();
  });

  test('ny, with no company, is told to contact customer service', async ({ app }) => {
    await app.login.loginAs(users.ny);
    await app.switcher.expectOpen('no company');
    await expect(app.switcher.contactNotice).toBeVisible();
    await expect(app.switcher.dialog.getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${CUSTOMER_SERVICE_EMAIL}`,
    );
    await expect(app.switcher.list).toHaveCount(0);
    // Not trapped: with nothing to choose, the modal can be closed.
    await app.switcher.closeButton.click();
    await expect(app.switcher.dialog).toBeHidden();
    await expect(app.profile.heading).toBeVisible();
  });

  test('wrong password is refused with the Swedish message', async ({ app }) => {
    await app.login.goto();
    await app.login.fill({ email: users.kund.email, password: 'fel-lösenord' });
    await app.login.submit.click();
    await expect(app.login.formError).toHaveText('Ogiltiga inloggningsuppgifter');
    await expect(app.login.heading).toBeVisible();
    await app.axe.check('invalid credentials');
  });

  test('the delayed autofocus does not pull a user out of the field they went into first', async ({ app, page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(app.header.loginLink).toBeVisible();
    // Time stands still: the login screen's 100 ms autofocus (SPEC §9) waits until the user is in the password field.
    await page.clock.pauseAt(Date.now() + 60_000);
    await app.header.loginLink.click();
    await expect(app.login.heading).toBeVisible();
    await app.login.password.click();
    await page.clock.runFor(1_000);
    await expect(app.login.password).toBeFocused();
    await page.keyboard.type('hemligt');
    await expect(app.login.password).toHaveValue('hemligt');
    await expect(app.login.email).toHaveValue('');
    await page.clock.resume(); // time flows again for the closing accessibility check
  });

  test('missing fields: "Fyll i alla fält" and errors next to the fields', async ({ app, page }) => {
    await app.login.goto();
    await expect(app.login.email).toBeFocused();
    await app.login.submit.click();
    await expect(app.login.formError).toHaveText('Fyll i alla fält');
    await expect(app.login.email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Fältet är obligatoriskt.')).toHaveCount(2);
    await expect(app.login.email).toBeFocused();
    await app.axe.check('missing fields');

    // A bad address is pointed out next to the field once the user has typed.
    await app.login.email.fill('inte-en-adress');
    await expect(page.getByText('Ange en giltig e-postadress.')).toBeVisible();
  });

  test('a field is validated only after it has been left', async ({ app, page }) => {
    await page.clock.install();
    await app.login.goto();
    await app.login.email.fill('kalle@');
    // Past the field's wait after typing (SPEC §9) on the page's own clock, not the machine's: the check has run, and
    // still says nothing while the user is in the field.
    await page.clock.runFor(1_000);
    await expect(page.getByText('Ange en giltig e-postadress.')).toHaveCount(0);
    await app.login.password.focus();
    await expect(page.getByText('Ange en giltig e-postadress.')).toBeVisible();
  });

  test('a logged-in user opening /login is sent to the start page', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    await page.goto('/login');
    await app.home.expectVisible();
    await expect(app.header.userMenuButton).toBeVisible();
  });

  test('a protected page without a session goes to /login', async ({ app, page }) => {
    await page.goto('/profil');
    await app.login.expectVisible();
  });

  test('logout clears the session and leaves Mina sidor', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    const logout = page.waitForRequest((r) => r.url().endsWith('/v1/auth/logout') && r.method() === 'POST');

    await app.header.logout();

    await logout;
    // The toast first: it goes after its 5 s, and a busy machine can take longer than that to draw the start page.
    await expect(app.toasts.region).toContainText('Du är utloggad.');
    await app.home.expectVisible();
    await expect(app.header.loginLink).toBeVisible();
    expect(await app.cookie('token')).toBeUndefined();
    expect(await app.cookie('timestamp')).toBeUndefined();
    await page.goto('/profil');
    await app.login.expectVisible();
  });

  test('when the tab becomes visible the cookies are read again (another tab logged out)', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    await page.context().clearCookies();

    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');

    await app.login.expectVisible();
  });

  test('keyboard only: log in and open the user menu', async ({ app, page }) => {
    await app.login.goto();
    await expect(app.login.email).toBeFocused();
    await page.keyboard.type(users.kund.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(users.kund.password);
    await page.keyboard.press('Enter');
    await app.profile.expectVisible();
    // Focus moved to the new page's heading; the user menu is reachable and opens with the keyboard.
    await app.header.userMenuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Mina sidor' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(app.header.userMenuButton).toBeFocused();
  });
});
