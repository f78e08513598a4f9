import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Pwa, ServiceWorkerDevTools } from './pages/Pwa';
import { recordSentChanges } from './support/sent-changes';
import { users } from './support/users';

const COMPANY = '10001';
const SYNC_TAG = 'skafferi-outbox';

/** The purchase lists of the company with this name, as the server has them. */
async function listsNamed(request: APIRequestContext, token: string, name: string): Promise<unknown[]> {
  const response = await request.get(`/v1/purchase-lists?company=${COMPANY}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { name: string }[] };
  return data.filter((list) => list.name === name);
}

async function openPurchaseLists(page: Page): Promise<void> {
  await page.goto('/profil/inkopslistor');
  await expect(page.getByRole('heading', { level: 1, name: 'Inköpslistor' })).toBeVisible();
}

/** Creates a list through the app's own screen (made on the device; sent by the offline engine). */
async function createList(page: Page, name: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Namn på listan' }).fill(name);
  await page.getByRole('button', { name: 'Skapa lista' }).click();
  await expect(page).toHaveURL(/\/profil\/inkopslistor\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** POST /v1/purchase-lists answers (alone or in a batch), and which of them the service worker sent. */
function watchCreates(page: Page) {
  const sent = recordSentChanges(page.context(), (path) => path === '/v1/purchase-lists');
  return {
    filter: (wanted: (c: { fromWorker: boolean; status: number }) => boolean) =>
      sent
        .filter((c) => c.method === 'POST')
        .map(({ fromWorker, status }) => ({ fromWorker, status }))
        .filter(wanted),
  };
}

test.describe('installable PWA', () => {
  test('the manifest has what installation needs, and its icons load', async ({ page, request, app, context }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Skafferi',
      short_name: 'Skafferi',
      id: '/',
      start_url: '/profil',
      scope: '/',
      display: 'standalone',
      lang: 'sv',
      theme_color: '#1d4ed8',
    });
    expect(manifest.description).toMatch(/inköpslistor/);

    const icon = (sizes: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    for (const wanted of [icon('192x192', 'any'), icon('512x512', 'any'), icon('512x512', 'maskable')]) {
      expect(wanted, 'icon in the manifest').toBeDefined();
      const image = await request.get(wanted!.src);
      expect(image.status(), wanted!.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    for (const [factor, sizes] of [
      ['narrow', '390x844'],
      ['wide', '1280x800'],
    ]) {
      const shot = manifest.screenshots.find((s) => s.form_factor === factor);
      expect(shot?.sizes).toBe(sizes);
      expect((await request.get(shot!.src)).status()).toBe(200);
    }

    // The worker script and the build file are always revalidated (a stale copy would hide a new version).
    for (const path of ['/sw.js', '/build.json']) {
      expect((await request.get(path)).headers()['cache-control'], path).toMatch(/no-cache|max-age=0/);
    }

    // Chromium's own verdict: the only thing missing is a non-incognito profile.
    await app.login.goto();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /apple-touch-icon/);
    await new Pwa(page).waitForControl();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('starts offline: the app shell comes back from the service worker', async ({ page, app, context }) => {
    const pwa = new Pwa(page);
    await app.login.goto();
    await pwa.waitForControl();

    await context.setOffline(true);
    await page.reload();
    await app.login.expectVisible();
    // A screen never opened before: its code comes from the precache too.
    await app.login.forgotLink.click();
    await expect(app.forgotPassword.heading).toBeVisible();
    await context.setOffline(false);
  });

  test('starts offline when logged in: the purchase lists from the device', async ({ page, app, context, api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    const pwa = new Pwa(page);
    await app.login.loginAs(users.kund);
    await pwa.waitForControl();
    await openPurchaseLists(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Inköpslistor' })).toBeVisible();
    await expect(app.header.banner).toBeVisible();
    await context.setOffline(false);
  });

  test('opened offline at its start URL (/profil): the profile and company the user saw last', async ({
    page,
    app,
    context,
    api,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    const pwa = new Pwa(page);
    await app.login.loginAs(users.kund);
    await pwa.waitForControl();
    const companyName = (await app.profile.companyName.textContent())?.trim() ?? '';
    expect(companyName).not.toBe('');
    await expect(app.header.companyButton).toContainText(companyName);
    // What the device keeps of the user's data is saved a moment after it arrived.
    await expect.poll(() => pwa.hasQuerySnapshot()).toBe(true);

    await context.setOffline(true);
    await page.goto('/profil');
    await app.profile.expectVisible(companyName);
    await expect(app.header.companyButton).toContainText(companyName);
    await context.setOffline(false);
  });
});

test.describe('outbox drain in the service worker', () => {
  test('Background Sync (DevTools dispatchSyncEvent) sends a change made offline, once', async ({
    page,
    app,
    api,
    context,
    request,
    baseURL,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    const token = await api.login(users.kund);
    const pwa = new Pwa(page);
    const creates = watchCreates(page);
    await app.login.loginAs(users.kund);
    await pwa.waitForControl();
    await openPurchaseLists(page);

    await context.setOffline(true);
    const name = `Kylrummet ${Date.now()}`;
    await createList(page, name);
    await expect.poll(() => pwa.outboxCount()).toBe(1);
    // The page registered the Background Sync while the change waits.
    expect(await pwa.syncTags()).toContain(SYNC_TAG);

    // The network comes back but the API cannot be reached yet: Chromium fires the registration at once, the worker's
    // attempt fails, and the browser would only retry minutes later. The tab is left, so no page drains either: the
    // next attempt can only be the sync event sent through the DevTools protocol.
    let apiReachable = false;
    await context.route('**/v1/**', (route) => (apiReachable ? route.fallback() : route.abort('internetdisconnected')));
    await page.goto('about:blank');
    const devtools = await ServiceWorkerDevTools.attach(context, page);
    await context.setOffline(false);
    await context
      .waitForEvent('requestfailed', { predicate: (r) => r.serviceWorker() !== null, timeout: 5_000 })
      .catch(() => undefined);

    apiReachable = true;
    await devtools.dispatchSync(new URL(baseURL!).origin, SYNC_TAG);
    await expect.poll(() => creates.filter((c) => c.status === 201)).toEqual([{ fromWorker: true, status: 201 }]);
    expect(await listsNamed(request, token, name)).toHaveLength(1);

    // Back in the app: nothing waits, and the list is the server's.
    await openPurchaseLists(page);
    await expect.poll(() => pwa.outboxCount()).toBe(0);
    await expect(page.getByRole('main').getByText(name)).toBeVisible();
    expect(await listsNamed(request, token, name)).toHaveLength(1);
    expect(creates.filter((c) => c.status === 201)).toHaveLength(1);
  });

  test.describe('in a browser without Background Sync', () => {
    test.beforeEach(async ({ context }) => {
      await Pwa.withoutBackgroundSync(context);
    });

    test('a SKAFFERI_SYNC message drains the outbox in the worker and answers with the summary', async ({
      page,
      app,
      api,
      context,
      request,
    }) => {
      await api.setDefaultCompany(users.kund, COMPANY);
      const token = await api.login(users.kund);
      const pwa = new Pwa(page);
      const creates = watchCreates(page);
      await app.login.loginAs(users.kund);
      await pwa.waitForControl();
      await openPurchaseLists(page);

      await context.setOffline(true);
      const name = `Frysen ${Date.now()}`;
      await createList(page, name);
      await expect.poll(() => pwa.outboxCount()).toBe(1);
      expect(await pwa.syncTags()).toEqual([]);

      // Online again, but only the worker reaches the API (the page's own drains fail and back off).
      await context.route('**/v1/**', (route) =>
        route.request().serviceWorker() ? route.fallback() : route.abort('internetdisconnected'),
      );
      await context.setOffline(false);
      const answer = await pwa.syncThroughMessage();
      expect(answer).toMatchObject({
        type: 'SKAFFERI_SYNC_RESULT',
        ok: true,
        result: { drain: { sent: 1, remaining: 0, stopped: null } },
      });
      expect(creates.filter((c) => c.status === 201)).toEqual([{ fromWorker: true, status: 201 }]);
      expect(await listsNamed(request, token, name)).toHaveLength(1);

      // Asked again: nothing left to send.
      expect(await pwa.syncThroughMessage()).toMatchObject({ ok: true, result: { drain: { sent: 0, remaining: 0 } } });
      await context.unroute('**/v1/**');
      await openPurchaseLists(page);
      await expect.poll(() => pwa.outboxCount()).toBe(0);
      expect(await listsNamed(request, token, name)).toHaveLength(1);
    });
  });
});

test.describe('app update', () => {
  test('a new version is offered and applied on "Uppdatera"', async ({ page, app }) => {
    const pwa = new Pwa(page);
    await app.login.goto();
    await pwa.waitForControl();
    await pwa.runOlderVersion('1');
    await app.login.expectVisible();

    await expect(pwa.updateBanner).toBeVisible();
    expect(await pwa.waitingScript()).toMatch(/\/sw\.js$/);
    await app.axe.check('update offered');
    await pwa.markDocument();
    await pwa.updateBanner.getByRole('button', { name: 'Uppdatera' }).click();

    await expect.poll(() => pwa.sameDocument().catch(() => true)).toBe(false);
    await app.login.expectVisible();
    await expect.poll(() => pwa.controllerScript()).toMatch(/\/sw\.js$/);
    expect(await pwa.waitingScript()).toBeNull();
    await expect(pwa.updateBanner).toBeHidden();
  });

  test('applied on the next navigation, but never while the outbox drains', async ({ page, app }) => {
    const pwa = new Pwa(page);
    await app.login.goto();
    await pwa.waitForControl();
    await pwa.runOlderVersion('2');
    await expect(pwa.updateBanner).toBeVisible();

    // A drain holds the engine's lock (here: this test, as another tab or the worker would): navigating keeps the
    // running version.
    await pwa.holdDrainLock();
    await pwa.markDocument();
    const held = await pwa.updatesHeld();
    await app.login.forgotLink.click();
    await expect(app.forgotPassword.heading).toBeVisible();
    await pwa.waitForUpdateHeld(held); // the navigation's update was due, and the app held it back
    expect(await pwa.sameDocument()).toBe(true);
    expect(await pwa.controllerScript()).toContain('e2e-older=2');
    await expect(pwa.updateBanner).toBeVisible();

    // The drain is over: the next navigation loads the new version.
    await pwa.releaseDrainLock();
    await page.getByRole('main').getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
    await expect.poll(() => pwa.sameDocument().catch(() => true)).toBe(false);
    await app.login.expectVisible();
    await expect.poll(() => pwa.controllerScript()).toMatch(/\/sw\.js$/);
    await expect(pwa.updateBanner).toBeHidden();
  });

  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('a new build.json id reloads on the next navigation, at most once in 10 s', async ({ page, app }) => {
      const pwa = new Pwa(page);
      const polled: string[] = [];
      await page.route('**/build.json*', async (route) => {
        polled.push(new URL(route.request().url()).search);
        await route.fulfill({ json: { id: 'e2e-newer-build' } });
      });
      await app.login.goto();
      await pwa.markDocument();

      // The tab becomes visible: the build file is read (with a timestamp), and it names another build.
      await pwa.tabBecameVisibleUntilUpdateOffered();
      expect(polled[0]).toMatch(/^\?t=\d{13}$/);

      await app.login.forgotLink.click();
      await expect.poll(() => pwa.sameDocument().catch(() => true)).toBe(false);
      await expect(app.forgotPassword.heading).toBeVisible();

      // The reloaded app is offered the (still different) build again, but within 10 s of a reload it does not reload.
      await pwa.markDocument();
      await pwa.tabBecameVisibleUntilUpdateOffered();
      const held = await pwa.updatesHeld();
      await page.getByRole('main').getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
      await app.login.expectVisible();
      await pwa.waitForUpdateHeld(held);
      expect(await pwa.sameDocument()).toBe(true);
    });
  });
});

test.describe('install', () => {
  test('Chromium: "Installera Skafferi" after login; "Inte nu" is remembered', async ({ page, app, api }) => {
    const pwa = new Pwa(page);
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    // Storage persistence is asked for once, after the login.
    expect(await pwa.persistenceRequestedAt()).toBeTruthy();

    await pwa.offerInstall();
    await expect(pwa.installBanner).toBeVisible();
    await app.axe.check('install offered');
    await pwa.installBanner.getByRole('button', { name: 'Installera' }).click();
    await expect(pwa.installBanner).toBeHidden();
    expect(await pwa.installPrompts()).toBe(1);

    await pwa.offerInstall();
    await pwa.installBanner.getByRole('button', { name: 'Inte nu' }).click();
    await expect(pwa.installBanner).toBeHidden();
    await page.reload();
    await app.profile.expectVisible();
    // The app took the offer (its listener ran), and the banner reads the offer through a store React draws from
    // before the offer's task ends: what shows now is what the app decided.
    expect(await pwa.offerInstall()).toBe(true);
    await expect(pwa.installBanner).toBeHidden();
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });

    test('Safari users get the "Lägg till på hemskärmen" hint', async ({ page, app, api }) => {
      const pwa = new Pwa(page);
      await api.setDefaultCompany(users.kund, COMPANY);
      await app.login.goto();
      await expect(pwa.iosHint).toBeHidden(); // only for logged-in users
      await app.login.fill(users.kund);
      await app.login.submit.click();
      await app.profile.expectVisible();
      await expect(pwa.iosHint).toBeVisible();
      await expect(pwa.iosHint).toContainText('Dela-knappen');
      await app.axe.check('ios hint');
      await pwa.iosHint.getByRole('button', { name: 'Inte nu' }).click();
      await expect(pwa.iosHint).toBeHidden();
    });
  });
});
