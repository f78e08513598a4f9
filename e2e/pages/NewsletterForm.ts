import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import { expectCaptchaSolved } from './ContactForm';

/** The newsletter sign-up (a FormWrapper block with form 'newsletter') and the pages its mailed links lead to. */
export class NewsletterForm {
  readonly form;
  readonly email;
  readonly submit;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.form = page.getByRole('main').getByRole('form', { name: 'Anmälan till nyhetsbrevet' });
    this.email = this.form.getByRole('textbox', { name: 'E-postadress' });
    this.submit = this.form.getByRole('button', { name: 'Prenumerera' });
  }

  async goto(path: string) {
    await this.page.goto(path);
    await expect(this.form).toBeVisible();
    await this.axe.check();
  }

  async subscribe(email: string) {
    await this.email.fill(email);
    await expectCaptchaSolved(this.page);
    await this.submit.click();
  }

  async expectSent(text: string) {
    const sent = this.page.getByRole('main').getByRole('status').filter({ hasText: 'Kolla din inkorg' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(text);
    await this.axe.check('sent');
  }

  /** Opens a link from a mail and lands on the app's page for the outcome. */
  async openLink(link: string, path: string, heading: string) {
    await this.page.goto(link);
    await expect(this.page).toHaveURL(new RegExp(`${path}$`));
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await this.axe.check();
  }
}
