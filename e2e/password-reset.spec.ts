import { expect, test } from './fixtures';
import { users } from './support/users';

test.describe('forgot and reset password', () => {
  test('always the same answer, even for an unknown address', async ({ app }) => {
    await app.forgotPassword.goto();
    await app.forgotPassword.request('finns-inte@example.se');
  });

  test('reset through the mailbox, with the live password rules, then log in; the link works once', async ({
    app,
    api,
    page,
  }) => {
    const user = users.ny;
    const newPassword = 'Nytt#Pass9';
    try {
      await app.login.goto();
      await app.login.forgotLink.click();
      await expect(app.forgotPassword.heading).toBeVisible();
      const since = new Date(Date.now() - 1000);
      await app.forgotPassword.request(user.email);

      const link = await api.latestResetLink(user.email, since);
      await app.resetPassword.open(link);
      await expect(app.resetPassword.password).toBeFocused();

      // The rules follow the typing.
      await expect(app.resetPassword.rules).toHaveCount(5);
      await app.resetPassword.password.fill('abc');
      await expect(app.resetPassword.rule('Minst en liten bokstav')).toHaveAttribute('data-met', 'true');
      await expect(app.resetPassword.rule('Minst 6 tecken')).toHaveAttribute('data-met', 'false');
      await expect(app.resetPassword.rule('Minst en siffra')).toHaveAttribute('data-met', 'false');
      await app.resetPassword.password.fill(newPassword);
      for (const rule of [
        'Minst 6 tecken',
        'Minst en siffra',
        'Minst ett specialtecken',
        'Minst en stor bokstav',
        'Minst en liten bokstav',
      ]) {
        await expect(app.resetPassword.rule(rule)).toHaveAttribute('data-met', 'true');
      }

      // The confirmation must match.
      await app.resetPassword.confirmPassword.fill('Annat#Pass9');
      await app.resetPassword.submit.click();
      await expect(page.getByText('Fälten matchar inte.')).toBeVisible();
      await expect(app.resetPassword.confirmPassword).toBeFocused();
      await app.axe.check('mismatch');

      await app.resetPassword.confirmPassword.fill(newPassword);
      await app.resetPassword.submit.click();
      await expect(app.resetPassword.doneHeading).toBeVisible();
      await app.axe.check('done');

      await app.resetPassword.toLogin.click();
      await app.login.expectVisible();
      await app.login.fill({ email: user.email, password: newPassword });
      await app.login.submit.click();
      await app.profile.expectVisible();
      // A user without a company is told so once, by the switcher opening 3 s after the login: closed before the user
      // menu is used, which the open switcher would otherwise cover.
      await app.switcher.expectOpen();
      await page.keyboard.press('Escape');
      await expect(app.switcher.dialog).toBeHidden();

      // The used link now says so.
      await app.header.logout();
      await app.resetPassword.open(link);
      await app.resetPassword.password.fill('Tredje#Pass9');
      await app.resetPassword.confirmPassword.fill('Tredje#Pass9');
      await app.resetPassword.submit.click();
      await expect(app.resetPassword.alert).toHaveText(
        'Länken har redan använts. Begär en ny länk för att återställa lösenordet.',
      );
      await expect(page.getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
      await app.axe.check('used link');
    } finally {
      await api.resetPassword(user);
    }
  });

  test('an unknown link is refused with its text', async ({ app, page }) => {
    await page.goto('/login/reset-password?token=detta-ar-ingen-riktig-kod');
    await app.resetPassword.password.fill('Giltigt#1');
    await app.resetPassword.confirmPassword.fill('Giltigt#1');
    await app.resetPassword.submit.click();
    await expect(app.resetPassword.alert).toHaveText('Länken är ogiltig eller har redan använts.');
  });

  test('a link without its code says so', async ({ page, app }) => {
    await page.goto('/login/reset-password');
    await expect(page.getByRole('alert')).toContainText('Länken saknar sin kod');
    await app.axe.check('no token');
  });
});
