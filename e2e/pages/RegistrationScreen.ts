import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import { expectCaptchaSolved } from './ContactForm';

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
  readonly captchaError;

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
    this.captchaError = main
      .getByTestId('captcha')
      .getByRole('alert')
      .filter({ hasText: 'Verifieringen att du inte är en robot misslyckades. Försök igen.' });
  }

  async open(link: string) {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Aktivera konto | Skafferi');
    await this.axe.check();
  }

  /** The form's bot protection (ALTCHA) solves its proof of work by itself; activation waits for it. */
  async expectCaptchaSolved() {
    await expectCaptchaSolved(this.page);
  }

  rule(text: string) {
    return this.rules.filter({ hasText: text });
  }
}
