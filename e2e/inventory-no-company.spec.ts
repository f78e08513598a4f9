import { expect, test } from './fixtures';
import { CUSTOMER_SERVICE_EMAIL, users } from './support/users';

// The stocktaking overview of a user without a linked company (SPEC §6): the notice with customer service's address,
// which since decision 0070's fourth round loads only when it is shown (not in the overview's first load).
test('ny, with no company, opens stocktaking and is told to contact customer service', async ({ app, page, axe }) => {
  await app.login.loginAs(users.ny);
  await app.switcher.expectOpen('no company');
  await app.switcher.closeButton.click();
  await expect(app.switcher.dialog).toBeHidden();

  await page.goto('/profil/inventering');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Inventering' })).toBeVisible();
  await expect(main).toContainText('Inget företag är kopplat till ditt konto');
  await expect(main.getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${CUSTOMER_SERVICE_EMAIL}`,
  );
  await axe.check('stocktaking without a company');
});
