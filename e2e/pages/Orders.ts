import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import { test as base } from './Cart';

/** /profil/bestallningar, an order's page, and /profil/populara-artiklar. */
export class OrdersScreen {
  readonly heading;
  readonly search;
  readonly rows;
  readonly detailHeading;
  readonly reorder;
  readonly pdf;
  readonly popularRows;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Mina beställningar' });
    this.search = main.getByRole('searchbox', { name: 'Sök ordernummer eller referens' });
    this.rows = main.getByTestId('order-history-row');
    this.detailHeading = main.getByRole('heading', { level: 1, name: /^Beställning / });
    this.reorder = main.getByRole('button', { name: 'Beställ igen' });
    this.pdf = main.getByRole('button', { name: 'Ladda ner PDF' });
    this.popularRows = main.getByTestId('popular-row');
  }

  async goto() {
    await this.page.goto('/profil/bestallningar');
    await expect(this.heading).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
    await this.axe.check('orders');
  }

  async open(orderNumber: string) {
    await this.rows.getByRole('link', { name: orderNumber, exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`/profil/bestallningar/${orderNumber}$`));
    await expect(this.detailHeading).toHaveText(`Beställning ${orderNumber}`);
    await this.axe.check('order detail');
  }

  async gotoPopular() {
    await this.page.goto('/profil/populara-artiklar');
    await expect(
      this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Populära artiklar' }),
    ).toBeVisible();
    await expect(this.popularRows.first()).toBeVisible();
    await this.axe.check('popular articles');
  }
}

export const test = base.extend<{ orders: OrdersScreen }>({
  orders: async ({ page, axe }, use) => use(new OrdersScreen(page, axe)),
});

export { expect };
