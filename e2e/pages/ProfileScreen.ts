import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class ProfileScreen {
  readonly heading;
  readonly companyName;
  readonly changeCompany;
  readonly areas;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Mina sidor' });
    this.companyName = page.getByTestId('profile-company-name');
    this.changeCompany = main.getByRole('button', { name: 'Byt företag' });
    this.areas = main.getByRole('navigation', { name: 'Genvägar' });
  }

  async expectVisible(companyName?: string) {
    await expect(this.page).toHaveURL(/\/profil$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Mina sidor | Skafferi');
    if (companyName) await expect(this.companyName).toHaveText(companyName);
    await this.axe.check(companyName ?? '');
  }

  area(name: string) {
    return this.areas.getByRole('link', { name: new RegExp(`^${name}`) });
  }
}
