import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

/** /login/email-registration?token=… */
export class RegistrationScreen {
  readonly heading;
  readonly password;
  readonly confirmPassword;
  readonly submit;
  readonly rules;
  readonly doneHeading;
  readonly toProfile;
  readonly alert;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Aktivera ditt konto' });
    this.password = main.getByLabel('Välj lösenord', { exact: true });
    this.confirmPassword = main.getByLabel('Upprepa lösenordet', { exact: true });
    this.submit = main.getByRole('button', { name: 'Aktivera kontot' });
    this.rules = main.locator('li[data-met]');
    this.doneHeading = main.getByRole('heading', { level: 1, name: 'Registrering klar' });
    this.toProfile = main.getByRole('link', { name: 'Till Mina sidor' });
    this.alert = main.getByRole('alert');
  }

  async open(link: string) {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Aktivera konto | Skafferi');
    await this.axe.check();
  }

  rule(text: string) {
    return this.rules.filter({ hasText: text });
  }
}
