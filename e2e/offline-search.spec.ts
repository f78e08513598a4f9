import type { Page } from '@playwright/test';
import { expect, test as base, InventoryApi, type IndexedArticle } from './pages/Inventory';
import { SearchScreen, InstantSearch } from './pages/SearchScreen';
import { serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';

const COMPANY = '10001';
const NOTICE = 'Du är offline — visar artiklar på enheten';

const test = base.extend<{ search: SearchScreen; instant: InstantSearch }>({
  search: async ({ page, axe }, use) => use(new SearchScreen(page, axe)),
  instant: async ({ page }, use) => use(new InstantSearch(page)),
});

/** The name with one letter of its longest word left out: a typo a kitchen worker makes. */
function typo(name: string): string {
  const words = name.split(/\s+/);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  return words.map((w) => (w === longest ? w.slice(0, 2) + w.slice(3) : w)).join(' ');
}

/** How many articles of the company the device keeps (the offline database, read as the page would). */
function articlesOnDevice(page: Page, company: string): Promise<unknown> {
  return page.evaluate(`new Promise((resolve) => {
    const open = indexedDB.open('skafferi');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('inventoryArticles')) { db.close(); resolve(0); return; }
      const count = db.transaction('inventoryArticles').objectStore('inventoryArticles').index('companyCode').count(${JSON.stringify(company)});
      count.onsuccess = () => { db.close(); resolve(count.result); };
      count.onerror = () => { db.close(); resolve(0); };
    };
  })`);
}

/** The quantity of a product in the company's cart on the server (all its lines in that unit). */
async function cartQuantity(api: InventoryApi, page: Page, productId: string, unit: string): Promise<number> {
  const token = await api.token(users.kund);
  const res = await page.request.get(`/v1/company/${COMPANY}/cart`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { productId: string; quantity: number; unit: string }[] };
  return items.filter((i) => i.productId === productId && i.unit === unit).reduce((s, i) => s + i.quantity, 0);
}

test.describe('finding any article offline', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('the header search and /sok answer from the device by a typo, a number and an EAN; the cart takes it offline', async ({
    app,
    context,
    page,
    axe,
    search,
    instant,
    sync,
    inventory,
    inventoryApi,
  }) => {
    const articles = await inventoryApi.articles(users.kund, COMPANY);
    const article = articles.find(
      (a): a is IndexedArticle & { gtinPiece: string; gtinCarton: string } =>
        a.kind === 'product' &&
        /^\d{13}$/.test(a.gtinPiece ?? '') &&
        !!a.gtinCarton &&
        Math.max(...a.name.split(/\s+/).map((w) => w.length)) >= 6,
    );
    if (!article) throw new Error('no catalogue article with an EAN, a carton GTIN and a long word in its name');
    const before = await cartQuantity(inventoryApi, page, article.id, article.unit);
    // A list with another article, opened on the device: the found article can be added to it and counted offline.
    const other = articles.find((a) => a.kind === 'product' && a.id !== article.id)!;
    const listName = `E2E Hitta ${Date.now().toString(36)}`;
    const listId = await inventoryApi.createList(users.kund, COMPANY, listName, [{ productId: other.id }]);

    // A user who never opened inventory: the engine's refresh brings the company's article index all the same.
    await app.login.loginAs(users.kund);
    await sync.expectState('synced', 0);
    await expect.poll(() => articlesOnDevice(page, COMPANY), { timeout: 20_000 }).toBe(articles.length);
    // Then a list is opened on the device (its items are kept for counting offline).
    await inventory.gotoList(listId, listName, 'online');
    await expect(inventory.item(other.name)).toBeVisible();
    await sync.expectState('synced', 0);
    expect(await serviceWorkerControls(page)).toBe(true);

    await context.setOffline(true);
    await sync.expectState('offline', 0);

    // The header: a name with a typo, an article number, an EAN.
    await instant.type(typo(article.name));
    await expect(page.getByTestId('instant-search-offline')).toHaveText(NOTICE);
    await expect(instant.option(new RegExp(article.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible();
    await axe.check('header search offline');
    for (const code of [article.articleNumber, article.gtinPiece]) {
      await instant.input.fill('');
      await instant.type(code);
      await expect(instant.option(new RegExp(`Art\\.nr ${article.articleNumber}`)).first()).toBeVisible();
    }
    // Choosing it opens /sok with its number, where it can be put in the cart.
    await instant.input.press('ArrowDown');
    await instant.input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sok\\?q=${article.articleNumber}`));
    const results = page.getByTestId('offline-search');
    await expect(results).toContainText(NOTICE);
    const card = results.getByRole('article', { name: article.name });
    await expect(card).toContainText(`Art.nr ${article.articleNumber}`);
    await axe.check('search page offline');

    // /sok itself: a typo and a carton's GTIN.
    await search.field.fill(typo(article.name));
    await search.field.press('Enter');
    await expect(results.getByRole('article', { name: article.name })).toBeVisible();
    await search.field.fill(article.gtinCarton);
    await search.field.press('Enter');
    await expect(results.getByRole('article', { name: article.name })).toContainText('EAN (kartong)');

    await results
      .getByRole('article', { name: article.name })
      .getByRole('button', { name: /^Lägg i varukorgen/ })
      .click();
    await expect(page.getByRole('region', { name: 'Aviseringar' })).toContainText(
      `${article.name} ligger i varukorgen`,
    );
    await sync.expectState('offline', 1);

    // Into the inventory list on the device, then counted there.
    const found = results.getByRole('article', { name: article.name });
    await found.getByRole('button', { name: new RegExp(`^Lägg till i ${listName}`) }).click();
    await found.getByRole('link', { name: new RegExp(`^Räkna i ${listName}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Räkna ${listName}` })).toBeVisible();
    await sync.expectState('offline', 2);

    // Back online: the outbox sends the add, and the server's cart has it.
    await context.setOffline(false);
    await sync.expectState('synced', 0);
    await expect.poll(() => cartQuantity(inventoryApi, page, article.id, article.unit)).toBe(before + 1);
    await expect
      .poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId)).map((i) => i.articleNumber).sort())
      .toEqual([article.articleNumber, other.articleNumber].sort());
  });
});
