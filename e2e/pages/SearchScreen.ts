import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';

/** The header's instant search (a combo box in the banner). */
export class InstantSearch {
  readonly input: Locator;
  readonly listbox: Locator;

  constructor(private readonly page: Page) {
    this.input = page.getByRole('banner').getByRole('combobox', { name: 'Sök' });
    this.listbox = page.getByRole('listbox');
  }

  option(name: string | RegExp): Locator {
    return this.listbox.getByRole('option', { name });
  }

  /**
   * Types like a person (one key at a time), so the debounce and the suggestions run as they do for a user. The pointer
   * goes to the search box first, as a person's does: the instant search loads when the visitor reaches for the
   * header (until then the box is a plain search field; decision 0069).
   */
  async type(text: string) {
    await this.page.getByRole('banner').getByRole('search').hover();
    await this.input.click();
    await this.input.pressSequentially(text, { delay: 40 });
  }
}

/** /sok: categories, products with sort, facets and paging, tender items and campaigns. */
export class SearchScreen {
  readonly main: Locator;
  readonly heading: Locator;
  readonly field: Locator;
  readonly sort: Locator;
  readonly count: Locator;
  readonly grid: Locator;
  readonly cards: Locator;
  readonly facets: Locator;
  readonly activeFilters: Locator;
  readonly categories: Locator;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.field = this.main.getByRole('searchbox', { name: 'Sök produkter och kategorier' });
    this.sort = this.main.getByRole('combobox', { name: 'Sortera' });
    this.count = this.main.getByTestId('listing-count');
    this.grid = this.main.getByTestId('product-grid');
    this.cards = this.grid.getByTestId('product-card');
    this.facets = this.main.getByTestId('facets');
    this.activeFilters = this.main.getByTestId('active-filters');
    this.categories = this.main.getByTestId('search-categories');
  }

  async goto(query = '') {
    await this.page.goto(`/sok${query}`);
    await this.expectVisible();
  }

  async expectVisible(state = '') {
    await expect(this.page).toHaveURL(/\/sok(\?|$)/);
    await expect(this.heading).toBeVisible();
    await expect(this.cards.first().or(this.main.getByText(/Inga (träffar|produkter)/).first())).toBeVisible();
    await this.axe.check(state);
  }

  facetGroup(name: string): Locator {
    return this.facets.getByRole('group', { name });
  }

  /** A facet's checkbox by the value's text (its accessible name also carries the count). */
  facetValue(group: string, value: string): Locator {
    return this.facetGroup(group).getByRole('checkbox', { name: new RegExp(`^${value}, \\d+ produkt`) });
  }

  /** Clicks a facet value as a user does (on its label: the checkbox itself is visually hidden). */
  async toggleFacet(group: string, value: string) {
    await this.facetGroup(group)
      .locator('label')
      .filter({ has: this.page.getByRole('checkbox', { name: new RegExp(`^${value}, \\d+ produkt`) }) })
      .click();
  }

  async foundCount(): Promise<number> {
    const text = (await this.count.textContent()) ?? '';
    const match = /(\d[\d\s\u00a0]*) produkt/.exec(text);
    return match ? Number(match[1]!.replace(/\D/g, '')) : 0;
  }

  /** The amounts (öre) shown on the cards, in order. */
  async cardPrices(): Promise<number[]> {
    const texts = await this.cards.getByTestId('price-amount').allTextContents();
    return texts.map((t) => Math.round(Number(t.replace(/[^\d,]/g, '').replace(',', '.')) * 100));
  }
}
