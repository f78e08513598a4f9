import type { APIRequestContext } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { sv } from 'date-fns/locale';
import { expect, test, type ServerCart } from './pages/Cart';
import { users } from './support/users';

const COMPANY = '10001';

/** The cart as the server answers it, with the chosen date's deadline (contract/cart.ts). */
type DatedCart = ServerCart & { deadline: { date: string; deadline: string; deadlineLocal: string } | null };

/** "tisdag 24 november", as the server and the app write a delivery day. */
const weekdayDate = (date: string) => format(parseISO(date), 'EEEE d MMMM', { locale: sv });
/** "måndag 23 november kl. 14:00", as the drawer writes an order deadline. */
const deadlineText = (deadlineLocal: string) =>
  format(parseISO(deadlineLocal), "EEEE d MMMM 'kl.' HH:mm", { locale: sv });

/** Server A's test clock (DEV_CLOCK, docs/decisions/0041): moves the date rules, not tokens or sessions. */
class ServerClock {
  constructor(private readonly request: APIRequestContext) {}

  /** Moves the clock `offsetMinutes` from real time; the server's time by it. */
  async move(offsetMinutes: number): Promise<Date> {
    const response = await this.request.put('/v1/dev/clock', { data: { offsetMinutes } });
    expect(response.status(), 'PUT /v1/dev/clock (a reused server A started without DEV_CLOCK=true?)').toBe(200);
    return new Date(((await response.json()) as { now: string }).now);
  }

  async reset(): Promise<void> {
    const response = await this.request.delete('/v1/dev/clock');
    expect(response.status(), 'DELETE /v1/dev/clock').toBe(200);
  }
}

test('a chosen delivery date whose order deadline has passed moves to the next available date, and the user is told', async ({
  api,
  app,
  page,
  request,
  cart,
  cartApi,
  sync,
}) => {
  const [product] = await cartApi.products(users.kund, COMPANY, 1);
  await cartApi.clear(users.kund, COMPANY);
  await api.setDefaultCompany(users.kund, COMPANY);
  await cartApi.add(users.kund, COMPANY, product!.productId, 1);
  const clock = new ServerClock(request);

  try {
    await app.login.loginAs(users.kund);
    await cart.expectCount(1);
    await cart.open('before the deadline');
    await cart.chooseFirstDate();
    const picker = cart.drawer.getByTestId('delivery-date');
    await expect(picker).toContainText('Beställ senast');
    await expect.poll(async () => (await cartApi.cart(users.kund, COMPANY)).deliveryDate).not.toBeNull();
    const chosen = (await cartApi.cart(users.kund, COMPANY)) as DatedCart;
    const first = chosen.deadline!;
    expect(first.date).toBe(chosen.deliveryDate);
    await expect(picker).toContainText(`Beställ senast ${deadlineText(first.deadlineLocal)}`);
    await cart.close();
    await sync.expectState('synced', 0);

    // The user leaves; on the server, time passes to one minute after the chosen date's order deadline. The device's
    // clock stays: moved too, it would judge the session token (issued on real time) old and renew it over and over.
    await page.goto('about:blank');
    const offsetMinutes = Math.ceil((Date.parse(first.deadline) - Date.now()) / 60_000) + 1;
    const serverNow = await clock.move(offsetMinutes);
    expect(serverNow.getTime()).toBeGreaterThan(Date.parse(first.deadline));

    // The user comes back: the drawer shows another date, with its own deadline.
    await page.goto('/profil');
    await cart.expectCount(1);
    await cart.open('after the deadline');
    await expect(picker.getByRole('spinbutton', { name: 'dag, Leveransdag' })).not.toHaveAttribute(
      'aria-valuenow',
      String(parseISO(first.date).getDate()),
    );

    // The server moved the date to the next available one and stored it (read after the browser had its answer).
    const moved = (await cartApi.cart(users.kund, COMPANY)) as DatedCart;
    const next = moved.deadline!;
    expect(moved.deliveryDate).toBe(next.date);
    expect(next.date > first.date).toBe(true);
    expect(Date.parse(next.deadline)).toBeGreaterThan(serverNow.getTime());
    const [year, month, day] = next.date.split('-').map(Number) as [number, number, number];
    for (const [segment, value] of [
      ['år', year],
      ['månad', month],
      ['dag', day],
    ] as const) {
      await expect(picker.getByRole('spinbutton', { name: `${segment}, Leveransdag` })).toHaveAttribute(
        'aria-valuenow',
        String(value),
      );
    }
    await expect(picker).toContainText(`Beställ senast ${deadlineText(next.deadlineLocal)}`);
    await expect(cart.toCheckout).toBeVisible();

    // The server tells the move once; background reads a moment later keep the notice on the device.
    await expect(cart.messages).toContainText(
      `Sista beställningstid för ${weekdayDate(first.date)} har passerat. Leveransdagen har ändrats till ${weekdayDate(next.date)}.`,
      { timeout: 5_000 },
    );
  } finally {
    // Later journeys run at real time.
    await clock.reset();
  }
});
