import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class HomeScreen {
  readonly heading;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async expectVisible() {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.heading).toBeVisible();
    // The start page's title comes from its story ("Skafferi – grossist för …").
    await expect(this.page).toHaveTitle(/^Skafferi/);
    await this.axe.check();
  }
}
