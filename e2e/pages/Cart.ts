import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { AxeChecker } from '../support/axe';
import type { DemoUser } from '../support/users';
import { test as base } from './PurchaseLists';

/** A product as the tests put it in the cart. */
export interface CartProduct {
  productId: string;
  slug: string;
  sku: string;
  name: string;
  wholeUnitsOnly: boolean;
}

export interface ServerCartLine {
  itemId: string;
  lineNumber: number;
  productId: string;
  quantity: number;
  unit: 'piece' | 'carton';
}

export interface ServerCart {
  companyCode: string;
  deliveryDate: string | null;
  items: ServerCartLine[];
  itemCount: number;
  totals: { total: number; subtotal: number };
  messages: { code: string; message: string }[];
}

/** The cart through the API: arrange it and read what the server stored. */
export class CartApi {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly request: APIRequestContext) {}

  private async token(user: DemoUser): Promise<string> {
    const known = this.tokens.get(user.email);
    if (known) return known;
    const response = await this.request.post('/v1/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(response.status(), `login ${user.email}`).toBe(200);
    const { token } = (await response.json()) as { token: string };
    this.tokens.set(user.email, token);
    return token;
  }

  async cart(user: DemoUser, company: string): Promise<ServerCart> {
    const response = await this.request.get(`/v1/company/${company}/cart`, {
      headers: { Authorization: `Bearer ${await this.token(user)}` },
    });
    expect(response.status(), `GET cart ${company}`).toBe(200);
    return (await response.json()) as ServerCart;
  }

  async clear(user: DemoUser, company: string): Promise<void> {
    const response = await this.request.delete(`/v1/company/${company}/cart`, {
      headers: { Authorization: `Bearer ${await this.token(user)}` },
    });
    expect(response.status(), `DELETE cart ${company}`).toBe(200);
  }

  async add(user: DemoUser, company: string, productId: string, quantity: number): Promise<void> {
    const response = await this.request.put(`/v1/company/${company}/cart/product`, {
      headers: { Authorization: `Bearer ${await this.token(user)}` },
      data: { productId, quantity },
    });
    expect(response.status(), `PUT cart product ${company}`).toBe(200);
  }

  /** Adds, chooses the first delivery date and orders through the API; the order number. */
  async placeOrder(user: DemoUser, company: string, productId: string, reference: string): Promise<string> {
    const headers = { Authorization: `Bearer ${await this.token(user)}` };
    await this.add(user, company, productId, 2);
    const next = (await (await this.request.get(`/v1/company/${company}/calendar/next`, { headers })).json()) as {
      next: { date: string };
    };
    const dated = await this.request.put(`/v1/company/${company}/cart/delivery-date`, {
      headers,
      data: { deliveryDate: next.next.date },
    });
    expect(dated.status(), 'PUT delivery-date').toBe(200);
    const placed = await this.request.post(`/v1/checkout/company/${company}/cart`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { reference },
    });
    expect(placed.status(), 'POST checkout').toBe(201);
    return ((await placed.json()) as { order: { orderNumber: string } }).order.orderNumber;
  }

  /** Orderable products from the company's purchase lists, with their slugs (for the product page). */
  async products(user: DemoUser, company: string, count: number): Promise<CartProduct[]> {
    const headers = { Authorization: `Bearer ${await this.token(user)}` };
    const lists = (await (await this.request.get(`/v1/purchase-lists?company=${company}`, { headers })).json()) as {
      data: { id: string }[];
    };
    const found: CartProduct[] = [];
    for (const { id } of lists.data) {
      const detail = (await (await this.request.get(`/v1/purchase-lists/${id}`, { headers })).json()) as {
        items: { productId: string; sku: string; discontinued: boolean }[];
      };
      for (const item of detail.items) {
        if (item.discontinued || found.some((f) => f.productId === item.productId)) continue;
        const lookup = await this.request.get(`/v1/products/lookup?code=${item.sku}&by=articleNumber`, { headers });
        if (lookup.status() !== 200) continue;
        const product = (await lookup.json()) as CartProduct & { discontinued: boolean };
        const page = (await (await this.request.get(`/v1/products/${product.slug}`)).json()) as { expired?: boolean };
        if (page.expired) continue;
        found.push({
          productId: product.productId,
          slug: product.slug,
          sku: product.sku,
          name: product.name,
          wholeUnitsOnly: product.wholeUnitsOnly,
        });
        if (found.length >= count) return found;
      }
    }
    throw new Error(`only ${found.length} orderable products found for ${company}`);
  }
}

