import { randomUUID } from 'node:crypto';
import { expect, test, type IndexedArticle } from './pages/Inventory';
import { users } from './support/users';

const COMPANY = '10001';
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;
const signedKr = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', signDisplay: 'exceptZero' });

interface ServerItem {
  id: string;
  quantity: number;
  variance: number | null;
  varianceValue: number | null;
}

// A kitchen worker's phone.
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ api }) => {
  await api.setDefaultCompany(users.kund, COMPANY);
});

test('a carton article is counted and typed as whole cartons and pieces; the list shows the variance in kronor', async ({
  app,
  page,
  request,
  inventory,
  counting,
  inventoryApi,
  axe,
}) => {
  // A catalogue article in cartons of at least 4 pieces (so that "2 kart + 3 st" is what it reads), with both codes.
  const article = (await inventoryApi.articles(users.kund, COMPANY)).find(
    (a: IndexedArticle) => a.kind === 'product' && a.piecesPerCarton >= 4 && !!a.gtinPiece && !!a.gtinCarton,
  );
  if (!article) throw new Error('no catalogue article in cartons with a piece and a carton code in the demo company');
  const headers = { authorization: `Bearer ${await inventoryApi.token(users.kund)}` };
  const base = `/v1/company/${COMPANY}`;

  // Last month's list counted 1 carton; this month's list is compared with it.
  const previousId = await inventoryApi.createList(users.kund, COMPANY, unique('E2E Förra månaden'), [
    { productId: article.id, unit: 'carton' },
  ]);
  const [previousItem] = await inventoryApi.items(users.kund, COMPANY, previousId);
  const counted = await request.post(`${base}/inventory-list/${previousId}/item/${previousItem!.id}/count`, {
    headers,
    data: {
      id: randomUUID(),
      kind: 'set',
      quantity: 1,
      unit: 'carton',
      countedAt: new Date().toISOString(),
      deviceId: 'e2e',
    },
  });
  expect(counted.status()).toBe(201);
  const name = unique('E2E Kartonger');
  const created = await request.post(`${base}/inventory-list`, { headers, data: { name, previousListId: previousId } });
  expect(created.status()).toBe(201);
  const listId = ((await created.json()) as { id: string }).id;
  const added = await request.post(`${base}/inventory-list/${listId}/item`, {
    headers,
    data: { productId: article.id, unit: 'carton' },
  });
  expect(added.status()).toBe(201);
  const serverItem = async () => {
    const res = await request.get(`${base}/inventory-list/${listId}`, { headers });
    return ((await res.json()) as { items: ServerItem[] }).items[0]!;
  };

  await app.login.loginAs(users.kund);
  await inventory.gotoList(listId, name, 'online');
  await inventory.openCount();

  // Two cartons scanned, then a piece into the carton article: whole cartons and the piece, not "2,167 kart".
  await counting.enterCode(article.gtinCarton!);
  await expect(counting.lastQuantity).toHaveText('1 kart');
  await counting.enterCode(article.gtinCarton!);
  await expect(counting.lastQuantity).toHaveText('2 kart');
  await counting.enterCode(article.gtinPiece!);
  await expect(counting.lastQuantity).toHaveText('2 kart + 1 st');
  // A screen reader hears the words in full.
  await expect(counting.lastQuantity.locator('xpath=following-sibling::span[1]')).toHaveText('2 kartonger och 1 styck');

  // The number pad takes cartons and pieces in one entry: cartons with its keys, pieces with the phone's keyboard.
  await counting.main.getByRole('button', { name: 'Skriv antal' }).click();
  const cartons = counting.main.getByRole('textbox', { name: 'Kartonger (kart)' });
  const pieces = counting.main.getByRole('textbox', { name: 'Styck (st)' });
  await expect(cartons).toBeVisible();
  await axe.check('number pad for cartons and pieces');
  await cartons.click();
  await counting.main.getByRole('button', { name: '2', exact: true }).click();
  await expect(cartons).toHaveValue('2');
  await pieces.focus();
  await page.keyboard.type('3');
  await expect(pieces).toHaveValue('3');
  await pieces.press('Enter');
  await expect(counting.lastQuantity).toHaveText('2 kart + 3 st');
  await expect(counting.lastQuantity.locator('xpath=following-sibling::span[1]')).toHaveText(
    '2 kartonger och 3 stycken',
  );

  // One set in pieces reached the server: 2 × pieces per carton + 3.
  const ppc = article.piecesPerCarton;
  const expected = Math.round(((2 * ppc + 3) / ppc) * 1000) / 1000;
  await expect.poll(async () => (await serverItem()).quantity).toBe(expected);
  const server = await serverItem();
  expect(server.varianceValue).not.toBeNull();
  const kr = signedKr.format(server.varianceValue! / 100);

  // The list: the row's count and its variance in units and in kronor, the zone's and the list's variance.
  await counting.main.getByRole('link', { name: /Tillbaka till listan/ }).click();
  await inventory.expectList(name, 'with variance');
  await expect(inventory.quantity(article.name)).toHaveText('2 kart + 3 st');
  const variance = inventory.item(article.name).getByTestId('item-variance');
  await expect(variance).toContainText('Förändring');
  await expect(variance).toContainText('+1 kart + 3 st');
  await expect(variance).toContainText(kr);
  await expect(inventory.main.getByTestId('inventory-variance')).toHaveText(kr);
  await inventory.main.getByLabel('Gruppera').selectOption('zone');
  await expect(inventory.main.getByTestId('group-variance')).toHaveText(`Förändring ${kr}`);
  await axe.check('grouped by zone with variance');
});
