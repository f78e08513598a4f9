import { expect, test } from './pages/PurchaseLists';
import type { ServerItem } from './support/purchase-lists';
import { recordSentChanges } from './support/sent-changes';
import { users } from './support/users';

const COMPANY = '10001';

/** Runs against server B, whose tokens live 15 seconds (the file name puts it in the 'session' project). */
test.describe('purchase lists offline, with a token that expires meanwhile', () => {
  test('changes made after the token expired arrive under the same user, and the page keeps the new token', async ({
    api,
    app,
    context,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const [product] = (await listsApi.products(users.kund, COMPANY, 1)) as [ServerItem];
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    // Through the app, not a page load: with 15 s tokens the engine renews on every sync, and a page load in the
    // middle of a renewal loses the new token (the server has already deleted the old one).
    await app.profile.area('Inköpslistor').click();
    await lists.expectVisible();
    await sync.expectState('synced', 0);

    await context.setOffline(true);
    // Past the 15 s token lifetime, with no network to renew it: the server refuses the token, and the page's own
    // record of its expiry has passed.
    await api.waitUntilTokenExpired((await app.cookie('token'))!);
    await expect
      .poll(async () => Date.parse(decodeURIComponent((await app.cookie('timestamp')) ?? '')))
      .toBeLessThan(Date.now());
    const before = await app.cookie('token');

    const name = `E2E Utgången token ${Date.now().toString(36)}`;
    await lists.createList(name);
    await list.expectVisible(name);
    await list.add('Artikelnummer', product.sku);
    await expect(list.item(product.sku)).toBeVisible();
    await sync.expectState('offline', 2);

    // What reached the server, in order: the renewal, then the changes (alone or in a batch, decision 0067).
    const statuses: string[] = [];
    context.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      const change = r.request().method() !== 'GET' && (path.startsWith('/v1/purchase-lists') || path === '/v1/sync');
      if (path.startsWith('/v1/auth/renew') || change) statuses.push(`${r.request().method()} ${path} ${r.status()}`);
    });
    const sent = recordSentChanges(context, (path) => path.startsWith('/v1/purchase-lists'));
    await context.setOffline(false);
    await sync.expectState('synced', 0);

    // Renewed first, then sent: nothing was refused, nothing was sent twice.
    expect(statuses[0]).toBe('POST /v1/auth/renew 200');
    await expect
      .poll(() => sent.map((c) => `${c.method} ${c.path.replace(/[0-9a-f-]{36}/g, ':id')} ${c.status}`))
      .toEqual(['POST /v1/purchase-lists 201', 'POST /v1/purchase-lists/:id/items 201']);
    const [stored, ...more] = await listsApi.listsNamed(users.kund, COMPANY, name);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ itemCount: 1, createdBy: 'Karin Lindqvist' });

    // The engine's new token is the page's too: still logged in, and the page works with it.
    await expect.poll(() => app.cookie('token')).not.toBe(before);
    await app.header.chooseFromUserMenu('Mina sidor');
    await app.profile.expectVisible();
    await expect(app.header.userMenuButton).toBeVisible();
  });
});
