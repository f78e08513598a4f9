import { CountScreen, expect, test } from './pages/Inventory';
import { serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';

/**
 * The count screen reloaded without network (issue #17, decision 0077): the offline engine is not part of the
 * screen's first load any more, it comes when the page is idle. A count typed right after the reload is stored on the
 * device and said to be waiting at once, and reaches the server, once, with "Synka nu" when the network is back.
 */
const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.use({ viewport: { width: 390, height: 844 } });

test.describe('count screen reloaded offline', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('a count typed at once after the reload waits on the device and is on the server after "Synka nu"', async ({
    app,
    context,
    page,
    inventory,
    sync,
    inventoryApi,
  }) => {
    const article = (await inventoryApi.articles(users.kund, COMPANY)).find((a) => a.kind === 'product');
    if (!article) throw new Error('no catalogue article in the demo company');
    const name = unique('E2E Omstart');
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'piece' }]);
    await app.login.loginAs(users.kund);
    // The page asks for the list before the engine has loaded, and the engine takes that answer (decision 0089): the
    // first visit reads the list once, not twice.
    const detail = `/v1/company/${COMPANY}/inventory-list/${listId}`;
    let detailReads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === detail) detailReads++;
    });
    await inventory.gotoList(listId, name, 'online');
    await sync.expectState('synced', 0);
    expect(detailReads).toBe(1);
    test.skip(!(await serviceWorkerControls(page)), 'no service worker: the app cannot reload offline');
    await inventory.openCount();

    await context.setOffline(true);
    await page.reload();
    const counting = new CountScreen(page);
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    await counting.main.getByTestId('walk-item').first().getByRole('button').first().click();
    await counting.typeCount('7');
    await expect(counting.lastQuantity).toHaveText('7 st');
    await expect(counting.main).toContainText('1 ändring väntar på att skickas');
    await sync.expectState('offline');

    await context.setOffline(false);
    await sync.open('after an offline reload');
    await sync.syncNow.click();
    await sync.expectState('synced', 0);
    await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.quantity).toBe(7);
    await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.countCount).toBe(1);
  });
});
