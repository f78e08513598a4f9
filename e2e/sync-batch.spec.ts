import { CountScreen, expect, test } from './pages/Inventory';
import { users } from './support/users';

/**
 * The batched push (issue #17, decision 0067): a phone in the cold room counts 500 times offline, comes back online and
 * taps "Synka nu" once — the server has all 500 counts, sent in a handful of POST /v1/sync requests (printed).
 */
const COMPANY = '10001';
const PHONE = { width: 390, height: 844 };
const COUNTS = 500;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('500 counts made offline reach the server after one "Synka nu", in a few requests', async ({
  api,
  app,
  axe,
  context,
  page,
  inventory,
  inventoryApi,
  sync,
}) => {
  test.setTimeout(600_000); // 500 taps on a busy machine
  await api.setDefaultCompany(users.kund, COMPANY);
  const article = (await inventoryApi.articles(users.kund, COMPANY)).find(
    (a) => a.kind === 'product' && a.gtinPiece !== null,
  )!;
  const name = `E2E Batch ${Date.now().toString(36)}`;
  const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'piece' }]);
  const counting = new CountScreen(page);

  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'phone online');
  await sync.expectState('synced', 0);
  await inventory.openCount();

  // Offline in the cold room: the article is scanned (typed code), then counted up one by one.
  await context.setOffline(true);
  await sync.expectState('offline');
  await counting.enterCode(article.gtinPiece!);
  await expect(counting.lastQuantity).toHaveText('1 st');
  const plusOne = page.getByRole('button', { name: '+1 st' });
  for (let n = 2; n <= COUNTS; n++) await plusOne.click();
  // The taps are queued faster than a busy machine stores them: the last one shows once all 500 are stored.
  await expect(counting.lastQuantity).toHaveText(`${COUNTS} st`, { timeout: 120_000 });
  await axe.check('count screen, 500 counts waiting offline');

  // Every request to the batch endpoint, from the page and from its service worker.
  let batches = 0;
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/sync') batches++;
  });
  await context.setOffline(false);
  await sync.open('back online');
  await sync.syncNow.click();
  await sync.close();
  await sync.expectState('synced', 0);

  await expect
    .poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0], { timeout: 60_000 })
    .toMatchObject({ quantity: COUNTS });
  const [item] = await inventoryApi.items(users.kund, COMPANY, listId);
  expect(item!.countCount).toBeGreaterThanOrEqual(1);
  console.log(`sync-batch: ${COUNTS} counts sent in ${batches} POST /v1/sync request(s)`);
  test.info().annotations.push({ type: 'sync requests', description: `${COUNTS} counts, ${batches} POST /v1/sync` });
  expect(batches).toBeGreaterThanOrEqual(1);
});
