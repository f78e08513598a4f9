import { expect, test } from './pages/Orders';
import type { CartProduct } from './pages/Cart';
import { users } from './support/users';

const COMPANY = '10001';

test.describe('orders and popular articles', () => {
  let products: CartProduct[];

  test.beforeEach(async ({ api, cartApi }) => {
    products ??= await cartApi.products(users.kund, COMPANY, 1);
    await cartApi.clear(users.kund, COMPANY);
    await api.setDefaultCompany(users.kund, COMPANY);
  });

  test('find an order by its reference, open it and order it again into the cart', async ({
    app,
    cart,
    cartApi,
    orders,
  }) => {
    const [a] = products as [CartProduct];
    const reference = `E2E ref ${Date.now().toString(36)}`;
    const orderNumber = await cartApi.placeOrder(users.kund, COMPANY, a.productId, reference);
    await app.login.loginAs(users.kund);
    await orders.goto();
    await orders.search.fill(reference);
    await expect(orders.rows).toHaveCount(1);
    await expect(orders.rows.first()).toContainText(reference);
    await orders.open(orderNumber);
    await expect(app.page.getByTestId('order-row')).toHaveCount(1);

    // The order as a PDF: a file named for the order, with the order number and the reference in its text.
    const [download] = await Promise.all([app.page.waitForEvent('download'), orders.pdf.click()]);
    expect(download.suggestedFilename()).toContain(orderNumber);
    const { extractText } = await import('unpdf');
    const { readFile } = await import('node:fs/promises');
    const { text } = await extractText(new Uint8Array(await readFile(await download.path())), { mergePages: true });
    expect(text).toContain(orderNumber);
    expect(text).toContain(reference);

    await cart.expectCount(0);
    await orders.reorder.click();
    await expect(cart.drawer).toBeVisible();
    await expect(cart.line(a.name)).toBeVisible();
    await cart.close(orders.reorder);
    await cart.expectCount(1);
    expect((await cartApi.cart(users.kund, COMPANY)).items.map((i) => i.productId)).toEqual([a.productId]);
  });

  test('popular articles go into the cart with their quantity', async ({ app, cart, orders }) => {
    await app.login.loginAs(users.kund);
    await orders.gotoPopular();
    const first = orders.popularRows.first();
    const name = (await first.getByRole('link').first().textContent())!;
    await first.getByRole('textbox').fill('3');
    await first.getByRole('textbox').press('Tab');
    await first.getByRole('button', { name: /^Lägg i varukorgen/ }).click();
    await expect(app.toasts.region.getByText(`${name} lades i varukorgen`)).toBeVisible();
    await cart.expectCount(1);
    await cart.open('popular');
    await expect(cart.line(name)).toBeVisible();
    await cart.close();
  });
});
