import type { Page } from '@playwright/test';

export class Toasts {
  readonly region;

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Aviseringar' });
  }

  byId(id: string) {
    return this.region.locator(`[data-toast-id="${id}"]`);
  }
}
