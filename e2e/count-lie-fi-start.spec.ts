import type { Route } from '@playwright/test';
import { CountScreen, expect, test as base } from './pages/Inventory';
import { serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';

/**
 * A cold room's Wi-Fi that connects but leads nowhere (decision 0085): the server's calls neither answer nor fail. The
 * app used to wait for the answer to "who is signed in" before its first screen, and stayed blank until the browser
 * gave up, minutes later. Now it starts from what the device kept after a short wait, and applies the answer when it
 * comes: a refusal still ends the session. A read that gets no answer counts as a network failure after 15 s.
 */
const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** A list of one article, opened online and synced, with its count screen open: the state before the cold room. */
const test = base.extend<{ counted: { name: string; listId: string } }>({
  counted: async ({ api, app, page, inventory, sync, inventoryApi }, use) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    const article = (await inventoryApi.articles(users.kund, COMPANY)).find((a) => a.kind === 'product');
    if (!article) throw new Error('no catalogue article in the demo company');
    const name = unique('E2E Tyst nät');
    const listId = await inventoryApi.createList(users.kund, COMPANY, name, [{ productId: article.id, unit: 'piece' }]);
    await app.login.loginAs(users.kund);
    await inventory.gotoList(listId, name, 'online');
    await sync.expectState('synced', 0);
    test.skip(!(await serviceWorkerControls(page)), 'no service worker: the app cannot start without the network');
    await inventory.openCount();
    await use({ name, listId });
  },
});

test.use({ viewport: { width: 390, height: 844 } });

test.describe('count screen reloaded on a network that never answers', () => {
  test('opens from the device, takes a count, and sends it once the network answers again', async ({
    counted,
    context,
    page,
    sync,
    inventoryApi,
    axe,
  }) => {
    const { name, listId } = counted;

    const held: Route[] = [];
    await context.route('**/v1/**', (route) => void held.push(route)); // never answered while held
    await page.reload();
    const counting = new CountScreen(page);
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    await counting.main.getByTestId('walk-item').first().getByRole('button').first().click();
    await counting.typeCount('6');
    await expect(counting.lastQuantity).toHaveText('6 st');
    await expect(counting.main).toContainText('1 ändring väntar på att skickas');
    expect(held.some((route) => new URL(route.request().url()).pathname === '/v1/customer/')).toBe(true);

    // A screen that needs the server says it could not reach it once its read has waited its limit (15 s), as it does
    // offline, instead of loading until the browser gives up.
    const main = page.getByRole('main');
    await page.goto('/profil/bestallningar');
    await expect(main.getByText('Servern gick inte att nå. Kontrollera uppkopplingen och försök igen.')).toBeVisible({
      timeout: 60_000,
    });
    // A page whose loader could not reach the server: no status code of the server's, since it never answered.
    await page.goto('/om-oss');
    await expect(main.getByText('Servern gick inte att nå', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(main).toContainText('Inventering och inköpslistor fungerar även utan uppkoppling.');
    await expect(main).not.toContainText('felkod');
    await expect(page).toHaveTitle(/Servern gick inte att nå/);
    await axe.check('server not reached');

    // The network answers again: what was held goes through, and "Försök igen" opens the page.
    await context.unroute('**/v1/**');
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await main.getByRole('button', { name: 'Försök igen' }).click();
    await expect(main.getByRole('heading', { level: 1, name: /^Ett lager fullt av mat/ })).toBeVisible();

    // Back on the count screen the user is still signed in, and the count goes to the server once.
    await page.goto(`/profil/inventering/${listId}/rakna`);
    await sync.open('after the network answered');
    await sync.syncNow.click();
    await sync.expectState('synced', 0);
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.quantity).toBe(6);
    await expect.poll(async () => (await inventoryApi.items(users.kund, COMPANY, listId))[0]?.countCount).toBe(1);
  });

  test('a refusal that arrives after the start still ends the session', async ({ counted, context, page, request }) => {
    const { name } = counted;

    const held: Route[] = [];
    await context.route('**/v1/customer/', (route) => void held.push(route));
    await page.reload();
    const counting = new CountScreen(page);
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);

    // Meanwhile the session is ended on the server (a logout elsewhere); then the held question reaches it.
    const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
    if (!token) throw new Error('no session cookie on the page');
    const logout = await request.post('/v1/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(logout.ok()).toBe(true);
    await context.unroute('**/v1/customer/');
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);

    await expect(page.getByText('Din session har gått ut')).toBeVisible();
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
  });
});