/** The header's mini cart and the cart drawer it opens. */
export class CartDrawer {
  readonly miniCart;
  readonly count;
  readonly drawer;
  readonly lines;
  readonly empty;
  readonly messages;
  readonly toCheckout;
  readonly totals;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    this.miniCart = page.getByRole('banner').getByTestId('mini-cart');
    this.count = this.miniCart.getByTestId('mini-cart-count');
    this.drawer = page.getByRole('dialog', { name: 'Varukorg' });
    this.lines = this.drawer.getByTestId('cart-line');
    this.empty = this.drawer.getByTestId('cart-empty');
    this.messages = this.drawer.getByTestId('cart-messages');
    this.toCheckout = this.drawer.getByRole('link', { name: 'Till kassan' });
    this.totals = this.drawer.getByTestId('cart-totals');
  }

  /** The mini cart's accessible name says how many lines there are. */
  async expectCount(count: number) {
    if (count === 0) await expect(this.miniCart).toHaveAccessibleName('Varukorg, tom');
    else await expect(this.miniCart).toHaveAccessibleName(new RegExp(`^Varukorg, ${count} rad(er)?,`));
  }

  async open(state = '') {
    await this.miniCart.click();
    await expect(this.drawer).toBeVisible();
    await expect(this.lines.first().or(this.empty)).toBeVisible();
    await this.axe.check(`cart drawer ${state}`);
  }

  /** Escape closes the drawer; focus goes back where it was (the mini cart, or the control that opened it). */
  async close(focusBackTo: Locator = this.miniCart) {
    await this.page.keyboard.press('Escape');
    await expect(this.drawer).toBeHidden();
    await expect(focusBackTo).toBeFocused();
  }

  line(name: string): Locator {
    return this.lines.filter({ hasText: name });
  }

  quantity(name: string): Locator {
    return this.drawer.getByRole('textbox', { name: `Antal av ${name}` });
  }

  /** Picks the first date the calendar offers (the suggestion), as a user with the date picker would. */
  async chooseFirstDate() {
    await this.drawer.getByTestId('delivery-date-open').click();
    const calendar = this.page.getByRole('dialog', { name: 'Leveranskalender' });
    await expect(calendar).toBeVisible();
    await this.axe.check('delivery calendar');
    let cell = calendar.locator('td [role="button"]:not([aria-disabled="true"])').first();
    while ((await cell.count()) === 0) {
      await calendar.getByRole('button', { name: 'Nästa månad' }).click();
      cell = calendar.locator('td [role="button"]:not([aria-disabled="true"])').first();
    }
    await cell.click();
    await expect(calendar).toBeHidden();
  }
}

/** A product page's add-to-cart control. */
export class AddToCart {
  readonly quantity;
  readonly button;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.quantity = main.getByRole('group', { name: 'Lägg i varukorgen' }).getByRole('textbox', { name: 'Antal' });
    this.button = main.getByTestId('add-to-cart');
  }

  async gotoProduct(product: CartProduct) {
    await this.page.goto(`/produkt/${product.slug}`);
    await expect(this.page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(this.button).toBeEnabled();
  }

  async add(quantity: string) {
    await this.quantity.fill(quantity);
    await this.quantity.press('Tab');
    await this.button.click();
    await expect(this.button).toBeFocused();
  }
}

/** /kassa and /kassa/bekraftelse. */
export class CheckoutScreen {
  readonly heading;
  readonly placeOrder;
  readonly reference;
  readonly theirReference;
  readonly address;
  readonly confirmation;
  readonly noOrder;

  constructor(
    private readonly page: Page,
    private readonly axe: AxeChecker,
  ) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Kassa' });
    this.placeOrder = main.getByRole('button', { name: 'Skicka beställningen' });
    this.reference = main.getByRole('textbox', { name: 'Er referens' });
    this.theirReference = main.getByRole('textbox', { name: 'Vår referens' });
    this.address = main.getByTestId('delivery-address');
    this.confirmation = main.getByTestId('order-confirmation');
    this.noOrder = main.getByTestId('no-order');
  }

  async expectVisible(state = '') {
    await expect(this.page).toHaveURL(/\/kassa$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Kassa | Skafferi');
    await this.axe.check(`checkout ${state}`);
  }

  async expectConfirmation() {
    await expect(this.page).toHaveURL(/\/kassa\/bekraftelse$/);
    await expect(this.confirmation).toBeVisible();
    await expect(this.page).toHaveTitle('Orderbekräftelse | Skafferi');
    await this.axe.check('confirmation');
  }
}

interface CartFixtures {
  cart: CartDrawer;
  addToCart: AddToCart;
  checkout: CheckoutScreen;
  cartApi: CartApi;
}

/** The purchase-list fixtures (sync status, lists) plus the cart's screens and API. */
export const test = base.extend<CartFixtures>({
  cart: async ({ page, axe }, use) => use(new CartDrawer(page, axe)),
  addToCart: async ({ page }, use) => use(new AddToCart(page)),
  checkout: async ({ page, axe }, use) => use(new CheckoutScreen(page, axe)),
  cartApi: async ({ request }, use) => use(new CartApi(request)),
});

export { expect };
