import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import type { DemoUser } from '../support/users';

export class LoginScreen {
  readonly heading;
  readonly email;
  readonly password;
  readonly submit;
  readonly formError;
  readonly forgotLink;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Logga in' });
    this.email = main.getByRole('textbox', { name: 'E-postadress' });
    this.password = main.getByLabel('Lösenord', { exact: true });
    this.submit = main.getByRole('button', { name: 'Logga in' });
    this.formError = main.getByRole('alert');
    this.forgotLink = main.getByRole('link', { name: 'Glömt lösenordet?' });
  }

  async goto() {
    await this.page.goto('/login');
    await this.expectVisible();
  }

  async expectVisible() {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Logga in | Skafferi');
    await this.axe.check();
  }

  async fill(user: DemoUser) {
    await this.email.fill(user.email);
    await this.password.fill(user.password);
  }

  /** Logs in from the login page and waits for Mina sidor. */
  async loginAs(user: DemoUser) {
    await this.goto();
    await this.fill(user);
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/profil$/);
  }
}
