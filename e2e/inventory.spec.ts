import { statSync } from 'node:fs';
import path from 'node:path';
import { App } from './pages/App';
import { CountScreen, expect, InventoryScreen, test as base, type IndexedArticle } from './pages/Inventory';
import { SyncStatus } from './pages/PurchaseLists';
import { AxeChecker } from './support/axe';
import { dateField, fillDate } from './support/date-field';
import { expectAppOnDevice, serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';
import { writeBarcodeVideo } from './support/y4m';
import { keepOfflineAcrossLoads } from './support/offline';

const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;
const API = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

/**
 * The browser of this file has Chromium's fake camera, fed with a generated video of the EAN-13 codes of one
 * catalogue article of the demo company: its piece EAN-13, then its carton GTIN-14 as Code 128 (white between,
 * looped). The article
 * is read from the running server's article index before the browser starts.
 */
const test = base.extend<object, { scanArticle: IndexedArticle; scanVideo: string }>({
  scanArticle: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern
    async ({}, use) => {
      const login = await fetch(`${API}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(users.kund),
      });
      const { token } = (await login.json()) as { token: string };
      const index = await fetch(`${API}/v1/company/${COMPANY}/article-index`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { articles } = (await index.json()) as { articles: IndexedArticle[] };
      const article = articles.find(
        (a) =>
          a.kind === 'product' &&
          a.piecesPerCarton > 1 &&
          /^\d{13}$/.test(a.gtinPiece ?? '') &&
          /^(\d\d)+$/.test(a.gtinCarton ?? ''),
      );
      if (!article) throw new Error('no catalogue article with a piece EAN-13 and a carton GTIN in the demo company');
      await use(article);
    },
    { scope: 'worker' },
  ],
  scanVideo: [
    async ({ scanArticle }, use, workerInfo) => {
      const file = path.join('.tmp', `e2e-camera-${workerInfo.workerIndex}-${process.env.E2E_PORT ?? 4173}.y4m`);
      await use(writeBarcodeVideo(file, [scanArticle.gtinPiece!, scanArticle.gtinCarton!]));
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, scanVideo }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${path.resolve(scanVideo)}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});

test.use({ permissions: ['camera'] });

const st = (n: number) => `${n.toLocaleString('sv-SE')} st`;

test.describe('stocktaking', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('a list is made with its period, articles are added from the index, and a duplicate gets the hint', async ({
    app,
    inventory,
    scanArticle,
    page,
  }) => {
    await app.login.loginAs(users.kund);
    await inventory.gotoLists();
    const name = unique('E2E Bokslut');
    // Dates in the wrong order: the error stands beside "Datum till", and the keyboard is put in that field.
    await inventory.main.getByRole('textbox', { name: 'Namn på listan' }).fill(name);
    await fillDate(inventory.main, 'Datum från', '2026-12-31');
    await fillDate(inventory.main, 'Datum till', '2026-12-01');
    await inventory.main.getByRole('button', { name: 'Skapa lista' }).click();
    await expect(inventory.main.getByText('Slutdatumet kan inte vara före startdatumet.')).toBeVisible();
    await expect(dateField(inventory.main, 'Datum till').getByRole('spinbutton').first()).toBeFocused();

    await inventory.createList(name, '2026-12-01', '2026-12-31');
    await expect(inventory.main).toContainText('2026-12-01 – 2026-12-31');
    await inventory.addArticle(scanArticle.articleNumber);
    await expect(inventory.item(scanArticle.name)).toBeVisible();
    await expect(inventory.quantity(scanArticle.name)).toHaveText('Ej räknad');
    await inventory.addArticle(scanArticle.gtinPiece!);
    await expect(inventory.articleSearch).toHaveAccessibleDescription(/Artikeln finns redan i listan/);
    await expect(inventory.items).toHaveCount(1);

    await page.goto('/profil/inventering/0190a3b4-0000-7000-8000-000000000000');
    await expect(page.getByTestId('inventory-list-not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventeringslistan kunde inte hittas');
  });

  test('scanning offline with the camera: a piece and a carton, a typed count, a reload, then the server', async ({
    app,
    context,
    page,
    inventory,
    counting,
    sync,
    inventoryApi,
    scanArticle,
  }) => {
    const ppc = scanArticle.piecesPerCarton;
    const name = unique('E2E Kylrum');
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [
      { productId: scanArticle.id, unit: 'piece' },
    ]);
    await app.login.loginAs(users.kund);
    await inventory.gotoList(listId, name, 'online');
    await expect(inventory.item(scanArticle.name)).toBeVisible();
    await sync.expectState('synced', 0);
    const controlled = await serviceWorkerControls(page);

    await context.setOffline(true);
    await inventory.openCount();
    await counting.startCamera();
    // The video shows the piece code, then the carton code: each counts once per appearance.
    await expect(counting.lastScan).toHaveText('+1 st', { timeout: 20_000 });
    await expect(counting.lastScan).toHaveText(`+1 kart (${st(ppc)})`, { timeout: 20_000 });
    await counting.stopCamera();
    const scanned = Number((await counting.lastQuantity.innerText()).replace(/\s*st$/, '').replace(',', '.'));
    expect(scanned).toBeGreaterThanOrEqual(1 + ppc);

    await counting.typeCount('40');
    await expect(counting.lastQuantity).toHaveText(st(40));
    await counting.main.getByRole('button', { name: '+1 kart' }).click();
    await expect(counting.lastQuantity).toHaveText(st(40 + ppc));
    await sync.expectState('offline');

    if (controlled) {
      await page.reload();
      await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    } else {
      test.info().annotations.push({ type: 'note', description: 'no service worker: reload offline skipped' });
    }
    await counting.main.getByRole('link', { name: /Tillbaka till listan/ }).click();
    await inventory.expectList(name, 'offline');
    await expect(inventory.quantity(scanArticle.name)).toHaveText(st(40 + ppc));

    await context.setOffline(false);
    await sync.expectState('synced', 0);
    await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.quantity).toBe(40 + ppc);
    await expect(inventory.quantity(scanArticle.name)).toHaveText(st(40 + ppc));
  });

  test('a list never opened on this device says so offline, instead of calling itself empty', async ({
    app,
    context,
    page,
    inventory,
    sync,
    inventoryApi,
    scanArticle,
  }) => {
    const opened = unique('E2E Kyl');
    const never = unique('E2E Frys');
    const openedId = await inventoryApi.createList(users.kund, COMPANY, opened, [
      { productId: scanArticle.id, unit: 'piece' },
    ]);
    await inventoryApi.createList(users.kund, COMPANY, never, [{ productId: scanArticle.id, unit: 'piece' }]);
    await app.login.loginAs(users.kund);
    // One list opened here (the screen's code is on the device too), the other one never.
    await inventory.gotoList(openedId, opened, 'online');
    await expect(inventory.item(scanArticle.name)).toBeVisible();
    await sync.expectState('synced', 0);
    // The overview's code comes from the service worker's precache: on a busy machine it was not always installed yet
    // when the network went, and the overview showed "En del av appen kunde inte laddas" (CI, passed on retry).
    test.skip(!(await serviceWorkerControls(page)), 'no service worker: the overview may not be on the device');

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Brödsmulor' }).getByRole('link', { name: 'Inventering' }).click();
    await inventory.main.getByRole('link', { name: never }).click();
    await inventory.expectList(never, 'offline, items not on the device');
    await expect(inventory.main).toContainText('Listans artiklar finns inte på den här enheten än');
    await expect(inventory.main).not.toContainText('Listan är tom');
  });

  test('two phones count the same list offline; online again, the server has the sum', async ({
    app,
    browser,
    baseURL,
    inventory,
    counting,
    sync,
    inventoryApi,
    scanArticle,
    api,
  }, testInfo) => {
    const ppc = scanArticle.piecesPerCarton;
    const name = unique('E2E Två telefoner');
    await api.setDefaultCompany(users.personal, COMPANY);
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [
      { productId: scanArticle.id, unit: 'piece' },
    ]);

    const other = keepOfflineAcrossLoads(
      await browser.newContext({ baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' }),
    );
    const page2 = await other.newPage();
    const app2 = new App(page2, new AxeChecker(page2, testInfo));
    const inventory2 = new InventoryScreen(page2, new AxeChecker(page2, testInfo));
    const counting2 = new CountScreen(page2);
    const sync2 = new SyncStatus(page2, new AxeChecker(page2, testInfo));

    await app.login.loginAs(users.kund);
    await app2.login.loginAs(users.personal);
    for (const [inv, s] of [
      [inventory, sync],
      [inventory2, sync2],
    ] as const) {
      await inv.gotoList(listId, name, 'online');
      await expect(inv.item(scanArticle.name)).toBeVisible();
      await s.expectState('synced', 0);
      await expectAppOnDevice(inv.page); // the count screen opens offline, from the device
    }

    await inventory.page.context().setOffline(true);
    await other.setOffline(true);
    await inventory.openCount();
    await inventory2.openCount();
    for (let i = 0; i < 3; i++) {
      await counting.enterCode(scanArticle.gtinPiece!);
      await expect(counting.lastQuantity).toHaveText(st(i + 1));
    }
    for (let i = 0; i < 2; i++) {
      await counting2.enterCode(scanArticle.gtinCarton!);
      await expect(counting2.lastQuantity).toHaveText(st((i + 1) * ppc));
    }

    await inventory.page.context().setOffline(false);
    await other.setOffline(false);
    await sync.expectState('synced', 0);
    await sync2.expectState('synced', 0);
    await expect
      .poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.quantity)
      .toBe(3 + 2 * ppc);
    await other.close();
  });

  test('the list exports to Excel and PDF with the session token', async ({
    app,
    inventory,
    inventoryApi,
    scanArticle,
  }) => {
    const name = unique('E2E Export');
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [
      { productId: scanArticle.id, unit: 'piece' },
    ]);
    await app.login.loginAs(users.kund);
    await inventory.gotoList(listId, name);
    for (const [label, extension] of [
      ['Exportera till Excel', '.xlsx'],
      ['Exportera till PDF', '.pdf'],
    ] as const) {
      const download = await inventory.download(label);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\${extension}$`));
      const file = await download.path();
      expect(statSync(file).size).toBeGreaterThan(500);
    }
  });
});
