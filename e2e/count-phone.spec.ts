import path from 'node:path';
import { expect, test as base, type IndexedArticle } from './pages/Inventory';
import { users } from './support/users';
import { writeBarcodeVideo } from './support/y4m';

const COMPANY = '10001';
const API = `http://localhost:${process.env.E2E_PORT ?? 4173}`;
const PHONE = { width: 390, height: 844 };

/**
 * Chromium's fake camera, fed with a generated video of one catalogue article's piece EAN-13 (as in
 * inventory.spec.ts; the article is read from the running server's article index before the browser starts).
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
      const article = articles.find((a) => a.kind === 'product' && /^\d{13}$/.test(a.gtinPiece ?? ''));
      if (!article) throw new Error('no catalogue article with a piece EAN-13 in the demo company');
      await use(article);
    },
    { scope: 'worker' },
  ],
  scanVideo: [
    async ({ scanArticle }, use, workerInfo) => {
      const file = path.join('.tmp', `e2e-phone-camera-${workerInfo.workerIndex}-${process.env.E2E_PORT ?? 4173}.y4m`);
      await use(writeBarcodeVideo(file, [scanArticle.gtinPiece!]));
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

test.use({ permissions: ['camera'], viewport: PHONE, hasTouch: true, isMobile: true });

test.describe('counting on a phone', () => {
  test.beforeEach(async ({ api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('after "Skanna" the camera is in view, with the last counted article and its undo right under it', async ({
    app,
    axe,
    inventory,
    counting,
    inventoryApi,
    scanArticle,
  }) => {
    const name = `E2E Telefon ${Date.now().toString(36)}`;
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [
      { productId: scanArticle.id, unit: 'piece' },
    ]);
    await app.login.loginAs(users.kund);
    await inventory.gotoList(listId, name, 'phone');
    await inventory.openCount();

    await counting.startCamera();
    await expect(counting.lastScan).toHaveText('+1 st', { timeout: 20_000 });
    await axe.check('count screen, camera on');

    const video = await counting.main.getByTestId('scanner').locator('video').boundingBox();
    if (!video) throw new Error('no camera picture');
    const visible = Math.min(video.y + video.height, PHONE.height) - Math.max(video.y, 0);
    expect(video.y).toBeGreaterThanOrEqual(0);
    expect(video.y).toBeLessThan(PHONE.height);
    expect(visible).toBeGreaterThanOrEqual(video.height / 2);

    // What was counted, and its undo, come right after the picture and are on the screen too.
    const last = await counting.last.boundingBox();
    const undo = await counting.main.getByRole('button', { name: 'Ångra' }).boundingBox();
    if (!last || !undo) throw new Error('no last counted article');
    expect(last.y).toBeGreaterThanOrEqual(video.y + video.height);
    expect(last.y - (video.y + video.height)).toBeLessThan(80);
    expect(undo.y + undo.height).toBeLessThanOrEqual(PHONE.height);
    await expect(counting.last).toContainText(scanArticle.name);
  });
});
