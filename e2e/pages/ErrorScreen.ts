import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class ErrorScreen {
  readonly heading;
  readonly statusText;
  readonly backButton;
  readonly contactLink;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Oopsie!' });
    this.statusText = page.getByTestId('error-status-text');
    this.backButton = page.getByRole('button', { name: 'Tillbaka till startsidan' });
    this.contactLink = page.getByRole('main').getByRole('link', { name: 'kundservice@skafferi.test' });
  }

  async expectVisible(status: number) {
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(`felkod ${status}`)).toBeVisible();
    await expect(this.contactLink).toHaveAttribute('href', 'mailto:kundservice@skafferi.test');
    await this.axe.check(`error ${status}`);
  }
}
