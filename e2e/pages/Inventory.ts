import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test as base } from '../fixtures';
import type { AxeChecker } from '../support/axe';
import { fillDate } from '../support/date-field';
import type { DemoUser } from '../support/users';
import { SyncStatus } from './PurchaseLists';

/** /profil/inventering and /profil/inventering/{id}: lists, items, totals, exports. */
export class InventoryScreen {
  readonly main;
  readonly items;
  readonly total;
  readonly articleSearch;

  constructor(
    readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.main = page.getByRole('main');
    this.items = this.main.getByTestId('inventory-item');
    this.total = this.main.getByTestId('inventory-total');
    this.articleSearch = this.main.getByRole('textbox', { name: 'Sök artikel' });
  }

  async gotoLists() {
    await this.page.goto('/profil/inventering');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Inventering' })).toBeVisible();
    await this.axe.check('inventory lists');
  }

  async createList(name: string, from: string, to: string) {
    await this.main.getByRole('textbox', { name: 'Namn på listan' }).fill(name);
    await fillDate(this.main, 'Datum från', from);
    await fillDate(this.main, 'Datum till', to);
    await this.main.getByRole('button', { name: 'Skapa lista' }).click();
    await expect(this.main.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async gotoList(id: string, name: string, state = '') {
    await this.page.goto(`/profil/inventering/${id}`);
    await this.expectList(name, state);
  }

  async expectList(name: string, state = '') {
    await expect(this.main.getByRole('heading', { level: 1, name })).toBeVisible();
    await this.axe.check(`inventory list ${state}`);
  }

  item(name: string): Locator {
    return this.items.filter({ has: this.page.getByTestId('item-name').getByText(name, { exact: true }) });
  }

  quantity(name: string): Locator {
    return this.item(name).getByTestId('item-quantity');
  }

  async addArticle(code: string) {
    await this.articleSearch.fill(code);
    await this.main.getByRole('button', { name: 'Lägg till', exact: true }).first().click();
  }

  async openCount() {
    await this.main.getByRole('link', { name: 'Räkna' }).click();
    await expect(this.main.getByRole('heading', { level: 1, name: /^Räkna / })).toBeVisible();
    await this.axe.check('count screen');
  }

  async download(label: 'Exportera till Excel' | 'Exportera till PDF') {
    const waiting = this.page.waitForEvent('download');
    await this.main.getByRole('button', { name: label }).click();
    return waiting;
  }
}

/** /profil/inventering/{id}/rakna: one-hand counting. */
export class CountScreen {
  readonly main;
  readonly last;
  readonly lastQuantity;
  readonly lastScan;
  readonly code;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.last = this.main.getByTestId('last-counted');
    this.lastQuantity = this.main.getByTestId('last-quantity');
    this.lastScan = this.main.getByTestId('last-scan');
    this.code = this.main.getByLabel('Artikelnummer eller EAN');
  }

  async enterCode(code: string) {
    await this.code.fill(code);
    await this.main.getByRole('button', { name: 'Räkna', exact: true }).click();
  }

  async startCamera() {
    await this.main.getByRole('button', { name: 'Skanna' }).click();
    await expect(this.main.getByTestId('scanner-state')).toHaveText('Rikta kameran mot streckkoden');
  }

  async stopCamera() {
    await this.main.getByRole('button', { name: 'Stäng kameran' }).click();
    await expect(this.main.getByTestId('scanner')).toHaveCount(0);
  }

  async typeCount(digits: string) {
    await this.main.getByRole('button', { name: 'Skriv antal' }).click();
    for (const d of digits) await this.main.getByRole('button', { name: d, exact: true }).click();
    await this.main.getByRole('button', { name: 'Spara antal' }).click();
  }
}

export interface IndexedArticle {
  kind: 'product' | 'own';
  id: string;
  articleNumber: string;
  name: string;
  unit: 'piece' | 'carton';
  piecesPerCarton: number;
  gtinPiece: string | null;
  gtinCarton: string | null;
}

export interface ServerInventoryItem {
  id: string;
  name: string;
  articleNumber: string;
  quantity: number;
  unit: 'piece' | 'carton';
  countCount: number;
}

/** What the server stored, read as the user would (API with a Bearer token). */
export class InventoryApi {
  constructor(private readonly request: APIRequestContext) {}

  async token(user: DemoUser): Promise<string> {
    const res = await this.request.post('/v1/auth/login', { data: { email: user.email, password: user.password } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  async articles(user: DemoUser, company: string): Promise<IndexedArticle[]> {
    const token = await this.token(user);
    const res = await this.request.get(`/v1/company/${company}/article-index`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { articles: IndexedArticle[] }).articles;
  }

  /** A list with these catalogue products (counted in `unit`), made on the server. */
  async createList(
    user: DemoUser,
    company: string,
    name: string,
    items: { productId: string; unit?: 'piece' | 'carton' }[],
  ): Promise<string> {
    const headers = { authorization: `Bearer ${await this.token(user)}` };
    const list = await this.request.post(`/v1/company/${company}/inventory-list`, { headers, data: { name } });
    expect(list.status()).toBe(201);
    const { id } = (await list.json()) as { id: string };
    for (const data of items) {
      const item = await this.request.post(`/v1/company/${company}/inventory-list/${id}/item`, { headers, data });
      expect(item.status()).toBe(201);
    }
    return id;
  }

  async items(user: DemoUser, company: string, listId: string): Promise<ServerInventoryItem[]> {
    const headers = { authorization: `Bearer ${await this.token(user)}` };
    const res = await this.request.get(`/v1/company/${company}/inventory-list/${listId}`, { headers });
    return ((await res.json()) as { items: ServerInventoryItem[] }).items;
  }
}

export const test = base.extend<{
  inventory: InventoryScreen;
  counting: CountScreen;
  sync: SyncStatus;
  inventoryApi: InventoryApi;
}>({
  inventory: async ({ page, axe }, use) => use(new InventoryScreen(page, axe)),
  counting: async ({ page }, use) => use(new CountScreen(page)),
  sync: async ({ page, axe }, use) => use(new SyncStatus(page, axe)),
  inventoryApi: async ({ request }, use) => use(new InventoryApi(request)),
});

export { expect };
