import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class ForgotPasswordScreen {
  readonly heading;
  readonly email;
  readonly submit;
  readonly sentHeading;
  readonly spamHint;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Glömt lösenordet?' });
    this.email = main.getByRole('textbox', { name: 'E-postadress' });
    this.submit = main.getByRole('button', { name: 'Skicka länk' });
    this.sentHeading = main.getByRole('heading', { level: 1, name: 'Kolla din e-post' });
    this.spamHint = main.getByText('Har du inte fått något mejl inom 5 minuter? Titta i skräpposten.');
  }

  async goto() {
    await this.page.goto('/login/forgot-password');
    await expect(this.heading).toBeVisible();
    await this.axe.check();
  }

  async request(email: string) {
    await this.email.fill(email);
    await this.submit.click();
    await expect(this.sentHeading).toBeVisible();
    await expect(this.page.getByText(`Om det finns ett konto för ${email}`)).toBeVisible();
    await expect(this.spamHint).toBeVisible();
    await this.axe.check('sent');
  }
}
