import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export type ContactMessage = {
  name: string;
  company: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
};

/** Waits until the form's ALTCHA widget has solved its proof of work by itself. */
export async function expectCaptchaSolved(page: Page) {
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeAttached();
  await expect
    .poll(() => widget.evaluate((el) => (el as HTMLElement & { getState(): string }).getState()), { timeout: 30_000 })
    .toBe('verified');
}

/** The contact form on the content page /kontakt (a FormWrapper block with form 'contact'). */
export class ContactForm {
  readonly form;
  readonly submit;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.form = page.getByRole('main').getByRole('form', { name: 'Kontaktformulär' });
    this.submit = this.form.getByRole('button', { name: 'Skicka meddelande' });
  }

  field(label: string) {
    return this.form.getByRole('textbox', { name: label, exact: false });
  }

  async goto() {
    await this.page.goto('/kontakt');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Kontakta oss' })).toBeVisible();
    await expect(this.form).toBeVisible();
    await this.axe.check();
  }

  async fill(message: ContactMessage) {
    await this.form.getByRole('textbox', { name: 'Namn *' }).fill(message.name);
    await this.form.getByRole('textbox', { name: 'Företag *' }).fill(message.company);
    await this.form.getByRole('textbox', { name: 'E-postadress *' }).fill(message.email);
    if (message.phone) await this.form.getByRole('textbox', { name: 'Telefon' }).fill(message.phone);
    await this.form.getByRole('textbox', { name: 'Ämne *' }).fill(message.subject);
    await this.form.getByRole('textbox', { name: 'Meddelande *' }).fill(message.message);
  }

  async send() {
    await expectCaptchaSolved(this.page);
    await this.submit.click();
  }

  async expectSent(text: string) {
    const sent = this.page.getByRole('main').getByRole('status').filter({ hasText: 'Meddelandet är skickat' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(text);
    await expect(sent).toBeFocused();
    await this.axe.check('sent');
  }
}
