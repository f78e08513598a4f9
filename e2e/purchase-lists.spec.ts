import { expect, test } from './pages/PurchaseLists';
import type { ServerItem } from './support/purchase-lists';
import { users } from './support/users';

const COMPANY = '10001';
const HINT = 'Artikeln finns redan i listan. Ändra antalet på raden i stället.';
const swedish = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.describe('purchase lists', () => {
  /** Three products from the company's seeded lists: distinct names and brands, each with a piece EAN. */
  let products: ServerItem[];

  test.beforeEach(async ({ api, app, listsApi }) => {
    products ??= await listsApi.products(users.kund, COMPANY, 3);
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
  });

  test('a new list needs a name, fills by article number and EAN, and refuses an article twice with the hint', async ({
    app,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    const [first, second] = products as [ServerItem, ServerItem];
    await app.profile.area('Inköpslistor').click();
    await lists.expectVisible();
    await expect(lists.rows.first()).toBeVisible(); // the company's seeded lists, read into the device's mirror

    // The name is required (SPEC §5): the field says so, and the form says 'Fyll i alla fält'.
    await lists.create.click();
    await expect(lists.name).toHaveAccessibleDescription(/Fältet är obligatoriskt\./);
    await expect(lists.formError).toBeVisible();
    await app.axe.check('name missing');

    const name = unique('E2E Veckans torrvaror');
    await lists.createList(name);
    await list.expectVisible(name, 'empty');
    await expect(list.main.getByText('Listan är tom')).toBeVisible();

    await list.add('Artikelnummer', first.sku);
    await expect(list.item(first.sku)).toBeVisible();
    await list.add('EAN-kod', second.gtinPiece!);
    await expect(list.item(second.sku)).toBeVisible();
    await expect(list.codeField('EAN-kod')).toHaveAttribute('inputmode', 'numeric');

    // The same article again, by its other number: refused next to the field, with the spec's hint.
    await list.add('EAN-kod', first.gtinPiece!);
    await expect(list.codeField('EAN-kod')).toHaveAccessibleDescription(new RegExp(HINT.replace('.', '\\.')));
    await app.axe.check('duplicate refused');
    await expect(list.items).toHaveCount(2);

    // An unknown number is not a product.
    await list.add('Artikelnummer', '000000');
    await expect(list.codeField('Artikelnummer')).toHaveAccessibleDescription(/Ingen artikel har det numret/);

    // On the server: the list once, each article once, quantity 1, made by the user.
    await sync.expectState('synced', 0);
    const [stored] = await listsApi.listsNamed(users.kund, COMPANY, name);
    expect(stored).toMatchObject({ name, itemCount: 2, createdBy: 'Karin Lindqvist' });
    expect((await listsApi.listsNamed(users.kund, COMPANY, name)).length).toBe(1);
    const detail = await listsApi.list(users.kund, list.id());
    expect(detail?.items.map((i) => [i.productId, i.quantity])).toEqual([
      [first.productId, 1],
      [second.productId, 1],
    ]);
  });

  test('lines sort by name, date, quantity and brand both ways, and the choice stays in the URL', async ({
    page,
    lists,
    list,
    listsApi,
    sync,
  }) => {
    await lists.goto();
    const name = unique('E2E Sortering');
    await lists.createList(name);
    await list.expectVisible(name);
    for (const product of products) {
      await list.add('Artikelnummer', product.sku);
      await expect(list.item(product.sku)).toBeVisible();
    }
    // Distinct quantities: the second most, the first least.
    const quantities = new Map([
      [products[0]!.name, 1],
      [products[1]!.name, 7],
      [products[2]!.name, 4],
    ]);
    for (const [product, quantity] of quantities) await list.setQuantity(product, String(quantity));
    for (const [product, quantity] of quantities) await expect(list.quantity(product)).toHaveValue(String(quantity));

    const added = products.map((p) => p.name);
    const byName = [...added].sort(swedish.compare);
    const byBrand = [...products].sort((a, b) => swedish.compare(a.brandName, b.brandName)).map((p) => p.name);
    const byQuantity = [...added].sort((a, b) => quantities.get(a)! - quantities.get(b)!);

    expect(await list.itemNames()).toEqual(added); // default: the order they were added
    const cases: [string, string[]][] = [
      ['name-asc', byName],
      ['name-desc', [...byName].reverse()],
      ['date-desc', [...added].reverse()],
      ['quantity-asc', byQuantity],
      ['quantity-desc', [...byQuantity].reverse()],
      ['brand-asc', byBrand],
      ['brand-desc', [...byBrand].reverse()],
      ['date-asc', added],
    ];
    for (const [key, expected] of cases) {
      await list.sort.selectOption(key);
      await expect.poll(() => list.itemNames(), { message: key }).toEqual(expected);
      const [sort, order] = key.split('-');
      if (key === 'date-asc') await expect(page).not.toHaveURL(/sort=/);
      else await expect(page).toHaveURL(new RegExp(`\\?sort=${sort}&order=${order}$`));
    }

    // Remembered in the URL: a reload (or a shared link) shows the same order.
    await list.sort.selectOption('brand-desc');
    await page.reload();
    await list.expectVisible(name, 'sorted');
    await expect(list.sort).toHaveValue('brand-desc');
    expect(await list.itemNames()).toEqual([...byBrand].reverse());

    await sync.expectState('synced', 0);
    const detail = await listsApi.list(users.kund, list.id());
    expect(Object.fromEntries(detail!.items.map((i) => [i.name, i.quantity]))).toEqual(Object.fromEntries(quantities));
  });

  test('rename, reset quantities and delete: each through a dialog, each on the server', async ({
    app,
    lists,
    list,
    dialogs,
    listsApi,
    sync,
  }) => {
    const [first, second] = products as [ServerItem, ServerItem];
    await lists.goto();
    const name = unique('E2E Fredagsmenyn');
    await lists.createList(name);
    await list.expectVisible(name);
    await list.add('Artikelnummer', first.sku);
    await list.add('Artikelnummer', second.sku);
    await expect(list.items).toHaveCount(2);
    await list.setQuantity(first.name, '3');
    await expect(list.quantity(first.name)).toHaveValue('3');

    // A whole-unit article rounds a fraction, and says so (SPEC §5).
    const whole = [first, second].find((p) => p.wholeUnitsOnly);
    if (whole) {
      await list.setQuantity(whole.name, '2,5');
      await expect(app.toasts.byId('QuantityRounded')).toContainText('Antalet har avrundats till 3');
      await expect(list.quantity(whole.name)).toHaveValue('3');
    }

    // Rename.
    const renamed = `${name} (ny)`;
    await list.action('Byt namn').click();
    await dialogs.expectOpen('Byt namn på listan');
    const field = dialogs.get('Byt namn på listan').getByRole('textbox', { name: 'Nytt namn' });
    await field.fill('');
    await dialogs.get('Byt namn på listan').getByRole('button', { name: 'Spara namnet' }).click();
    await expect(field).toHaveAccessibleDescription(/Fältet är obligatoriskt\./);
    await field.fill(renamed);
    await dialogs.get('Byt namn på listan').getByRole('button', { name: 'Spara namnet' }).click();
    await list.expectVisible(renamed);

    // Reset asks first; Avbryt changes nothing.
    await list.action('Nollställ antal').click();
    await dialogs.expectOpen('Nollställ alla antal?');
    await dialogs.get('Nollställ alla antal?').getByRole('button', { name: 'Avbryt' }).click();
    await expect(list.quantity(first.name)).toHaveValue('3');
    await list.action('Nollställ antal').click();
    await dialogs.get('Nollställ alla antal?').getByRole('button', { name: 'Nollställ' }).click();
    await expect(list.quantity(first.name)).toHaveValue('0');
    await expect(list.quantity(second.name)).toHaveValue('0');
    await expect(list.items).toHaveCount(2); // the articles stay

    // Remove one line.
    await list.main.getByRole('button', { name: `Ta bort ${second.name} ur listan` }).click();
    await expect(list.items).toHaveCount(1);

    await sync.expectState('synced', 0);
    const id = list.id();
    const detail = await listsApi.list(users.kund, id);
    expect(detail).toMatchObject({ name: renamed, itemCount: 1 });
    expect(detail!.items.map((i) => [i.productId, i.quantity])).toEqual([[first.productId, 0]]);

    // Delete from the overview, asked first.
    await lists.openFromBreadcrumbs();
    await lists.chooseFromMenu(renamed, 'Ta bort');
    await dialogs.expectOpen('Ta bort inköpslistan?');
    await expect(dialogs.get('Ta bort inköpslistan?')).toContainText(`”${renamed}” med 1 artikel tas bort`);
    await dialogs.get('Ta bort inköpslistan?').getByRole('button', { name: 'Ta bort listan' }).click();
    await expect(lists.row(renamed)).toHaveCount(0);
    await sync.expectState('synced', 0);
    await expect.poll(() => listsApi.list(users.kund, id)).toBeNull();

    // The list's address now shows PurchaseListNotFound.
    await app.page.goto(`/profil/inkopslistor/${id}`);
    await expect(list.notFound).toBeVisible();
    await expect(list.main.getByRole('heading', { level: 1 })).toHaveText('Inköpslistan kunde inte hittas');
    await app.axe.check('not found');
  });

  test('the sync panel shows everything sent, and "Synka nu" reads the lists again', async ({ lists, sync }) => {
    await lists.goto();
    await sync.expectState('synced', 0);
    await sync.open('synced');
    await expect(sync.panel).toContainText('Du är uppkopplad.');
    await expect(sync.panel).toContainText('Alla dina ändringar är skickade.');
    await expect(sync.panel.getByTestId('sync-last-synced')).toHaveText(
      /Senast synkad (alldeles nyss|för \d+ \w+ sedan)\./,
    );
    const reread = sync.panel.page().waitForResponse((r) => /\/v1\/purchase-lists\?company=/.test(r.url()));
    await sync.syncNow.click();
    expect((await reread).status()).toBe(200);
    await sync.close();
  });
});

test.describe('purchase lists offline on a first visit, before the service worker holds the app', () => {
  // The worker never takes over here, as on a first visit whose worker is still storing the app: what the offline
  // list needs must already be on the page (docs/decisions/0044, "Found by CI").
  test.use({ serviceWorkers: 'block' });

  test('going offline on the overview, a new list still opens and its notification shows', async ({
    api,
    app,
    context,
    page,
    lists,
    list,
    sync,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await app.profile.area('Inköpslistor').click();
    await lists.expectVisible();
    await sync.expectState('synced', 0);
    // Idle work has fetched the list screen and the notifications' code (what a real user's minute on the page does).
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['PurchaseListRoute-', 'Toasts-'].every((chunk) =>
            performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/assets/${chunk}`)),
          ),
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      const name = unique('E2E Utan arbetare');
      await lists.createList(name);
      // The toast first: it goes after 3 s, which a busy machine can spend drawing the list.
      await expect(app.toasts.region).toContainText(`Inköpslistan ”${name}” har skapats.`);
      await list.expectVisible(name);
    } finally {
      await context.setOffline(false);
    }
  });
});
