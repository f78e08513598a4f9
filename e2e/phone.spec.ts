import type { Locator, Page } from '@playwright/test';
import { expect, test } from './pages/Orders';
import { UsersScreen } from './pages/UsersScreen';
import { dateField, fillDate } from './support/date-field';
import { users } from './support/users';

// Issue #16 points 2, 3 and 5 (decision 0065): tables read as cards on a phone, the phone header is one row plus the
// search, and date fields are Swedish whatever the browser's language.

const COMPANY = '10001';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Logo and controls in one row plus the search row, as phone shops do (three rows took 125 px). */
const PHONE_HEADER_MAX = 104;
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** Inside the screen's width, and nothing in it cut off (its content is not wider than its box). */
async function expectReadable(element: Locator, label: string) {
  const box = await element.boundingBox();
  expect(box, `${label}: on screen`).not.toBeNull();
  expect(box!.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label}: right edge`).toBeLessThanOrEqual(PHONE.width);
  expect(await element.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${label}: not cut`).toBe(true);
}

/** How many lines the text in an element takes (its visible label, drawn by CSS, aside). */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) if (rect.height > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

/** The label a card shows before a value (the cell's ::before). */
const shownLabel = (cell: Locator) => cell.evaluate((el) => getComputedStyle(el, '::before').content);

/** A target a thumb can hit: at least 44 px high. */
async function expectThumbTarget(element: Locator, label: string) {
  const box = await element.boundingBox();
  expect(box?.height ?? 0, `${label}: height`).toBeGreaterThanOrEqual(44);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: PHONE });

  test('"Hantera användare": each user is a card whose e-mail, roles and status are fully visible and labelled', async ({
    app,
    page,
  }) => {
    await app.login.loginAs(users.admin);
    const screen = new UsersScreen(page, app.axe);
    await screen.goto();
    await noSidewaysScroll(page);

    const rows = await screen.rows.all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 5)) {
      const name = (await row.getByRole('rowheader').innerText()).trim();
      const [email, phone, roles, status] = await row.getByRole('cell').all();
      const labelled = [
        [email!, 'E-post'],
        [phone!, 'Telefon'],
        [roles!, 'Roller'],
        [status!, 'Status'],
      ] as const;
      for (const [cell, label] of labelled) await expectReadable(cell, `${name}: ${label}`);
      for (const [cell, label] of labelled) {
        expect(await shownLabel(cell), `${name}: ${label} is labelled`).toContain(label);
      }
      // An address reads as one (or, if very long, two) lines — not two characters a line.
      expect(await lineCount(email!), `${name}: e-mail lines`).toBeLessThanOrEqual(2);
      expect(await lineCount(status!), `${name}: status lines`).toBe(1);
      await expectThumbTarget(row.getByRole('link'), `${name}: edit link`);
    }
    await app.axe.check('users on a phone');
  });

  test('"Mina beställningar": an order is a card, its dates on one line and nothing cut on the right', async ({
    app,
    page,
    cartApi,
    orders,
    api,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    const [product] = await cartApi.products(users.kund, COMPANY, 1);
    await cartApi.clear(users.kund, COMPANY);
    const reference = unique('E2E telefon');
    const orderNumber = await cartApi.placeOrder(users.kund, COMPANY, product!.productId, reference);
    await app.login.loginAs(users.kund);
    await orders.goto();
    await orders.search.fill(reference);
    await expect(orders.rows).toHaveCount(1);
    await noSidewaysScroll(page);

    const row = orders.rows.first();
    const link = row.getByRole('link', { name: orderNumber, exact: true });
    await expectReadable(row.getByRole('rowheader'), 'order number');
    const cells = await row.getByRole('cell').all();
    const labels = ['Beställd', 'Leverans', 'Status', 'Referens', 'Beställare', 'Totalt inkl. moms'];
    expect(cells).toHaveLength(labels.length);
    for (const [i, label] of labels.entries()) await expectReadable(cells[i]!, label);
    for (const [i, label] of labels.entries()) {
      expect(await shownLabel(cells[i]!), `${label} is labelled`).toContain(label);
    }
    for (const date of cells.slice(0, 2)) {
      await expect(date).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      expect(await lineCount(date), 'a date on one line').toBe(1);
    }
    await expect(cells[3]!).toHaveText(reference);
    expect(await lineCount(cells[5]!), 'the total on one line').toBe(1);
    await expectThumbTarget(link, 'order number');

    // The order's own rows are cards too.
    await orders.open(orderNumber);
    const orderRow = page.getByTestId('order-row').first();
    for (const cell of await orderRow.getByRole('cell').all()) await expectReadable(cell, 'order row');
    await noSidewaysScroll(page);
    await app.axe.check('order on a phone');
  });

  test('the header is one row of logo and controls plus the search', async ({ app, page, api }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await page.goto('/');
    const banner = app.header.banner;
    const controls = [
      app.header.companyButton,
      banner.getByTestId('mini-cart'),
      app.header.userMenuButton,
      banner.getByRole('link', { name: 'Skafferi – till startsidan' }),
    ];
    for (const control of controls) await expect(control).toBeVisible();
    const search = banner.getByRole('search');
    await expect(search).toBeVisible();

    const height = (await banner.boundingBox())!.height;
    test.info().annotations.push({ type: 'header height', description: `${height} px at 390×844` });
    expect(height, `header height ${height} px`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
    // Logo and controls share one row; the search lies beneath it.
    const middles = await Promise.all(
      controls.map(async (c) => {
        const box = (await c.boundingBox())!;
        return box.y + box.height / 2;
      }),
    );
    for (const middle of middles) expect(Math.abs(middle - middles[0]!)).toBeLessThanOrEqual(4);
    const searchTop = (await search.boundingBox())!.y;
    expect(searchTop).toBeGreaterThan(middles[0]!);
    for (const control of controls.slice(0, 3)) await expectThumbTarget(control, 'header control');
    // The company button is an icon on a phone, named for screen readers.
    await expect(app.header.companyButton).toHaveAccessibleName(/.+/);
    await app.axe.check('header on a phone');
  });
});

