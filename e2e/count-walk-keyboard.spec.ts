import type { APIRequestContext } from '@playwright/test';
import { CountScreen, expect, test } from './pages/Inventory';
import { users } from './support/users';

/**
 * The walk's rows are plain buttons and come in two renders (the first rows in the screen's first frame, the rest of
 * the page after it; decision 0070, second round): a keyboard user still reaches the last row of the zone with Tab,
 * counts it with Enter, and a screen reader hears the list with all its rows.
 */
const COMPANY = '10001';
const ROWS = 20;

test.use({ viewport: { width: 390, height: 844 } });

type Article = { kind: string; id: string; name: string };

async function longZone(request: APIRequestContext, name: string) {
  const login = await request.post('/v1/auth/login', { data: users.kund });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const zones = (
    (await (await request.get(`/v1/company/${COMPANY}/zones`, { headers })).json()) as {
      data: { name: string }[];
    }
  ).data;
  const { articles } = (await (await request.get(`/v1/company/${COMPANY}/article-index`, { headers })).json()) as {
    articles: Article[];
  };
  const names = new Set<string>();
  const chosen = articles.filter((a) => a.kind === 'product' && !names.has(a.name) && names.add(a.name)).slice(0, ROWS);
  expect(chosen).toHaveLength(ROWS);
  const created = await request.post(`/v1/company/${COMPANY}/inventory-list`, { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const article of chosen) {
    const item = await request.post(`/v1/company/${COMPANY}/inventory-list/${id}/item`, {
      headers,
      data: { productId: article.id, unit: 'piece', zone: zones[0]!.name },
    });
    expect(item.status()).toBe(201);
  }
  return id;
}

test('the last row of a zone is reached with Tab and counted with Enter', async ({ api, app, axe, page, request }) => {
  await api.setDefaultCompany(users.kund, COMPANY);
  const name = `E2E Tangentbord ${Date.now().toString(36)}`;
  const id = await longZone(request, name);
  const counting = new CountScreen(page);
  const walk = page.getByTestId('walk-items');

  await app.login.loginAs(users.kund);
  await page.goto(`/profil/inventering/${id}/rakna`);
  await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
  // Every row of the zone is in the list a screen reader reads, the first frame's and the later ones.
  await expect(walk.getByRole('list').getByRole('listitem')).toHaveCount(ROWS);
  await axe.check('count screen, a zone of many rows');

  const rows = walk.getByTestId('walk-item-name');
  const last = (await rows.nth(ROWS - 1).innerText()).trim();
  const lastButton = walk.getByRole('button', {
    name: new RegExp(`^Räkna ${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  await walk
    .getByRole('button', { name: /^Räkna / })
    .first()
    .focus();
  for (
    let presses = 0;
    presses < ROWS * 3 && !(await lastButton.evaluate((b) => b === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab');
  await expect(lastButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(counting.last).toContainText(last);
  await expect(page.getByRole('button', { name: '+1 st' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(counting.lastQuantity).toHaveText('1 st');
  await expect(rows.nth(ROWS - 1)).toHaveText(last);
  await expect(walk.getByTestId('walk-item-quantity').nth(ROWS - 1)).toHaveText(/1 st/);
});
