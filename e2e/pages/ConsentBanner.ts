import { expect, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

/** One Google consent mode command as pushed to window.dataLayer: ['consent', 'default' | 'update', {…}]. */
export type ConsentSignal = ['consent', 'default' | 'update', Record<string, string | number>];

/** The cookie banner (first visit), the settings dialog and the footer's way back to it. */
export class ConsentBanner {
  readonly banner;
  readonly acceptAll;
  readonly necessaryOnly;
  readonly customize;
  readonly dialog;
  readonly save;
  readonly footerButton;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.banner = page.getByRole('region', { name: 'Vi använder cookies' });
    this.acceptAll = this.banner.getByRole('button', { name: 'Acceptera alla' });
    this.necessaryOnly = this.banner.getByRole('button', { name: 'Endast nödvändiga' });
    this.customize = this.banner.getByRole('button', { name: 'Anpassa' });
    this.dialog = page.getByRole('dialog', { name: 'Cookie-inställningar' });
    this.save = this.dialog.getByRole('button', { name: 'Spara val' });
    this.footerButton = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-inställningar' });
  }

  category(name: string) {
    return this.dialog.getByRole('checkbox', { name });
  }

  /** Ticks or unticks a category as a user does: on its label (the input itself is visually hidden). */
  async toggle(name: string) {
    await this.dialog.locator('label', { hasText: name }).click();
  }

  /** Whether keyboard focus is inside the settings dialog (on the dialog itself or on one of its controls). */
  async focusIsInDialog(): Promise<boolean> {
    return this.page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  }

  async expectBanner() {
    await expect(this.banner).toBeVisible();
    await this.axe.check('cookie banner');
  }

  async openFromFooter() {
    await this.footerButton.click();
    await expect(this.dialog).toBeVisible();
    await this.axe.check('cookie settings');
  }

  /** Every consent command in window.dataLayer, oldest first. */
  async signals(): Promise<ConsentSignal[]> {
    return this.page.evaluate(() =>
      (window.dataLayer ?? [])
        .filter((entry): entry is IArguments => !!entry && typeof entry === 'object' && 'length' in entry)
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === 'consent'),
    ) as Promise<ConsentSignal[]>;
  }

  /** The newest consent update's settings. */
  async lastUpdate(): Promise<Record<string, string | number> | undefined> {
    return (await this.signals()).filter((s) => s[1] === 'update').at(-1)?.[2];
  }
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
