import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductDetail } from '../../contract/catalog';
import { categories, productCategories, products } from '../../server/db/schema';
import { FAMILY_NAMES, familyDrawing, familyOf } from '../../server/db/seed/drawings/families';
import drawings from '../../locales/sv/drawings.json' with { type: 'json' };
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #16 point 10: every product showed its top category's drawing (a cheese showed the milk bottle of Mejeri).
 * Each product family has its own drawing: two families in one category differ, one family looks the same.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.closeAll());

/** The products of a leaf category as the product page answers them. */
async function productsOf(leafSlug: string): Promise<ProductDetail[]> {
  const { db } = app.services.database;
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.productId, products.id))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(categories.slug, leafSlug));
  return Promise.all(
    rows.map(async ({ slug }) => {
      const res = await app.inject({ method: 'GET', url: `/v1/products/${slug}` });
      expect(res.statusCode).toBe(200);
      return res.json<ProductDetail>();
    }),
  );
}

describe('a picture per product family', () => {
  it('gives cheese the cheese drawing and butter the butter one, though both are Mejeri', async () => {
    const cheeses = await productsOf('ost');
    const butters = await productsOf('smor-margarin');
    // The seeded test catalogue (60 products) holds one cheese and three butters and margarines.
    expect(cheeses.length).toBeGreaterThanOrEqual(1);
    expect(butters.length).toBeGreaterThanOrEqual(2);
    for (const cheese of cheeses)
      expect(cheese.images).toEqual([
        { url: '/images/products/familjer/ost.svg', width: 600, height: 600, alt: 'Teckning av en ostbit' },
      ]);
    // One family, one picture; another family in the same category, another picture.
    for (const butter of butters)
      expect(butter.images).toEqual([
        { url: '/images/products/familjer/smor.svg', width: 600, height: 600, alt: 'Teckning av ett smörpaket' },
      ]);
    // Nothing of Mejeri shows the category's own drawing (the milk bottle) any more.
    const dairy = [...cheeses, ...butters, ...(await productsOf('agg')), ...(await productsOf('mjolk-gradde'))];
    for (const product of dairy) expect(product.images[0]?.url).not.toBe('/images/products/mejeri.svg');
  });

  it('splits a leaf that holds two kinds: cream beside milk, tea beside coffee, firewood beside fuel', () => {
    expect(familyOf('mjolk-gradde', 'Mellanmjölk 1,5 %')).toBe('mjolk');
    expect(familyOf('mjolk-gradde', 'Vispgrädde 40 %')).toBe('gradde');
    expect(familyOf('kaffe-te', 'Bryggkaffe mellanrost')).toBe('kaffe');
    expect(familyOf('kaffe-te', 'Grönt te')).toBe('te');
    expect(familyOf('kaffe-te', 'Te Earl Grey')).toBe('te');
    expect(familyOf('bransle-tandning', 'Brasved björk')).toBe('ved');
    expect(familyOf('bransle-tandning', 'Alkylatbensin 2-takt')).toBe('bransle');
    expect(familyOf('ol-cider', 'Pilsner')).toBe('ol');
    expect(familyOf('ol-cider', 'Äppelcider torr')).toBe('cider');
  });

  it('draws every family differently, each with its Swedish alt text as the title', () => {
    const files = FAMILY_NAMES.map(familyDrawing);
    expect(new Set(files).size).toBe(FAMILY_NAMES.length);
    expect(Object.keys(drawings).sort()).toEqual([...FAMILY_NAMES].sort());
    for (const family of FAMILY_NAMES) {
      expect(drawings[family]).toMatch(/^Teckning av /);
      expect(familyDrawing(family)).toContain(`<title>${drawings[family]}</title>`);
      expect(familyDrawing(family)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 600"/);
    }
  });
});