test.describe('at a desk (1280×800)', () => {
  test.use({ viewport: DESKTOP });

  /** Every cell of a row starts on one line: a table row, not a card. */
  async function expectOneLine(row: Locator) {
    const cells = [row.getByRole('rowheader'), ...(await row.getByRole('cell').all())];
    const tops = await Promise.all(cells.map(async (c) => Math.round((await c.boundingBox())!.y)));
    expect(new Set(tops).size, 'one row').toBe(1);
  }

  test('"Hantera användare" stays a table: column headers shown, each user on one row', async ({ app, page }) => {
    await app.login.loginAs(users.admin);
    const screen = new UsersScreen(page, app.axe);
    await screen.goto();
    const main = page.getByRole('main');
    for (const name of ['Namn', 'E-post', 'Telefon', 'Roller', 'Status']) {
      const header = main.getByRole('columnheader', { name, exact: true });
      await expect(header).toBeVisible();
      expect((await header.boundingBox())!.height).toBeGreaterThan(10);
    }
    await expectOneLine(screen.rows.first());
  });

  test('"Mina beställningar" stays a table: column headers shown, each order on one row', async ({
    app,
    page,
    orders,
    api,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await orders.goto();
    const header = page.getByRole('main').getByRole('columnheader', { name: 'Ordernummer' });
    await expect(header).toBeVisible();
    expect((await header.boundingBox())!.height).toBeGreaterThan(10);
    await expectOneLine(orders.rows.first());
  });
});

test.describe('date fields in a browser set to American English', () => {
  test.use({ locale: 'en-US', viewport: PHONE });

  /** The field shows year-month-day segments (ÅÅÅÅ-MM-DD) and its calendar starts on Monday. */
  async function expectSwedishDateField(page: Page, scope: Locator, label: string) {
    const field = dateField(scope, label);
    await expect(field).toBeVisible();
    await expect(field).toHaveText(/^\s*åååå\s*-\s*mm\s*-\s*dd\s*$/i);
    await field.getByRole('button', { name: 'Välj datum i kalendern' }).click();
    const calendar = page.getByRole('dialog', { name: 'Kalender' });
    await expect(calendar).toBeVisible();
    // The weekdays' initials (hidden from screen readers, which hear each day's full date): Monday first, in Swedish.
    await expect(calendar.locator('thead th')).toHaveText(['M', 'T', 'O', 'T', 'F', 'L', 'S']);
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
  }

  test('the order filters and the new inventory list take ÅÅÅÅ-MM-DD and start weeks on Monday', async ({
    app,
    page,
    orders,
    api,
  }) => {
    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await orders.goto();
    const filters = page.getByRole('search', { name: 'Filtrera' });
    await expectSwedishDateField(page, filters, 'Beställd från');
    await expectSwedishDateField(page, filters, 'Beställd till');
    await fillDate(filters, 'Beställd från', '2026-01-05');
    await expect(page).toHaveURL(/[?&]from=2026-01-05(&|$)/);
    await expect(dateField(filters, 'Beställd från')).toHaveText(/2026\s*-\s*01\s*-\s*05/);
    await app.axe.check('order filters with a date');

    await page.goto('/profil/inventering');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Inventering' })).toBeVisible();
    await expectSwedishDateField(page, main, 'Datum från');
    await expectSwedishDateField(page, main, 'Datum till');
    await app.axe.check('inventory lists with date fields');
  });
});
