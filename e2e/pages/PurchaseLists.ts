import { expect, type Locator, type Page } from '@playwright/test';
import { test as base } from '../fixtures';
import type { AxeChecker } from '../support/axe';
import { PurchaseListsApi } from '../support/purchase-lists';
import type { DemoUser } from '../support/users';
import type { App } from './App';

/**
 * Logs in like LoginScreen.loginAs, but first lets the login page settle: it moves the focus to the e-mail field
 * 100 ms after it shows (SPEC §9), and a fill that is still typing then would land in the wrong field. Used after
 * the network or the user changed in the middle of a test, when the page is busiest.
 */
export async function logInSettled(app: App, user: DemoUser): Promise<void> {
  await app.login.goto();
  await expect(app.login.email).toBeFocused();
  await app.login.fill(user);
  await app.login.submit.click();
  await expect(app.page).toHaveURL(/\/profil$/);
}

/** /profil/inkopslistor: the company's lists and "Ny inköpslista". */
export class PurchaseListsScreen {
  readonly heading;
  readonly name;
  readonly create;
  readonly formError;
  readonly rows;
  readonly empty;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Inköpslistor' });
    this.name = main.getByRole('textbox', { name: 'Namn på listan' });
    this.create = main.getByRole('button', { name: 'Skapa lista' });
    this.formError = main.getByRole('alert').filter({ hasText: 'Fyll i alla fält' });
    this.rows = main.getByTestId('purchase-list-row');
    this.empty = main.getByTestId('purchase-lists-empty');
  }

  async goto() {
    await this.page.goto('/profil/inkopslistor');
    await this.expectVisible();
  }

  /** Through the breadcrumbs, as a user does (also offline: no page load). */
  async openFromBreadcrumbs() {
    await this.page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Inköpslistor' }).click();
    await this.expectVisible();
  }

  async expectVisible(state = '') {
    await expect(this.page).toHaveURL(/\/profil\/inkopslistor$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Inköpslistor | Skafferi');
    await expect(this.rows.first().or(this.empty)).toBeVisible();
    await this.axe.check(state);
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async createList(name: string) {
    await this.name.fill(name);
    await this.create.click();
  }

  async chooseFromMenu(list: string, action: 'Byt namn' | 'Ta bort') {
    await this.row(list)
      .getByRole('button', { name: `Åtgärder för ${list}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}

/** /profil/inkopslistor/{id}: one list. */
export class PurchaseListScreen {
  readonly main;
  readonly addSection;
  readonly items;
  readonly sort;
  readonly notFound;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.main = page.getByRole('main');
    this.addSection = this.main.getByRole('region', { name: 'Lägg till artikel' });
    this.items = this.main.getByTestId('purchase-list-item');
    this.sort = this.main.getByRole('combobox', { name: 'Sortera' });
    this.notFound = this.main.getByTestId('purchase-list-not-found');
  }

  heading(name: string) {
    return this.main.getByRole('heading', { level: 1, name, exact: true });
  }

  async expectVisible(name: string, state = '') {
    await expect(this.page).toHaveURL(/\/profil\/inkopslistor\/[^/]+$/);
    await expect(this.heading(name)).toBeVisible();
    await expect(this.page).toHaveTitle(`${name} | Skafferi`);
    await this.axe.check(state);
  }

  /** The id of the list in the URL. */
  id(): string {
    return new URL(this.page.url()).pathname.split('/').at(-1) ?? '';
  }

  codeField(kind: 'Artikelnummer' | 'EAN-kod') {
    return this.addSection.getByRole('textbox', { name: kind });
  }

  async add(kind: 'Artikelnummer' | 'EAN-kod', code: string) {
    // React Aria hides the radio input itself visually: a user presses the label.
    await this.addSection
      .getByRole('radiogroup', { name: 'Sök med' })
      .locator('label', { hasText: new RegExp(`^${kind}$`) })
      .click();
    await this.codeField(kind).fill(code);
    await this.addSection.getByRole('button', { name: 'Lägg till', exact: true }).click();
  }

  item(sku: string): Locator {
    return this.main.locator(`[data-testid="purchase-list-item"][data-sku="${sku}"]`);
  }

  quantity(name: string): Locator {
    return this.main.getByRole('textbox', { name: `Antal av ${name}`, exact: true });
  }

  async setQuantity(name: string, value: string) {
    const field = this.quantity(name);
    await field.fill(value);
    await field.press('Enter');
  }

  async itemNames(): Promise<string[]> {
    return this.items.getByTestId('item-name').allTextContents();
  }

  action(name: 'Byt namn' | 'Nollställ antal' | 'Ta bort listan') {
    return this.main.getByRole('group', { name: 'Åtgärder för listan' }).getByRole('button', { name });
  }

  pendingMarkers(): Locator {
    return this.main.getByTestId('pending-marker');
  }
}

/** A dialog of the app (rename, confirm). */
export class Dialog {
  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {}

  get(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async expectOpen(title: string) {
    await expect(this.get(title)).toBeVisible();
    await this.axe.check(`dialog ${title}`);
  }
}

/** The sync status in the header and its panel. */
export class SyncStatus {
  readonly indicator;
  readonly panel;
  readonly syncNow;
  readonly waiting;
  readonly refused;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.indicator = page.getByTestId('sync-indicator');
    this.panel = page.getByRole('dialog', { name: 'Synkstatus' });
    this.syncNow = this.panel.getByRole('button', { name: 'Synka nu' });
    this.waiting = this.panel.getByTestId('sync-waiting').getByRole('listitem');
    this.refused = this.panel.getByTestId('sync-refused').getByRole('listitem');
  }

  async expectState(state: 'synced' | 'offline' | 'syncing' | 'waiting' | 'refused' | 'blocked', pending?: number) {
    await expect(this.indicator).toHaveAttribute('data-sync-state', state);
    if (pending !== undefined) await expect(this.indicator).toHaveAttribute('data-waiting', String(pending));
  }

  async open(state = '') {
    await this.indicator.click();
    await expect(this.panel).toBeVisible();
    await this.axe.check(`sync panel ${state}`);
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.panel).toBeHidden();
  }
}

interface PurchaseListFixtures {
  lists: PurchaseListsScreen;
  list: PurchaseListScreen;
  dialogs: Dialog;
  sync: SyncStatus;
  listsApi: PurchaseListsApi;
}

/** The app's fixtures plus the purchase-list screens, the sync status and the lists API. */
export const test = base.extend<PurchaseListFixtures>({
  lists: async ({ page, axe }, use) => use(new PurchaseListsScreen(page, axe)),
  list: async ({ page, axe }, use) => use(new PurchaseListScreen(page, axe)),
  dialogs: async ({ page, axe }, use) => use(new Dialog(page, axe)),
  sync: async ({ page, axe }, use) => use(new SyncStatus(page, axe)),
  listsApi: async ({ request }, use) => use(new PurchaseListsApi(request)),
});

export { expect };
