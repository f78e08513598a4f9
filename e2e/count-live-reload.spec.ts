import { randomUUID } from 'node:crypto';
import { CountScreen, expect, test } from './pages/Inventory';
import { users } from './support/users';

/**
 * The count screen's live feed opens once the page is idle (decision 0083): after the screen's first count, or after
 * its hold of a few seconds. A count screen reloaded online on which nobody has counted yet still shows another
 * phone's count by itself, without a tap.
 */
const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.use({ viewport: { width: 390, height: 844 } });

test('a count screen reloaded online shows another phone’s count before it has counted anything itself', async ({
  api,
  app,
  page,
  inventory,
  sync,
  inventoryApi,
  request,
}) => {
  await api.setDefaultCompany(users.kund, COMPANY);
  await api.setDefaultCompany(users.personal, COMPANY);
  const article = (await inventoryApi.articles(users.kund, COMPANY)).find(
    (a) => a.kind === 'product' && a.unit === 'piece',
  );
  if (!article) throw new Error('no catalogue article counted in pieces in the demo company');
  const name = unique('E2E Live omstart');
  const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'piece' }]);
  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'live after a reload');
  await sync.expectState('synced', 0);
  await inventory.openCount();
  await page.reload();
  const counting = new CountScreen(page);
  await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
  const row = counting.main.getByTestId('walk-item').filter({ hasText: article.name });
  await expect(row.getByTestId('walk-item-quantity')).toHaveText('Ej räknad');

  // Another phone (another user) counts the article; this phone does nothing.
  const [item] = await inventoryApi.items(users.kund, COMPANY, listId);
  const token = await inventoryApi.token(users.personal);
  const counted = await request.post(`/v1/company/${COMPANY}/inventory-list/${listId}/item/${item!.id}/count`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      kind: 'set',
      quantity: 5,
      id: randomUUID(),
      unit: 'piece',
      countedAt: new Date().toISOString(),
      deviceId: 'e2e-other-phone',
    },
  });
  expect(counted.status()).toBe(201);

  await expect(row.getByTestId('walk-item-quantity')).toContainText('5 st');
  await expect(counting.lastQuantity).toHaveCount(0);
});
