import { expect, type Page } from '@playwright/test';

export class Header {
  readonly banner;
  readonly companyButton;
  readonly userMenuButton;
  readonly loginLink;

  constructor(private readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.companyButton = page.getByTestId('header-company');
    this.userMenuButton = this.banner.getByRole('button', { name: /^Användarmeny/ });
    this.loginLink = this.banner.getByRole('link', { name: 'Logga in' });
  }

  async openUserMenu() {
    await this.userMenuButton.click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async chooseFromUserMenu(item: 'Mina sidor' | 'Inställningar' | 'Byt företag' | 'Logga ut') {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  /**
   * Logs out: done when the header offers "Logga in" again — or when the app asks first because changes still wait
   * (the caller answers that question). Logout finishes asynchronously, so a test must not navigate before this.
   */
  async logout() {
    await this.chooseFromUserMenu('Logga ut');
    await expect(this.loginLink.or(this.page.getByRole('dialog', { name: 'Logga ut?' }))).toBeVisible();
  }
}
