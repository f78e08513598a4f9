import { expect, test } from './fixtures';
import { users } from './support/users';

test.describe('company switcher', () => {
  test('opens by itself about 3 s after start for a user without a company, and cannot be closed', async ({
    app,
    page,
  }) => {
    await app.login.loginAs(users.personal);
    const landed = Date.now();
    await expect(app.profile.heading).toBeVisible();
    await expect(app.switcher.dialog).toBeHidden();

    await app.switcher.expectOpen();
    expect(Date.now() - landed).toBeGreaterThan(2000);

    // No close button, Escape and a click outside do nothing.
    await expect(app.switcher.closeButton).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(app.switcher.dialog).toBeVisible();

    // Again after a reload (start-up).
    await page.reload();
    await expect(app.profile.heading).toBeVisible();
    await expect(app.switcher.dialog).toBeHidden();
    await app.switcher.expectOpen();
  });

  test('staff list: 5 per page, "Visa fler", and "Visar X av Y"', async ({ app, api }) => {
    const activeTotal = await api.companyCount(false);
    const allTotal = await api.companyCount(true);
    expect(allTotal).toBeGreaterThan(activeTotal);

    await app.login.loginAs(users.personal);
    await app.switcher.expectOpen();
    await app.switcher.expectShowing(5, activeTotal);

    await app.switcher.showMore.click();
    await app.switcher.expectShowing(10, activeTotal);
    // Focus moved to the first company that was added.
    await expect(app.switcher.options.nth(5).getByRole('button')).toBeFocused();

    // Load everything: the button goes when the last page is in.
    while (await app.switcher.showMore.isVisible()) {
      const before = await app.switcher.options.count();
      await app.switcher.showMore.click();
      await expect(app.switcher.options).not.toHaveCount(before);
    }
    await app.switcher.expectShowing(activeTotal, activeTotal);
    await expect(app.switcher.showMore).toHaveCount(0);

    // 'Inkludera inaktiva' starts over at page 1.
    await app.switcher.toggleIncludeInactive();
    await expect(app.switcher.includeInactive).toBeChecked();
    await app.switcher.expectShowing(5, allTotal);
    await expect(app.switcher.showMore).toBeVisible();
    await app.axe.check('include inactive');
  });

  test('staff search: debounced, Enter and the button start at page 1; no users and no hits are explained', async ({
    app,
    api,
    page,
  }) => {
    const empty = await api.company(users.personal, '10030');
    await app.login.loginAs(users.personal);
    await app.switcher.expectOpen();
    await app.switcher.showMore.click();
    await expect(app.switcher.options).toHaveCount(10);

    await app.switcher.search.fill(empty.name);
    await expect(app.switcher.option('10030')).toBeVisible();
    await expect(app.switcher.option('10030')).toHaveAttribute('aria-disabled', 'true');
    await expect(app.switcher.option('10030')).toContainText('Inga kunder är kopplade till det här företaget');
    await app.axe.check('search with disabled company');

    // Choosing it does nothing.
    let patched = false;
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patched = true;
    });
    await app.switcher.option('10030').click({ force: true });
    await expect(app.switcher.dialog).toBeVisible();
    expect(patched).toBe(false);

    // Enter and the search button search again from page 1.
    await app.switcher.search.fill('');
    await expect(app.switcher.options).toHaveCount(5);
    await app.switcher.showMore.click();
    await expect(app.switcher.options).toHaveCount(10);
    await app.switcher.search.press('Enter');
    await expect(app.switcher.options).toHaveCount(5);
    await app.switcher.showMore.click();
    await expect(app.switcher.options).toHaveCount(10);
    await app.switcher.searchButton.click();
    await expect(app.switcher.options).toHaveCount(5);

    await app.switcher.search.fill('zzzqqq-finns-inte');
    await expect(app.switcher.emptyText).toBeVisible();
    await app.axe.check('no hits');
  });

  test('switching company shows the toast and lands on Mina sidor', async ({ app, api, page }) => {
    await api.setDefaultCompany(users.kund, '10001');
    const [first, second] = await Promise.all([api.company(users.kund, '10001'), api.company(users.kund, '10002')]);
    try {
      await app.login.loginAs(users.kund);
      await app.profile.expectVisible(first.name);
      // Scrolled down the page: after the switch the page starts from the top.
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');

      await app.header.companyButton.click();
      await app.switcher.expectOpen('customer');
      await app.switcher.expectShowing(2, 2);
      await expect(app.switcher.option('10001')).toHaveAttribute('aria-current', 'true');
      await expect(app.switcher.closeButton).toBeVisible();

      await app.switcher.option('10002').click();

      await expect(app.switcher.dialog).toBeHidden();
      await expect(app.toasts.byId('customer_updated')).toContainText(`Du handlar nu för ${second.name}`);
      await app.profile.expectVisible(second.name);
      await expect(app.header.companyButton).toContainText(second.name);
      expect(await page.evaluate('window.scrollY')).toBe(0);
    } finally {
      await api.setDefaultCompany(users.kund, '10001');
    }
  });

  test('choosing the current company only closes', async ({ app, api, page }) => {
    await api.setDefaultCompany(users.kund, '10001');
    await app.login.loginAs(users.kund);
    await app.header.chooseFromUserMenu('Byt företag');
    await app.switcher.expectOpen('customer');

    let patched = false;
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patched = true;
    });
    await app.switcher.option('10001').click();
    await expect(app.switcher.dialog).toBeHidden();
    expect(patched).toBe(false);
    await expect(app.toasts.byId('customer_updated')).toHaveCount(0);
    // Focus went back to where it came from.
    await expect(app.header.userMenuButton).toBeFocused();
  });

  test('with a company chosen it closes with the button, Escape or a click outside', async ({ app, page }) => {
    await app.login.loginAs(users.kund);
    await app.header.companyButton.click();
    await app.switcher.expectOpen('customer');
    await page.keyboard.press('Escape');
    await expect(app.switcher.dialog).toBeHidden();
    await expect(app.header.companyButton).toBeFocused();

    await app.header.companyButton.click();
    await app.switcher.closeButton.click();
    await expect(app.switcher.dialog).toBeHidden();
  });
});
