import type { APIRequestContext } from '@playwright/test';
import { CountScreen, expect, test } from './pages/Inventory';
import { serviceWorkerControls } from './support/service-worker';
import { users } from './support/users';

/**
 * Counting zone by zone on a phone (issue #15): progress per zone and for the list as a screen reader reads it, the
 * view of what is not counted yet with one tap to count from it, an item moved up in the walk — offline, kept across
 * a reload without network — and, online again, the order on the server.
 */
const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Article = { kind: string; id: string; name: string; gtinPiece: string | null };
type Item = { id: string; name: string; zone: string | null; walkPosition: number | null };

test.use({ viewport: { width: 390, height: 844 } });

async function authorised(request: APIRequestContext) {
  const login = await request.post('/v1/auth/login', { data: users.kund });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** A list on the server: three articles in the company's first zone, one in its second. */
async function zonedList(request: APIRequestContext, name: string) {
  const headers = await authorised(request);
  const zones = (
    (await (await request.get(`/v1/company/${COMPANY}/zones`, { headers })).json()) as {
      data: { name: string }[];
    }
  ).data.map((z) => z.name);
  const index = (await (await request.get(`/v1/company/${COMPANY}/article-index`, { headers })).json()) as {
    articles: Article[];
  };
  const names = new Set<string>();
  const articles = index.articles
    .filter((a) => a.kind === 'product' && /^\d{13}$/.test(a.gtinPiece ?? ''))
    .filter((a) => !names.has(a.name) && names.add(a.name))
    .slice(0, 4);
  expect(articles).toHaveLength(4);
  const created = await request.post(`/v1/company/${COMPANY}/inventory-list`, { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [n, article] of articles.entries()) {
    const zone = n < 3 ? zones[0]! : zones[1]!;
    const item = await request.post(`/v1/company/${COMPANY}/inventory-list/${id}/item`, {
      headers,
      data: { productId: article.id, unit: 'piece', zone },
    });
    expect(item.status()).toBe(201);
  }
  const items = async () =>
    (
      (await (await request.get(`/v1/company/${COMPANY}/inventory-list/${id}`, { headers })).json()) as {
        items: Item[];
      }
    ).items;
  return { id, zones, articles, items };
}

test('counting zone by zone: progress, what is not counted, a walking order kept offline and sent online', async ({
  api,
  app,
  axe,
  context,
  page,
  request,
  inventory,
  sync,
}) => {
  await api.setDefaultCompany(users.kund, COMPANY);
  const name = unique('E2E Zoner');
  const server = await zonedList(request, name);
  const [first, second] = server.zones as [string, string];
  const counting = new CountScreen(page);
  const walk = page.getByTestId('walk-items');
  const rows = walk.getByTestId('walk-item-name');
  const zoneBar = page.getByRole('progressbar', { name: `Räknat i ${first}` });
  const listBar = page.getByRole('progressbar', { name: 'Räknat i hela listan' });

  await app.login.loginAs(users.kund);
  await inventory.gotoList(server.id, name, 'online');
  await expect(inventory.items).toHaveCount(4);
  await sync.expectState('synced', 0);
  await inventory.openCount();

  // The walk starts in the first zone with items; the zone and the list each say how far the count has come.
  await expect(page.getByLabel('Zon', { exact: true })).toHaveValue(first);
  await expect(zoneBar).toHaveAttribute('aria-valuetext', '0 av 3 räknade');
  await expect(listBar).toHaveAttribute('aria-valuetext', '0 av 4 räknade');
  await expect(rows).toHaveCount(3);

  // A scan (typed code) counts the first zone's article: both bars move.
  const scanned = server.articles[0]!;
  await counting.enterCode(scanned.gtinPiece!);
  await expect(counting.lastQuantity).toHaveText('1 st');
  await expect(zoneBar).toHaveAttribute('aria-valuetext', '1 av 3 räknade');
  await expect(page.getByTestId('zone-progress')).toContainText('1 av 3 räknade');
  await expect(listBar).toHaveAttribute('aria-valuetext', '1 av 4 räknade');

  // What is not counted yet: in this zone, and per zone for the list; one tap counts from there.
  await walk.getByRole('button', { name: 'Ej räknade', exact: true }).click();
  await expect(walk.getByRole('button', { name: 'Ej räknade', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(walk).toContainText('3 artiklar är inte räknade i hela listan.');
  await expect(walk.getByRole('button', { name: `${first}: 2 ej räknade` })).toBeVisible();
  await expect(walk.getByRole('button', { name: `${second}: 1 ej räknad` })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: scanned.name })).toHaveCount(0);
  await axe.check('count screen, not counted');
  const tapped = (await rows.first().innerText()).trim();
  await walk.getByRole('button', { name: new RegExp(`^Räkna ${escape(tapped)}`) }).click();
  await expect(counting.last).toContainText(tapped);
  await expect(page.getByRole('button', { name: '+1 st' })).toBeFocused();
  await page.getByRole('button', { name: '+1 st' }).click();
  await expect(counting.lastQuantity).toHaveText('1 st');
  await expect(zoneBar).toHaveAttribute('aria-valuetext', '2 av 3 räknade');
  await expect(rows).toHaveCount(1);

  // The other zone, by "Nästa zon": its own progress; the address keeps the zone.
  await page.getByRole('button', { name: /Nästa zon/ }).click();
  await expect(page.getByRole('progressbar', { name: `Räknat i ${second}` })).toHaveAttribute(
    'aria-valuetext',
    '0 av 1 räknad',
  );
  await expect(page).toHaveURL(new RegExp(`zon=${encodeURIComponent(second).replace(/%20/g, '(%20|\\+)')}`));
  await page.getByRole('button', { name: /Föregående zon/ }).click();
  await walk.getByRole('button', { name: 'Alla', exact: true }).click();
  await expect(rows).toHaveCount(3);
  const before = (await rows.allInnerTexts()).map((t) => t.trim());

  // Offline: the last article of the walk moves up one place, by keyboard, and is announced.
  const controlled = await serviceWorkerControls(page);
  await context.setOffline(true);
  await sync.expectState('offline');
  const up = walk.getByRole('button', { name: `Flytta upp ${before[2]}` });
  await up.focus();
  await page.keyboard.press('Enter');
  const after = [before[0]!, before[2]!, before[1]!];
  await expect(rows).toHaveText(after);
  await expect(page.getByTestId('walk-announcement')).toHaveText(`${before[2]} ligger nu på plats 2 av 3 i ${first}.`);
  await expect(walk.getByRole('button', { name: `Flytta upp ${before[2]}` })).toBeFocused();
  await axe.check('count screen, moved offline');

  if (controlled) {
    await page.reload();
    await expect(counting.main.getByRole('heading', { level: 1, name: `Räkna ${name}` })).toBeVisible();
    await expect(page.getByLabel('Zon', { exact: true })).toHaveValue(first);
    await expect(rows).toHaveText(after);
    await expect(zoneBar).toHaveAttribute('aria-valuetext', '2 av 3 räknade');
    await expect(listBar).toHaveAttribute('aria-valuetext', '2 av 4 räknade');
    await axe.check('count screen, reloaded offline');
  } else {
    test.info().annotations.push({ type: 'note', description: 'no service worker: reload offline skipped' });
  }

  // Online again: the server has the order (and the counts).
  await context.setOffline(false);
  await sync.expectState('synced', 0);
  await expect
    .poll(async () =>
      (await server.items())
        .filter((i) => i.zone === first)
        .sort((a, b) => (a.walkPosition ?? 99) - (b.walkPosition ?? 99))
        .map((i) => [i.name, i.walkPosition]),
    )
    .toEqual(after.map((n, index) => [n, index]));
  await expect(rows).toHaveText(after);
});
