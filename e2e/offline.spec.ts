import type { BrowserContext } from '@playwright/test';
import { expect, logInSettled, test } from './pages/PurchaseLists';
import type { ServerItem } from './support/purchase-lists';
import { nextAnswerTo, recordSentChanges } from './support/sent-changes';
import { expectAppOnDevice, serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';
import { focusIsIn } from './support/focus';

const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** The purchase-list changes (not the reads) the page or its service worker got answers to, alone or in a batch. */
const recordChanges = (context: BrowserContext) =>
  recordSentChanges(context, (path) => path.startsWith('/v1/purchase-lists'));

test.describe('purchase lists offline', () => {
  /** Products on the company's lists: the device has seen them, so they can be added offline. */
  let seen: ServerItem[];
  /** A product on no list of the company: unknown to the device while it is offline. */
  let unseen: ServerItem;

  test.beforeEach(async ({ api, app, page, lists, listsApi, sync }) => {
    seen ??= await listsApi.products(users.kund, COMPANY, 2);
    unseen ??= await listsApi.productNotOn(users.kund, COMPANY, users.admin, '10003');
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await lists.goto();
    await sync.expectState('synced', 0);
    // Each journey opens parts of the app it has not opened yet (the sync panel, a dialog) after the network goes:
    // their code must be on the device first. With Chromium 150 the precache was not always done by then.
    await expectAppOnDevice(page);
  });

  test('changes made offline wait on the device and reach the server once when the network returns', async ({
    context,
    page,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const [a, b] = seen as [ServerItem, ServerItem];
    const sent = recordChanges(context);
    await context.setOffline(true);
    await sync.expectState('offline', 0);

    const name = unique('E2E Kylrummet');
    await lists.createList(name);
    await list.expectVisible(name, 'offline');
    await list.add('Artikelnummer', a.sku);
    await expect(list.item(a.sku)).toBeVisible();
    await list.add('EAN-kod', b.gtinPiece!);
    await expect(list.item(b.sku)).toBeVisible();
    await list.setQuantity(a.name, '4');
    await expect(list.quantity(a.name)).toHaveValue('4');

    // Not seen on this device: said plainly, nothing added.
    await list.add('Artikelnummer', unseen.sku);
    await expect(list.codeField('Artikelnummer')).toHaveAccessibleDescription(
      /Du är offline, och artikeln finns inte bland de artiklar den här enheten redan känner till/,
    );
    await expect(list.items).toHaveCount(2);

    const renamed = `${name} (kväll)`;
    await list.action('Byt namn').click();
    await page.getByRole('textbox', { name: 'Nytt namn' }).fill(renamed);
    await page.getByRole('button', { name: 'Spara namnet' }).click();
    await expect(list.heading(renamed)).toBeVisible();

    // Waiting, and shown as waiting: the list, its lines, the header's count and the panel in plain Swedish.
    await expect(list.main.getByTestId('pending-marker')).toHaveCount(3);
    await sync.expectState('offline', 5);
    await sync.open('offline, 5 waiting');
    await expect(sync.panel).toContainText('Du är offline.');
    await expect(sync.syncNow).toBeDisabled();
    await expect(sync.waiting).toHaveText([
      new RegExp(`^Skapa inköpslistan ”${literal(name)}”`),
      new RegExp(`^Lägg till ${literal(a.name)} \\(1\\) i ”${literal(name)}”`),
      new RegExp(`^Lägg till ${literal(b.name)} \\(1\\) i ”${literal(name)}”`),
      new RegExp(`^Ändra antal till 4 i ”${literal(name)}”`),
      new RegExp(`^Byt namn på ”${literal(name)}” till ”${literal(renamed)}”`),
    ]);
    await sync.close();
    expect(await listsApi.listsNamed(users.kund, COMPANY, name)).toEqual([]);
    expect(sent).toEqual([]);

    // The network comes back: the `online` trigger sends everything, nobody presses anything.
    await context.setOffline(false);
    await sync.expectState('synced', 0);
    await expect(list.main.getByTestId('pending-marker')).toHaveCount(0);
    expect(await listsApi.listsNamed(users.kund, COMPANY, name)).toEqual([]);
    const [stored, ...more] = await listsApi.listsNamed(users.kund, COMPANY, renamed);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ itemCount: 2, createdBy: 'Karin Lindqvist' });
    const detail = await listsApi.list(users.kund, list.id());
    expect(detail!.items.map((i) => [i.productId, i.quantity])).toEqual([
      [a.productId, 4],
      [b.productId, 1],
    ]);
    // Each change went out once (nothing was lost on the way, so nothing was resent).
    await expect.poll(() => sent.length).toBe(5);
    expect(new Set(sent.map((change) => change.key)).size).toBe(5);

    // "Synka nu": the server out of reach while the browser is online, a change waits and backs off; once the
    // server answers again the button sends it at once.
    // The lists and the batch endpoint the changes go through (decision 0067).
    const unreachable = /\/v1\/(purchase-lists\/|sync$)/;
    await context.route(unreachable, (route) => route.abort('connectionrefused'));
    await list.main.getByRole('button', { name: `Ta bort ${b.name} ur listan` }).click();
    await expect(list.items).toHaveCount(1);
    await sync.expectState('waiting', 1);
    await sync.open('waiting, server unreachable');
    await expect(sync.panel).toContainText('Senaste försöket: Servern gick inte att nå.');
    await context.unroute(unreachable);
    await sync.syncNow.click();
    await sync.expectState('synced', 0);
    await expect(sync.panel).toContainText('Alla dina ändringar är skickade.');
    await sync.close();
    await expect.poll(async () => (await listsApi.list(users.kund, list.id()))?.items.length).toBe(1);
  });

  test('a refused change shows the server’s message, can be tried again, and is removed only when confirmed', async ({
    context,
    page,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const name = unique('E2E Borttagen');
    await lists.createList(name);
    await list.expectVisible(name);
    await sync.expectState('synced', 0);
    const id = list.id();

    await context.setOffline(true);
    await list.action('Byt namn').click();
    await page.getByRole('textbox', { name: 'Nytt namn' }).fill(`${name} 2`);
    await page.getByRole('button', { name: 'Spara namnet' }).click();
    await sync.expectState('offline', 1);
    await listsApi.deleteList(users.kund, id); // another phone of the company deletes the list meanwhile

    await context.setOffline(false);
    await sync.expectState('refused');
    await sync.open('refused');
    await expect(sync.refused).toHaveCount(1);
    // The list is gone from the server and so from the device: the change names it by its new name only.
    await expect(sync.refused).toContainText(`Byt namn på listan till ”${name} 2”`);
    await expect(sync.refused).toContainText('Inköpslistan kunde inte hittas.');

    // Sent again by the page or by its service worker (both drain, one at a time): watch the whole context.
    const again = nextAnswerTo(context, (method, path) => method === 'PATCH' && path.endsWith(id));
    await sync.refused.getByRole('button', { name: 'Försök igen' }).click();
    expect(await again).toBe(404);
    await sync.expectState('refused'); // refused again: the list is still gone
    await expect(sync.refused).toHaveCount(1);

    await sync.refused.getByRole('button', { name: 'Ta bort ändringen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ta bort ändringen?' });
    await expect(confirm).toContainText('Ändringen sparas inte, och det går inte att ångra.');
    await expect(confirm).toContainText(`Byt namn på listan till ”${name} 2”`);
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(sync.refused).toHaveCount(1);
    await sync.refused.getByRole('button', { name: 'Ta bort ändringen' }).click();
    await confirm.getByRole('button', { name: 'Ta bort ändringen' }).click();
    await expect(confirm).toBeHidden();
    await expect(sync.panel.getByTestId('sync-refused')).toHaveCount(0);
    await expect(sync.panel).toContainText('Alla dina ändringar är skickade.');
    // The removed change took its button along: the focus stays in the panel, so Escape still closes it.
    await expect.poll(() => page.evaluate(focusIsIn, '[data-testid="sync-panel"]')).toBe(true);
    await sync.close();
    await sync.expectState('synced', 0);
  });

  test('the app and the list come back on a reload with no network', async ({
    context,
    page,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const controlled = await serviceWorkerControls(page);
    test.fixme(
      !controlled,
      'Reloading offline needs the service worker (PWA work in sw/ and src/app/pwa): it did not control the page.',
    );
    const [a] = seen as [ServerItem];
    await context.setOffline(true);
    const name = unique('E2E Omladdad');
    await lists.createList(name);
    await list.expectVisible(name);
    await list.add('Artikelnummer', a.sku);
    await expect(list.item(a.sku)).toBeVisible();

    await page.reload();
    await list.expectVisible(name, 'reloaded offline');
    await expect(list.item(a.sku)).toBeVisible();
    await expect(list.main.getByTestId('pending-marker')).toHaveCount(2);
    await sync.expectState('offline', 2);

    await context.setOffline(false);
    await sync.expectState('synced', 0);
    const [stored, ...more] = await listsApi.listsNamed(users.kund, COMPANY, name);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ itemCount: 1 });
  });

  test('one user’s waiting changes are never sent as another user, and go when that user is back', async ({
    app,
    context,
    page,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const [a] = seen as [ServerItem];
    await context.setOffline(true);
    const name = unique('E2E Karins lista');
    await lists.createList(name);
    await list.expectVisible(name);
    await list.add('Artikelnummer', a.sku);
    await sync.expectState('offline', 2);

    // Logging out with changes waiting asks first.
    await app.header.logout();
    const question = page.getByRole('dialog', { name: 'Logga ut?' });
    await expect(question).toContainText(
      'Du har 2 ändringar som inte har skickats. De sparas på den här enheten och skickas nästa gång du loggar in här.',
    );
    await app.axe.check('logout question');
    await question.getByRole('button', { name: 'Avbryt' }).click();
    await expect(list.heading(name)).toBeVisible(); // still logged in
    await app.header.logout();
    await question.getByRole('button', { name: 'Logga ut ändå' }).click();
    await app.home.expectVisible();

    // Another user on the same device, online.
    await context.setOffline(false);
    const sent = recordChanges(context);
    await logInSettled(app, users.admin);
    await lists.goto();
    await sync.expectState('synced', 0);
    await sync.open('other user waiting');
    await expect(sync.panel).toContainText(
      'På den här enheten finns också 2 ändringar från en annan användare. De skickas först när den användaren loggar in här igen.',
    );
    await sync.syncNow.click();
    await sync.expectState('synced', 0);
    await sync.close();
    await expect(lists.row(name)).toHaveCount(0);
    expect(sent).toEqual([]);
    expect(await listsApi.listsNamed(users.kund, COMPANY, name)).toEqual([]);
    expect(await listsApi.listsNamed(users.admin, '10003', name)).toEqual([]);

    // Karin again: her changes go, under her name.
    await app.header.logout(); // nothing of Adam's waits: no question
    await app.home.expectVisible();
    await logInSettled(app, users.kund);
    await lists.goto();
    await sync.expectState('synced', 0);
    await expect(lists.row(name)).toBeVisible();
    const [stored, ...more] = await listsApi.listsNamed(users.kund, COMPANY, name);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ itemCount: 1, createdBy: 'Karin Lindqvist' });
  });
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
