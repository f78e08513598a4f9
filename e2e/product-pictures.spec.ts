import { expect, test } from './fixtures';
import { CatalogApi, ProductScreen } from './pages/ProductScreen';

/**
 * Issue #16 point 10: every product showed its top category's drawing (a cheese showed a milk bottle). A cheese
 * shows the cheese drawing and a milk the milk carton, each named by its Swedish alt text and loaded from the build.
 */
const CHEESES =
  /^(Hushållsost|Prästost|Grevé|Herrgårdsost|Västerbottensost|Cheddar|Mozzarella|Parmigiano|Fetaost|Halloumi|Brie|Färskost)/;
const MILKS = /^(Standardmjölk|Mellanmjölk|Lättmjölk|Laktosfri mellanmjölk|Filmjölk)/;

test('a cheese shows the cheese drawing and a milk the milk carton', async ({ page, app, request }) => {
  const catalog = new CatalogApi(request);
  const product = new ProductScreen(page, app.axe);
  const cheese = (await catalog.search('ost')).hits.find((hit) => CHEESES.test(hit.name));
  const milk = (await catalog.search('mjölk')).hits.find((hit) => MILKS.test(hit.name));
  expect(cheese, 'a cheese in the demo catalogue').toBeDefined();
  expect(milk, 'a milk in the demo catalogue').toBeDefined();

  for (const [item, alt, file] of [
    [cheese!, 'Teckning av en ostbit', '/images/products/familjer/ost.svg'],
    [milk!, 'Teckning av ett mjölkpaket', '/images/products/familjer/mjolk.svg'],
  ] as const) {
    await product.goto(item.slug);
    const picture = product.main.getByRole('img', { name: alt });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('src', file);
    await expect(picture).toHaveAttribute('width', '600');
    await expect(picture).toHaveAttribute('height', '600');
    // The drawing is a file of the build, not a broken link.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});
