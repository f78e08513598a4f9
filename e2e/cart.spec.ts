import type { BrowserContext, Request } from '@playwright/test';
import { expect, test, type CartProduct } from './pages/Cart';
import { recordSentChanges } from './support/sent-changes';
import { serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';

const COMPANY = '10001';
const OTHER = '10002';

/** The cart changes (not the reads) the page or its service worker got answers to for a company, alone or in a batch. */
const recordCartChanges = (context: BrowserContext, company: string) =>
  recordSentChanges(context, (path) => path.startsWith(`/v1/company/${company}/cart`));

test.describe('cart, delivery date and checkout', () => {
  let products: CartProduct[];

  test.beforeEach(async ({ api, cartApi }) => {
    products ??= await cartApi.products(users.kund, COMPANY, 2);
    await cartApi.clear(users.kund, COMPANY);
    await cartApi.clear(users.kund, OTHER);
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('a cart filled offline survives a reload and reaches the server once when the network is back', async ({
    app,
    context,
    page,
    addToCart,
    cart,
    cartApi,
    lists,
    sync,
  }) => {
    const [a] = products as [CartProduct];
    const sent = recordCartChanges(context, COMPANY);
    await app.login.loginAs(users.kund);
    await addToCart.gotoProduct(a);
    await sync.expectState('synced', 0);
    await cart.expectCount(0);
    const controlled = await serviceWorkerControls(page);

    await context.setOffline(true);
    await sync.expectState('offline', 0);
    await addToCart.add('2');
    await expect(app.toasts.region.getByText(`${a.name} lades i varukorgen`)).toBeVisible();
    await cart.expectCount(1);
    await cart.open('offline');
    await expect(cart.line(a.name)).toContainText('Väntar på att skickas');
    await expect(cart.quantity(a.name)).toHaveValue('2');
    await cart.close();
    await sync.expectState('offline', 1);

    // A purchase list's lines go in too, in one change (the lists are on the device).
    if (controlled) {
      await page.goto('/profil/inkopslistor'); // no network: the service worker serves the app
    } else {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Användarmeny/ })
        .click();
      await page.getByRole('menuitem', { name: 'Mina sidor' }).click();
      await page
        .getByRole('main')
        .getByRole('link', { name: /Inköpslistor/ })
        .first()
        .click();
    }
    await lists.expectVisible('offline');
    await cart.expectCount(1);
    // A list from the seed (other journeys make lists of their own, some with no quantities).
    await lists.rows.filter({ hasNotText: 'E2E' }).first().getByRole('link').first().click();
    await page.getByTestId('add-all-to-cart').click();
    await expect(app.toasts.region.getByText(/artiklar? lades i varukorgen/)).toBeVisible();
    await sync.expectState('offline', 2);
    const offlineCount = Number(await cart.count.textContent());
    expect(offlineCount).toBeGreaterThan(1);
    expect(sent).toEqual([]);

    // Back online: the `online` trigger sends both changes, once each, in order.
    await context.setOffline(false);
    await sync.expectState('synced', 0);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent.map((change) => `${change.method} ${change.path}`)).toEqual([
      `PUT /v1/company/${COMPANY}/cart/product`,
      `PUT /v1/company/${COMPANY}/cart/products`,
    ]);
    expect(new Set(sent.map((change) => change.key)).size).toBe(2);
    const stored = await cartApi.cart(users.kund, COMPANY);
    expect(stored.itemCount).toBe(offlineCount);
    expect(stored.items.find((i) => i.productId === a.productId)!.quantity).toBeGreaterThanOrEqual(2);
    await cart.expectCount(offlineCount);
    await cart.open('synced');
    await expect(cart.drawer.getByText('Väntar på att skickas')).toHaveCount(0);
    await cart.close();
  });

  test('pick a delivery date and check out: one order, however often the button is pressed', async ({
    app,
    context,
    page,
    cart,
    cartApi,
    checkout,
  }) => {
    const [a, b] = products as [CartProduct, CartProduct];
    await cartApi.add(users.kund, COMPANY, a.productId, 3);
    await cartApi.add(users.kund, COMPANY, b.productId, 1);
    await app.login.loginAs(users.kund);
    await cart.expectCount(2);

    await cart.open('before checkout');
    await expect(cart.line(a.name)).toBeVisible();
    await cart.chooseFirstDate();
    await expect(cart.drawer.getByTestId('delivery-date')).toContainText('Beställ senast');
    await expect(cart.totals).toContainText('Totalt inkl. moms');
    await cart.toCheckout.click();
    await checkout.expectVisible();
    await expect(checkout.address).toBeVisible();
    await expect(page.getByRole('main').getByTestId('cart-totals')).toContainText('Moms');

    const orders: Request[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === `/v1/checkout/company/${COMPANY}/cart`) orders.push(r);
    });
    await checkout.reference.fill('E2E Köket v. 47');
    await checkout.theirReference.fill('Säljaren');
    await checkout.placeOrder.dblclick();
    await checkout.expectConfirmation();
    await expect(checkout.confirmation).toContainText('Tack för din beställning!');
    await expect(checkout.confirmation).toContainText('Ordernumret visas under Mina beställningar inom 24 timmar.');
    await expect(checkout.confirmation).toContainText('E2E Köket v. 47');
    await expect(checkout.confirmation.getByTestId('order-row')).toHaveCount(2);
    expect(new Set(orders.map((r) => r.headers()['idempotency-key'])).size).toBe(1);

    // The cart is empty, on the server and in the header.
    await cart.expectCount(0);
    await expect.poll(async () => (await cartApi.cart(users.kund, COMPANY)).itemCount).toBe(0);

    // Another tab has no order to confirm.
    const other = await context.newPage();
    await other.goto('/kassa/bekraftelse');
    await expect(other.getByTestId('no-order')).toContainText('Det finns ingen order att bekräfta.');
    await other.close();
  });

  test('checkout is blocked without a delivery date; another company has its own cart', async ({
    app,
    page,
    cart,
    cartApi,
    checkout,
  }) => {
    const [a, b] = products as [CartProduct, CartProduct];
    await cartApi.add(users.kund, COMPANY, a.productId, 1);
    await cartApi.add(users.kund, OTHER, b.productId, 4);
    await app.login.loginAs(users.kund);
    await cart.expectCount(1);
    await page.goto('/kassa');
    await checkout.expectVisible('without date');
    await expect(
      page.getByRole('main').getByText('Välj en leveransdag innan du skickar beställningen.').first(),
    ).toBeVisible();
    await checkout.placeOrder.click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Välj en leveransdag' })).toBeVisible();
    expect((await cartApi.cart(users.kund, COMPANY)).itemCount).toBe(1);

    // Switch company: the header shows the other company's cart, and its lines only.
    await app.header.companyButton.click();
    await app.switcher.expectOpen();
    await app.switcher.option(OTHER).click();
    await expect(app.switcher.dialog).toBeHidden();
    await cart.expectCount(1);
    await cart.open('other company');
    await expect(cart.line(b.name)).toBeVisible();
    await expect(cart.line(a.name)).toHaveCount(0);
    await expect(cart.quantity(b.name)).toHaveValue('4');
    await cart.close();
  });

  test('a company without delivery routes cannot order, and one without users cannot shop', async ({
    api,
    app,
    page,
    cart,
    cartApi,
    checkout,
  }) => {
    const [a] = products as [CartProduct];
    for (const [company, text] of [
      ['10026', 'Företaget saknar leveransturer och kan inte beställa.'],
      ['10030', 'Företaget har inga användare kopplade och kan inte handla.'],
    ] as const) {
      await cartApi.clear(users.personal, company);
      await cartApi.add(users.personal, company, a.productId, 1);
      await api.setDefaultCompany(users.personal, company);
      await app.login.loginAs(users.personal);
      await cart.expectCount(1);
      await cart.open(company);
      await expect(cart.messages).toContainText(text);
      await cart.close();
      await page.goto('/kassa');
      await checkout.expectVisible(company);
      await expect(page.getByRole('main')).toContainText(text);
      await expect(checkout.placeOrder).toBeDisabled();
      await app.header.logout();
    }
  });
});
