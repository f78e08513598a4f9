import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class ResetPasswordScreen {
  readonly heading;
  readonly password;
  readonly confirmPassword;
  readonly submit;
  readonly rules;
  readonly doneHeading;
  readonly toLogin;
  readonly alert;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Välj ett nytt lösenord' });
    this.password = main.getByLabel('Nytt lösenord', { exact: true });
    this.confirmPassword = main.getByLabel('Upprepa lösenordet', { exact: true });
    this.submit = main.getByRole('button', { name: 'Spara lösenord' });
    this.rules = main.locator('li[data-met]');
    this.doneHeading = main.getByRole('heading', { level: 1, name: 'Lösenordet är bytt' });
    this.toLogin = main.getByRole('link', { name: 'Till inloggningen' });
    this.alert = main.getByRole('alert');
  }

  async open(link: string) {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`);
    await expect(this.heading).toBeVisible();
    await this.axe.check();
  }

  rule(text: string) {
    return this.rules.filter({ hasText: text });
  }
}
