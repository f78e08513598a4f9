import type { APIRequestContext } from '@playwright/test';
import { App } from './pages/App';
import { CountScreen, expect, InventoryScreen, test, type IndexedArticle } from './pages/Inventory';
import { SyncStatus } from './pages/PurchaseLists';
import { AxeChecker } from './support/axe';
import { expectAppOnDevice } from './support/service-worker';
import { users, type DemoUser } from './support/users';
import { focusIsIn } from './support/focus';
import { keepOfflineAcrossLoads } from './support/offline';

/**
 * Review, then close (issue #15 item 4, decision 0062) on two phones of company 10003: the review shows a count far
 * off the previous list, an article nobody counted and one counted to zero; one is accepted, one recounted, and the
 * list is closed. A second phone (the company's customer administrator) counted offline meanwhile: online again, its
 * count is refused in the sync panel with the clear message and kept; the administrator reopens the list and
 * "Försök igen" counts it.
 */
const COMPANY = '10003';
const PHONE = { width: 390, height: 844 };
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.use({ viewport: PHONE });

async function tokenOf(request: APIRequestContext, user: DemoUser): Promise<string> {
  const res = await request.post('/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A list of these articles (counted in pieces), with `counts` typed in on the server (undefined: not counted). */
async function listWith(
  request: APIRequestContext,
  token: string,
  body: { name: string; previousListId?: string | null },
  articles: { article: IndexedArticle; count?: number }[],
): Promise<{ id: string; itemIds: string[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.post(`/v1/company/${COMPANY}/inventory-list`, { headers, data: body });
  expect(list.status()).toBe(201);
  const { id } = (await list.json()) as { id: string };
  const itemIds: string[] = [];
  for (const { article, count } of articles) {
    const item = await request.post(`/v1/company/${COMPANY}/inventory-list/${id}/item`, {
      headers,
      data: { productId: article.id, unit: 'piece' },
    });
    expect(item.status()).toBe(201);
    const itemId = ((await item.json()) as { id: string }).id;
    itemIds.push(itemId);
    if (count === undefined) continue;
    const counted = await request.post(`/v1/company/${COMPANY}/inventory-list/${id}/item/${itemId}/count`, {
      headers,
      data: {
        id: crypto.randomUUID(),
        kind: 'set',
        quantity: count,
        unit: 'piece',
        countedAt: new Date().toISOString(),
        deviceId: 'e2e-setup',
      },
    });
    expect(counted.status()).toBe(201);
  }
  return { id, itemIds };
}

test('review flags, accept, recount and close; a count sent to the closed list is refused, kept, and counts after a reopen', async ({
  app,
  api,
  browser,
  baseURL,
  request,
  inventory,
  counting,
  sync,
}, testInfo) => {
  await api.setDefaultCompany(users.personal, COMPANY);
  const token = await tokenOf(request, users.personal);
  const index = await request.get(`/v1/company/${COMPANY}/article-index`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const articles = ((await index.json()) as { articles: IndexedArticle[] }).articles
    .filter((a) => a.kind === 'product' && /^\d{13}$/.test(a.gtinPiece ?? ''))
    .slice(0, 3);
  expect(articles).toHaveLength(3);
  const [far, uncounted, zeroed] = articles as [IndexedArticle, IndexedArticle, IndexedArticle];

  const previous = await listWith(request, token, { name: unique('E2E Förra'), previousListId: null }, [
    { article: far, count: 10 },
    { article: uncounted, count: 6 },
    { article: zeroed, count: 4 },
  ]);
  const name = unique('E2E Granska');
  const list = await listWith(request, token, { name, previousListId: previous.id }, [
    { article: far, count: 30 },
    { article: uncounted },
    { article: zeroed, count: 0 },
  ]);

  // The second phone: the customer administrator opens the list online, then counts offline.
  const other = keepOfflineAcrossLoads(
    await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm', viewport: PHONE }),
  );
  const page2 = await other.newPage();
  const app2 = new App(page2, new AxeChecker(page2, testInfo));
  const inventory2 = new InventoryScreen(page2, new AxeChecker(page2, testInfo));
  const counting2 = new CountScreen(page2);
  const sync2 = new SyncStatus(page2, new AxeChecker(page2, testInfo));
  await app2.login.loginAs(users.admin);
  await inventory2.gotoList(list.id, name, 'admin online');
  await sync2.expectState('synced', 0);
  await expectAppOnDevice(page2); // the count screen opens offline, from the device
  await other.setOffline(true);
  await inventory2.openCount();
  await counting2.enterCode(uncounted.gtinPiece!);
  await expect(counting2.lastQuantity).toHaveText('1 st');

  // The first phone reviews.
  await app.login.loginAs(users.personal);
  await inventory.gotoList(list.id, name, 'review online');
  const main = inventory.page.getByRole('main');
  await main.getByRole('link', { name: 'Granska och stäng' }).click();
  await expect(main.getByRole('heading', { level: 1, name: `Granska ”${name}”` })).toBeVisible();
  const high = main.getByTestId('review-high');
  const notCounted = main.getByTestId('review-uncounted');
  const zero = main.getByTestId('review-zeroed');
  await expect(
    high.getByRole('heading', { name: /Mer än dubbelt så mycket som förra räkningen \(1 artikel\)/ }),
  ).toBeVisible();
  await expect(high.getByText(far.name)).toBeVisible();
  await expect(high.getByText('Räknat: 30 st · Förra räkningen: 10 st')).toBeVisible();
  await expect(notCounted.getByText(uncounted.name)).toBeVisible();
  await expect(zero.getByText(zeroed.name)).toBeVisible();
  await new AxeChecker(inventory.page, testInfo).check('review');

  // Accept the zero; recount the far-off count on the count screen, with the article chosen.
  await zero.getByRole('button', { name: `Godkänn ${zeroed.name}` }).click();
  await expect(main.getByTestId('review-zeroed')).toHaveCount(0);
  await high.getByRole('link', { name: `Räkna om ${far.name}` }).click();
  await expect(main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
  await expect(counting.last).toContainText(far.name);
  await counting.typeCount('12');
  await expect(counting.lastQuantity).toHaveText('12 st');
  await inventory.page.goBack();
  await expect(main.getByRole('heading', { level: 1, name: `Granska ”${name}”` })).toBeVisible();
  await expect(main.getByTestId('review-high')).toHaveCount(0);

  // Close with one article left unreviewed: the dialog says so.
  await main.getByRole('button', { name: 'Stäng inventeringen' }).click();
  const dialog = inventory.page.getByRole('dialog', { name: 'Stäng inventeringen?' });
  await expect(dialog.getByTestId('review-left')).toHaveText('1 artikel är inte granskad. Du kan stänga ändå.');
  await new AxeChecker(inventory.page, testInfo).check('close dialog');
  await dialog.getByRole('button', { name: 'Stäng inventeringen' }).click();
  await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(main.getByTestId('inventory-closed')).toContainText('Inventeringen är stängd');
  await expect(main.getByTestId('inventory-closed')).toContainText('Stängd av Petra Sjöberg');
  await expect(main.getByRole('link', { name: 'Räkna' })).toHaveCount(0);
  await sync.expectState('synced', 0);
  await new AxeChecker(inventory.page, testInfo).check('closed list');

  // The second phone comes online: its offline count is refused with the clear message, and kept.
  await other.setOffline(false);
  await sync2.expectState('refused');
  await sync2.open('refused count');
  await expect(sync2.refused).toHaveCount(1);
  await expect(sync2.refused.first()).toContainText(`Räkna +1 st ${uncounted.name}`);
  await expect(sync2.refused.first()).toContainText('Inventeringen är stängd och tar inte emot fler ändringar.');
  await sync2.close();

  // As the customer administrator: reopen, then "Försök igen" counts it.
  await inventory2.gotoList(list.id, name, 'closed, admin');
  const closed2 = page2.getByRole('main').getByTestId('inventory-closed');
  await expect(closed2).toContainText('Stängd av Petra Sjöberg');
  await closed2.getByRole('button', { name: 'Öppna igen' }).click();
  await expect(page2.getByRole('main').getByTestId('inventory-closed')).toHaveCount(0);
  await sync2.open('before retry');
  await sync2.refused.first().getByRole('button', { name: 'Försök igen' }).click();
  await expect(sync2.refused).toHaveCount(0);
  await sync2.close();
  await sync2.expectState('synced', 0);
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/company/${COMPANY}/inventory-list/${list.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const items = ((await res.json()) as { items: { id: string; quantity: number }[] }).items;
      return items.find((i) => i.id === list.itemIds[1])?.quantity;
    })
    .toBe(1);
  await other.close();
});

test('a close made offline is refused when the list was reopened meanwhile, and the list stays open', async ({
  app,
  api,
  request,
  inventory,
  context,
  sync,
}) => {
  // A close reviewed before an administrator reopened the list must not close it again (decision 0062).
  await api.setDefaultCompany(users.personal, COMPANY);
  const token = await tokenOf(request, users.personal);
  const adminToken = await tokenOf(request, users.admin);
  const index = await request.get(`/v1/company/${COMPANY}/article-index`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [article] = ((await index.json()) as { articles: IndexedArticle[] }).articles.filter(
    (a) => a.kind === 'product',
  );
  const name = unique('E2E Öppnas igen');
  const list = await listWith(request, token, { name, previousListId: null }, [{ article: article!, count: 3 }]);

  // In the cold room: the phone has the list, goes offline, reviews and closes it.
  await app.login.loginAs(users.personal);
  await inventory.gotoList(list.id, name, 'before offline close');
  await sync.expectState('synced', 0);
  await expectAppOnDevice(inventory.page);
  await context.setOffline(true);
  const main = inventory.page.getByRole('main');
  await main.getByRole('link', { name: 'Granska och stäng' }).click();
  await main.getByRole('button', { name: 'Stäng inventeringen' }).click();
  await inventory.page
    .getByRole('dialog', { name: 'Stäng inventeringen?' })
    .getByRole('button', { name: 'Stäng inventeringen' })
    .click();
  await expect(main.getByTestId('inventory-closed')).toContainText('Inventeringen är stängd');
  await sync.expectState('offline', 1);

  // Meanwhile another phone closes it, and the customer administrator reopens it for more counts.
  const headers = { authorization: `Bearer ${adminToken}` };
  const base = `/v1/company/${COMPANY}/inventory-list/${list.id}`;
  expect((await request.post(`${base}/close`, { headers, data: { reopenedAt: null } })).status()).toBe(200);
  expect((await request.post(`${base}/reopen`, { headers })).status()).toBe(200);

  // Back online: the phone's close is refused with the clear message, and the list is open here and on the server.
  await context.setOffline(false);
  await sync.expectState('refused');
  await expect(main.getByTestId('inventory-closed')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Räkna' })).toBeVisible();
  await sync.open('refused close');
  await expect(sync.refused).toHaveCount(1);
  await expect(sync.refused.first()).toContainText(`Stäng inventeringen ”${name}”`);
  await expect(sync.refused.first()).toContainText('Inventeringen har öppnats igen efter att du stängde den');
  // The user puts the refused close aside (the list was reopened for more counts).
  await sync.refused.first().getByRole('button', { name: 'Ta bort ändringen' }).click();
  const confirm = inventory.page.getByRole('dialog', { name: 'Ta bort ändringen?' });
  await confirm.getByRole('button', { name: 'Ta bort ändringen' }).click();
  await expect(confirm).toBeHidden();
  await expect(sync.refused).toHaveCount(0);
  // The panel takes the focus back from the closed dialog: then Escape closes it.
  await expect.poll(() => inventory.page.evaluate(focusIsIn, '[data-testid="sync-panel"]')).toBe(true);
  await sync.close();
  await sync.expectState('synced', 0);
  const onServer = await request.get(base, { headers });
  expect(((await onServer.json()) as { closedAt: string | null }).closedAt).toBeNull();
});
