import type { Browser, TestInfo } from '@playwright/test';
import { CountScreen, expect, InventoryScreen, test } from './pages/Inventory';
import { App } from './pages/App';
import { SyncStatus } from './pages/PurchaseLists';
import { AxeChecker } from './support/axe';
import { expectAppOnDevice } from './support/service-worker';
import { users, type DemoUser } from './support/users';
import { keepOfflineAcrossLoads } from './support/offline';

/**
 * The live list (issue #15, decision 0060): three phones on one list, two of them counting offline, one online with
 * the list open. When a counting phone comes online, the watching phone shows its count without any button — on the
 * list page, then on the count screen — with who counted it, and its sync word ends as "Synkad" over the server's
 * number. All phones are on server A: the e2e servers A and B have databases of their own (see playwright.config.ts),
 * so a phone on B would not see A's list; two instances on one database are measured in bench/inventory-live.bench.ts
 * and tested in tests/server/inventory-live.test.ts.
 */

const COMPANY = '10001';
const PHONE = { width: 390, height: 844 };
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;
const st = (n: number) => `${n.toLocaleString('sv-SE')} st`;

test.use({ viewport: PHONE });

type Phone = { app: App; inventory: InventoryScreen; counting: CountScreen; sync: SyncStatus; close(): Promise<void> };

async function phone(browser: Browser, baseURL: string | undefined, testInfo: TestInfo): Promise<Phone> {
  const context = keepOfflineAcrossLoads(
    await browser.newContext({ baseURL, viewport: PHONE, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' }),
  );
  const page = await context.newPage();
  const axe = new AxeChecker(page, testInfo);
  return {
    app: new App(page, axe),
    inventory: new InventoryScreen(page, axe),
    counting: new CountScreen(page),
    sync: new SyncStatus(page, axe),
    close: () => context.close(),
  };
}

test('the online phone sees the offline phones’ counts as they come online, without a button', async ({
  app,
  browser,
  baseURL,
  inventory,
  counting,
  sync,
  inventoryApi,
  api,
}, testInfo) => {
  // Three browsers on a 2-core machine: the limit is for a hang, the bounds are the expects' own.
  test.setTimeout(360_000);
  await api.setDefaultCompany(users.kund, COMPANY);
  await api.setDefaultCompany(users.personal, COMPANY);
  const article = (await inventoryApi.articles(users.kund, COMPANY)).find(
    (a) => a.kind === 'product' && a.unit === 'piece' && /^\d{13}$/.test(a.gtinPiece ?? ''),
  )!;
  const name = unique('E2E Live');
  const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'piece' }]);

  // The watching phone: online, the list open.
  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'live, watching');
  await expect(inventory.quantity(article.name)).toHaveText('Ej räknad');
  await sync.expectState('synced', 0);

  // Two counting phones, each with the list on the device, then offline on the count screen.
  const counters: [Phone, DemoUser][] = [
    [await phone(browser, baseURL, testInfo), users.personal],
    [await phone(browser, baseURL, testInfo), users.kund],
  ];
  for (const [p, user] of counters) {
    await p.app.login.loginAs(user);
    await p.inventory.gotoList(listId, name, 'live, counting phone');
    await expect(p.inventory.item(article.name)).toBeVisible();
    await p.sync.expectState('synced', 0);
    await expectAppOnDevice(p.inventory.page); // the count screen opens offline, from the device
    await p.inventory.page.context().setOffline(true);
    await p.inventory.openCount();
  }
  const [petra, karin] = counters.map(([p]) => p) as [Phone, Phone];
  for (let i = 1; i <= 3; i++) {
    await petra.counting.enterCode(article.gtinPiece!);
    await expect(petra.counting.lastQuantity).toHaveText(st(i));
  }
  // The phone's own waiting count names its counter before the server has it.
  await expect(petra.counting.last.getByTestId('item-counted-by')).toContainText('Petra Sjöberg');
  for (let i = 1; i <= 2; i++) {
    await karin.counting.enterCode(article.gtinPiece!);
    await expect(karin.counting.lastQuantity).toHaveText(st(i));
  }
  await expect(inventory.quantity(article.name)).toHaveText('Ej räknad');

  // Petra's phone comes online: the watching list page shows her count, and who made it.
  await petra.inventory.page.context().setOffline(false);
  await petra.sync.expectState('synced', 0);
  await expect(inventory.quantity(article.name)).toHaveText(st(3));
  await expect(inventory.item(article.name).getByTestId('item-counted-by')).toContainText('Petra Sjöberg');
  await sync.expectState('synced', 0);

  // The watcher counts one itself on its count screen; then Karin's other phone comes online.
  await inventory.openCount();
  await counting.enterCode(article.gtinPiece!);
  await expect(counting.lastQuantity).toHaveText(st(4));
  await sync.expectState('synced', 0);
  await karin.inventory.page.context().setOffline(false);
  await karin.sync.expectState('synced', 0);
  await expect(counting.lastQuantity).toHaveText(st(6));
  await sync.expectState('synced', 0);
  await expect(counting.lastQuantity).toHaveText(st(6));
  await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.quantity).toBe(6);

  for (const [p] of counters) await p.close();
});
