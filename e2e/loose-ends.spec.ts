import { mergeTests, type Locator, type Page } from '@playwright/test';
import { test as shopTest } from './pages/Cart';
import { expect, test as inventoryTest, type IndexedArticle } from './pages/Inventory';
import { users } from './support/users';

/**
 * The loose ends of issues #15 and #16 on a phone: a closed inventory list reads as closed (no edit, remove or resolve
 * on its rows; "Stängd" in the overview), the count screen's "Välj artikel" reads counts as cartons + pieces, the
 * checkout's date warning goes once a date is chosen, and "Ny egen artikel" says "Fyll i alla fält".
 */
const test = mergeTests(shopTest, inventoryTest);
const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ api }) => {
  await api.setDefaultCompany(users.kund, COMPANY);
});

/** Picks the first date the checkout's calendar offers, as a user with the date picker would. */
async function chooseFirstDate(page: Page, scope: Locator) {
  await scope.getByTestId('delivery-date-open').click();
  const calendar = page.getByRole('dialog', { name: 'Leveranskalender' });
  await expect(calendar).toBeVisible();
  let cell = calendar.locator('td [role="button"]:not([aria-disabled="true"])').first();
  while ((await cell.count()) === 0) {
    await calendar.getByRole('button', { name: 'Nästa månad' }).click();
    cell = calendar.locator('td [role="button"]:not([aria-disabled="true"])').first();
  }
  await cell.click();
  await expect(calendar).toBeHidden();
}

test('a closed list shows its rows without edit, remove or resolve, and the overview says Stängd', async ({
  app,
  request,
  inventory,
  inventoryApi,
  axe,
}) => {
  const [article] = (await inventoryApi.articles(users.kund, COMPANY)).filter((a) => a.kind === 'product');
  if (!article) throw new Error('no catalogue article in the demo company');
  const name = unique('E2E Stängd');
  const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id }]);
  const headers = { authorization: `Bearer ${await inventoryApi.token(users.kund)}` };
  const closed = await request.post(`/v1/company/${COMPANY}/inventory-list/${listId}/close`, { headers });
  expect(closed.status()).toBe(200);

  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'closed');
  await expect(inventory.main.getByTestId('inventory-closed')).toBeVisible();
  const row = inventory.item(article.name);
  await expect(row).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);

  await inventory.gotoLists();
  const listRow = inventory.main.locator(`[data-testid="inventory-list-row"][data-list-id="${listId}"]`);
  const marker = listRow.getByTestId('inventory-list-closed');
  await expect(marker.locator('[aria-hidden="true"]')).toHaveText('Stängd');
  // A screen reader hears who closed it and when, not "Stängd" twice.
  await expect(marker.getByText(/^Stängd (av .+ )?\d/)).toHaveCount(1);
  await axe.check('inventory lists with a closed list');
});

test('"Välj artikel" shows a carton article as cartons + pieces; a mixed entry is announced as the count reads', async ({
  app,
  page,
  request,
  inventory,
  counting,
  inventoryApi,
  axe,
}) => {
  const article = (await inventoryApi.articles(users.kund, COMPANY)).find(
    (a: IndexedArticle) => a.kind === 'product' && a.piecesPerCarton >= 4,
  );
  if (!article) throw new Error('no catalogue article in cartons of 4 or more in the demo company');
  const ppc = article.piecesPerCarton;
  const name = unique('E2E Välj artikel');
  const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'carton' }]);
  const [item] = await inventoryApi.items(users.kund, COMPANY, listId);
  const headers = { authorization: `Bearer ${await inventoryApi.token(users.kund)}` };
  const counted = await request.post(`/v1/company/${COMPANY}/inventory-list/${listId}/item/${item!.id}/count`, {
    headers,
    data: {
      id: crypto.randomUUID(),
      kind: 'set',
      quantity: 2 * ppc + 3,
      unit: 'piece',
      countedAt: new Date().toISOString(),
      deviceId: 'e2e-setup',
    },
  });
  expect(counted.status()).toBe(201);

  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'to pick from');
  await inventory.openCount();
  const pick = counting.main.getByRole('searchbox', { name: 'Välj artikel' });
  await pick.fill(article.name);
  // The results under the search field (the zone's own rows further down name the article too).
  const result = pick.locator('xpath=following-sibling::ul[1]').getByRole('button').filter({ hasText: article.name });
  await expect(result).toContainText(`${article.name} · 2 kart + 3 st`);
  // The zone's own rows read it the same way.
  await expect(counting.main.getByTestId('walk-item-quantity').locator('[aria-hidden="true"]')).toHaveText(
    '2 kart + 3 st',
  );
  await axe.check('count screen with pick results');
  await result.click();
  await expect(counting.lastQuantity).toHaveText('2 kart + 3 st');

  // Cartons and pieces in one entry: the screen reader hears the count as it reads, not the pieces it was sent in.
  await counting.main.getByRole('button', { name: 'Skriv antal' }).click();
  const cartons = counting.main.getByRole('textbox', { name: 'Kartonger (kart)' });
  const pieces = counting.main.getByRole('textbox', { name: 'Styck (st)' });
  await cartons.click();
  await counting.main.getByRole('button', { name: '1', exact: true }).click();
  await pieces.focus();
  await page.keyboard.type('2');
  await pieces.press('Enter');
  await expect(counting.lastQuantity).toHaveText('1 kart + 2 st');
  await expect(counting.main.getByTestId('count-announcement')).toHaveText(`${article.name}: 1 kartong och 2 stycken`);
});

test('the checkout warning "Välj en leveransdag" goes once a date is chosen', async ({
  app,
  page,
  cartApi,
  checkout,
}) => {
  const [product] = await cartApi.products(users.kund, COMPANY, 1);
  await cartApi.clear(users.kund, COMPANY);
  await cartApi.add(users.kund, COMPANY, product!.productId, 1);
  await app.login.loginAs(users.kund);
  await page.goto('/kassa');
  await checkout.expectVisible('without date');
  const main = page.getByRole('main');
  const warning = main.getByText('Välj en leveransdag innan du skickar beställningen.');

  await checkout.placeOrder.click();
  await expect(main.getByRole('status').filter({ hasText: 'Välj en leveransdag' })).toBeVisible();
  await chooseFirstDate(page, main);
  await expect(main.getByTestId('delivery-date')).toContainText('Beställ senast');
  await expect(warning).toHaveCount(0);
  await checkout.expectVisible('with a date chosen');
});

test('"Ny egen artikel" sent with its required fields empty says "Fyll i alla fält"', async ({ app, page, axe }) => {
  await app.login.loginAs(users.kund);
  await page.goto('/profil/inventering/mina-artiklar');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Mina artiklar' })).toBeVisible();
  await main.getByRole('button', { name: 'Ny artikel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny egen artikel' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await expect(dialog.getByText('Fyll i alla fält')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Namn' })).toHaveAttribute('aria-invalid', 'true');
  await axe.check('new own article with empty fields');
});
