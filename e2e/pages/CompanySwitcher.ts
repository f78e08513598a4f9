import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

export class CompanySwitcher {
  readonly dialog;
  readonly closeButton;
  readonly search;
  readonly searchButton;
  readonly includeInactive;
  readonly list;
  readonly options;
  readonly showMore;
  readonly progress;
  readonly emptyText;
  readonly contactNotice;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.dialog = page.getByRole('dialog', { name: 'Välj företag' });
    this.closeButton = this.dialog.getByRole('button', { name: 'Stäng' });
    this.search = this.dialog.getByRole('searchbox', { name: 'Sök företag' });
    this.searchButton = this.dialog.getByRole('button', { name: 'Sök', exact: true });
    this.includeInactive = this.dialog.getByRole('checkbox', { name: 'Inkludera inaktiva' });
    this.list = this.dialog.getByRole('list', { name: 'Företag' });
    this.options = this.list.getByRole('listitem');
    this.showMore = this.dialog.getByRole('button', { name: 'Visa fler' });
    this.progress = this.dialog.getByRole('progressbar');
    this.emptyText = this.dialog.getByText('Inga företag hittades, sök på något annat');
    this.contactNotice = this.dialog.getByText(/Kontakta kundservice/);
  }

  /** Clicks the checkbox's label, as a user does (React Aria hides the input itself visually). */
  async toggleIncludeInactive() {
    await this.dialog.locator('label', { hasText: 'Inkludera inaktiva' }).click();
  }

  option(code: string) {
    return this.dialog.locator(`[data-company-code="${code}"]`);
  }

  async expectOpen(state = 'company switcher') {
    await expect(this.dialog).toBeVisible();
    await this.axe.check(state);
  }

  async expectShowing(count: number, total: number) {
    await expect(this.progress).toHaveAttribute('aria-valuetext', `Visar ${count} av ${total}`);
    await expect(this.dialog.getByText(`Visar ${count} av ${total}`, { exact: true }).first()).toBeVisible();
    await expect(this.options).toHaveCount(count);
  }
}
