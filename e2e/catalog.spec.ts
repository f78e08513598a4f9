import { expect, test } from './fixtures';
import { CatalogApi, ProductScreen } from './pages/ProductScreen';
import { InstantSearch, SearchScreen } from './pages/SearchScreen';
import { users } from './support/users';

const COMPANY = '10001';
const sek = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' });
const kronor = (ore: number) => sek.format(ore / 100);

test.describe('catalogue and search', () => {
  test('instant search forgives typos, the search page sorts and filters in the URL, and a product opens', async ({
    page,
    app,
    request,
  }) => {
    const catalog = new CatalogApi(request);
    const instant = new InstantSearch(page);
    const search = new SearchScreen(page, app.axe);
    const product = new ProductScreen(page, app.axe);

    // Issue #3's examples: "laxfile" (no accent) finds Laxfilé; every catalogue has it (ALWAYS_IN_CATALOGUE).
    const typo = 'laxfile';
    const target = (await catalog.search('laxfilé')).hits[0]!;
    expect(target.name).toMatch(/^Laxfilé/);

    // From any page: the login page is one a visitor may well be on.
    await app.login.goto();
    await expect(app.login.email).toBeFocused(); // the page's own autofocus has happened
    await instant.type(typo);
    const escaped = target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(instant.option(new RegExp(escaped)).first()).toBeVisible();
    await app.axe.check('instant search open');
    // Keyboard: arrow to the first suggestion and back to the text; Enter searches for the text.
    await instant.input.press('ArrowDown');
    await expect(instant.input).toHaveAttribute('aria-activedescendant', /.+/);
    await instant.input.press('ArrowUp');
    await instant.input.press('Enter');
    await expect(page).toHaveURL(`/sok?q=${typo}`);
    await search.expectVisible('results');
    await expect(search.heading).toHaveText(`Sökresultat för ”${typo}”`);
    await expect(search.cards.filter({ hasText: target.name }).first()).toBeVisible();

    // Swedish stemming: the plural "tomater" finds "Tomat klass 1".
    await search.goto('?q=tomater');
    await expect(search.cards.filter({ hasText: 'Tomat klass 1' }).first()).toBeVisible();

    // A broader search to sort and filter: all products.
    await search.field.fill('');
    await search.goto('');
    const total = await search.foundCount();
    expect(total).toBeGreaterThan(24);

    await search.sort.selectOption({ label: 'Pris, lägst först' });
    await expect(page).toHaveURL(/sortera=priceAsc/);
    await expect
      .poll(async () => {
        const prices = await search.cardPrices();
        return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
      })
      .toBe(true);

    const inStock = search.facetValue('Lagerstatus', 'I lager');
    const inStockCount = Number(/(\d+) produkt/.exec((await inStock.getAttribute('aria-label')) ?? '')?.[1]);
    await search.toggleFacet('Lagerstatus', 'I lager');
    await expect(page).toHaveURL(/lager=in_stock/);
    await expect(page).toHaveURL(/sortera=priceAsc/);
    await expect(inStock).toBeChecked();
    await expect.poll(() => search.foundCount()).toBe(inStockCount);
    expect(inStockCount).toBeLessThan(total);
    await expect(search.activeFilters.getByRole('button', { name: 'Ta bort filtret I lager' })).toBeVisible();
    await expect(search.cards.getByTestId('stock-status').filter({ hasNotText: 'I lager' })).toHaveCount(0);
    await app.axe.check('filtered');

    // Back undoes the filter; forward brings it back.
    await page.goBack();
    await expect(page).not.toHaveURL(/lager=/);
    await expect.poll(() => search.foundCount()).toBe(total);
    await page.goForward();
    await expect(page).toHaveURL(/lager=in_stock/);
    await expect.poll(() => search.foundCount()).toBe(inStockCount);

    // Page 2 is a link with the whole state in it.
    await search.main.getByRole('navigation', { name: 'Sidor' }).getByRole('link', { name: 'Nästa' }).click();
    await expect(page).toHaveURL(/sida=2/);
    await expect(page).toHaveURL(/lager=in_stock/);
    await expect(search.grid).not.toHaveAttribute('aria-busy', 'true'); // page 2 has come
    await expect(search.main.getByRole('link', { name: 'Sida 2' })).toHaveCount(0); // the current page is not a link

    // A card opens its product page.
    const card = search.cards.first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name, exact: true }).click();
    await product.expectVisible(name);
    await expect(product.breadcrumbs.getByRole('link', { name: 'Startsida' })).toBeVisible();
    await expect(product.fact('Artikelnummer')).toHaveText(/\d+/);
    // Anonymous: the list price, labelled as such on the product page (issue #16: no bare price).
    await expect(product.priceKind).toHaveText('Listpris');
    await expect(product.main.getByRole('link', { name: 'Logga in för att se ditt företags pris' })).toBeVisible();
  });

  test('on a phone the filters wait behind "Visa filter", open by keyboard and narrow the results', async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const search = new SearchScreen(page, app.axe);
    await search.goto('');
    const total = await search.foundCount();
    const toggle = search.main.getByRole('button', { name: 'Visa filter' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(search.facets).toHaveCount(0); // not drawn while hidden

    await toggle.focus();
    await page.keyboard.press('Enter');
    const hide = search.main.getByRole('button', { name: 'Dölj filter' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(search.facetGroup('Lagerstatus')).toBeVisible();
    await app.axe.check('phone filters open');

    const inStock = search.facetValue('Lagerstatus', 'I lager');
    const inStockCount = Number(/(\d+) produkt/.exec((await inStock.getAttribute('aria-label')) ?? '')?.[1]);
    await search.toggleFacet('Lagerstatus', 'I lager');
    await expect(page).toHaveURL(/lager=in_stock/);
    await expect.poll(() => search.foundCount()).toBe(inStockCount);
    expect(inStockCount).toBeLessThan(total);

    // Closed again, the button still tells how many filters are chosen, and the choice stays.
    await hide.click();
    await expect(search.facets).toHaveCount(0);
    await expect(search.main.getByRole('button', { name: 'Visa filter (1 valt)', exact: true })).toBeVisible();
    await expect(search.activeFilters.getByRole('button', { name: 'Ta bort filtret I lager' })).toBeVisible();
  });

  test('a logged-in customer sees the company price and adds the product to a purchase list', async ({
    page,
    app,
    api,
    request,
  }) => {
    const catalog = new CatalogApi(request);
    const product = new ProductScreen(page, app.axe);
    const priced = await catalog.productWithCompanyPrice(users.kund, COMPANY);

    // Anonymous: the list price.
    await product.goto(priced.slug);
    await expect(product.priceAmount).toHaveText(kronor(priced.price));

    await api.setDefaultCompany(users.kund, COMPANY);
    await app.login.loginAs(users.kund);
    await app.profile.expectVisible();
    await product.goto(priced.slug);
    await expect(product.priceAmount).toHaveText(kronor(priced.companyPrice));
    await expect(product.priceKind).toHaveText(
      { agreement: 'Avtalspris', campaign: 'Kampanjpris', tender: 'Upphandlat pris' }[priced.kind]!,
    );
    await app.axe.check('company price');

    // Add it to the company's first list.
    await product.addToList.click();
    await expect(product.dialog).toBeVisible();
    const free = product.dialog
      .locator('label')
      .filter({ has: page.getByRole('radio') })
      .filter({ hasNotText: 'Finns redan' })
      .first();
    await expect(free).toBeVisible();
    await app.axe.check('purchase list dialog');
    const listName = (await free.locator('span.truncate').first().textContent())!.trim();
    await free.click();
    await product.dialog.getByRole('button', { name: 'Lägg till' }).click();
    await expect(app.toasts.byId('purchase-list')).toContainText(`${priced.name} har lagts i ${listName}`);
    await expect(product.dialog).toBeHidden();

    // Again into the same list: refused with the spec's hint next to the choice.
    await product.addToList.click();
    const again = product.listChoice(listName);
    await expect(again).toBeVisible();
    await expect(product.dialog.getByText('Finns redan').first()).toBeVisible();
    await again.check({ force: true });
    await product.dialog.getByRole('button', { name: 'Lägg till' }).click();
    const hint = product.dialog.getByText(/Artikeln finns redan i listan/);
    await expect(hint).toBeVisible();
    await app.axe.check('already in list');
  });
});
