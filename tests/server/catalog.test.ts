import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { categories, productCategories, products } from '../../server/db/schema';
import type { CategoryDetail, CategoryNode, CategoryTree, ProductDetail, ProductLookup } from '../../contract/catalog';
import { createTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.closeAll());

const get = (url: string) => app.inject({ method: 'GET', url });
const db = () => app.services.database.db;

function walk(
  nodes: CategoryNode[],
  visit: (node: CategoryNode, parent?: CategoryNode) => void,
  parent?: CategoryNode,
) {
  for (const node of nodes) {
    visit(node, parent);
    walk(node.children, visit, node);
  }
}

describe('GET /v1/categories', () => {
  it('answers the whole tree without a token, each product counted once per category', async () => {
    const res = await get('/v1/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const { data } = res.json<CategoryTree>();
    const rows = await db().select().from(categories);
    let seen = 0;
    walk(data, () => seen++);
    expect(seen).toBe(rows.length);

    // Top level: the catalogue's own order; every top-level count together is the whole catalogue (60 products).
    const tops = await db().select().from(categories).where(isNull(categories.parentId)).orderBy(asc(categories.sort));
    expect(data.map((c) => c.slug)).toEqual(tops.map((t) => t.slug));
    expect(data.reduce((sum, c) => sum + c.productCount, 0)).toBe(60);

    // A product links to its leaf and every parent: a parent counts its leaves' products once, not once per level.
    walk(data, (node) => {
      if (node.children.length === 0) return;
      const leaves: CategoryNode[] = [];
      walk(node.children, (n) => {
        if (n.children.length === 0) leaves.push(n);
      });
      expect(node.productCount).toBe(leaves.reduce((sum, l) => sum + l.productCount, 0));
    });
  });
});

describe('GET /v1/categories/{slug}', () => {
  it('answers a sub-category with its path, parent, children and search filter', async () => {
    const { data } = (await get('/v1/categories')).json<CategoryTree>();
    const top = data.find((c) => c.children.length > 0) as CategoryNode;
    const child = top.children[0] as CategoryNode;
    const res = await get(`/v1/categories/${child.slug}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<CategoryDetail>();
    expect(detail).toMatchObject({
      slug: child.slug,
      name: child.name,
      productCount: child.productCount,
      parent: { slug: top.slug, name: top.name },
      searchFilter: `category_slugs:=${child.slug}`,
    });
    expect(detail.path.map((p) => p.slug)).toEqual([top.slug, child.slug]);
    expect(detail.children.map((c) => c.slug)).toEqual(child.children.map((c) => c.slug));

    const topDetail = (await get(`/v1/categories/${top.slug}`)).json<CategoryDetail>();
    expect(topDetail.parent).toBeNull();
    expect(topDetail.path).toHaveLength(1);
    expect(topDetail.children.map((c) => c.productCount)).toEqual(top.children.map((c) => c.productCount));
  });

  it('answers 404 CategoryNotFound in Swedish for an unknown slug', async () => {
    const res = await get('/v1/categories/finns-inte');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'CategoryNotFound', message: 'Kategorin kunde inte hittas.' });
  });
});

describe('GET /v1/products/{slug}', () => {
  it('answers every attribute of a product, categories from the top down', async () => {
    const [row] = await db().select().from(products).where(eq(products.discontinued, false)).limit(1);
    if (!row) throw new Error('no product');
    const res = await get(`/v1/products/${row.slug}`);
    expect(res.statusCode).toBe(200);
    const p = res.json<ProductDetail>();
    expect(p).toMatchObject({
      id: row.id,
      sku: row.sku,
      name: row.name,
      brandName: row.brandName,
      zoneName: row.zoneName,
      accreditationLabels: row.accreditationLabels,
      unit: row.unit,
      piecesPerCarton: row.piecesPerCarton,
      publicPrice: row.publicPrice,
      comparisonPrice: row.comparisonPrice,
      comparisonUnit: row.comparisonUnit,
      priceValidUntil: row.priceValidUntil,
      latinName: row.latinName,
      requisition: row.requisition,
      stockStatus: row.stockStatus,
      discontinued: false,
      replacement: null,
      origin: row.origin,
      vintage: row.vintage,
      temperatureMin: row.temperatureMin,
      temperatureMax: row.temperatureMax,
      packageSize: row.packageSize,
      packageType: row.packageType,
      nutrients: row.nutrients,
      ingredients: row.ingredients,
      dataSheets: row.dataSheets,
      images: row.images,
      gtinPiece: row.gtinPiece,
      gtinCarton: row.gtinCarton,
    });
    expect(Number.isInteger(p.publicPrice)).toBe(true);
    expect(p.dataSheets.length).toBeGreaterThan(0);
    expect(p.images[0]).toMatchObject({ width: 600, height: 600 });
    // The categories: every linked one, a parent before its child.
    const links = await db().select().from(productCategories).where(eq(productCategories.productId, row.id));
    expect(p.categories).toHaveLength(links.length);
    const rows = await db().select().from(categories);
    const parentOf = new Map(rows.map((c) => [c.id, c.parentId]));
    p.categories.forEach((c, i) => {
      expect(parentOf.get(c.id)).toBe(i === 0 ? null : p.categories[i - 1]?.id);
    });
  });

  it('shows a discontinued product with a link to its replacement, and flags an expired one', async () => {
    const [first, second] = await db().select().from(products).orderBy(asc(products.sku)).limit(2);
    if (!first || !second) throw new Error('no products');
    await db()
      .update(products)
      .set({ discontinued: true, replacementProductId: second.id, expiresAt: '2020-01-31' })
      .where(eq(products.id, first.id));
    const p = (await get(`/v1/products/${first.slug}`)).json<ProductDetail>();
    expect(p).toMatchObject({
      discontinued: true,
      replacement: { id: second.id, slug: second.slug, name: second.name },
      expiresAt: '2020-01-31',
      expired: true,
    });

    await db()
      .update(products)
      .set({ replacementProductId: null, expiresAt: '2999-12-31' })
      .where(eq(products.id, first.id));
    expect((await get(`/v1/products/${first.slug}`)).json<ProductDetail>()).toMatchObject({
      discontinued: true,
      replacement: null,
      expired: false,
    });
  });

  it('answers a wine with its alcohol percentage as a number and its vintage', async () => {
    await db()
      .update(products)
      .set({ alcoholPercentage: '13.5', vintage: 2021 })
      .where(eq(products.sku, (await db().select().from(products).limit(1))[0]!.sku));
    const [row] = await db().select().from(products).where(eq(products.vintage, 2021)).limit(1);
    const p = (await get(`/v1/products/${row!.slug}`)).json<ProductDetail>();
    expect(p.alcoholPercentage).toBe(13.5);
    expect(p.vintage).toBe(2021);
  });

  it('answers 404 ProductNotFound in Swedish for an unknown slug', async () => {
    const res = await get('/v1/products/finns-inte-123456');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ProductNotFound', message: 'Artikeln kunde inte hittas.' });
  });
});

describe('GET /v1/products/lookup', () => {
  it('finds a product by article number, piece GTIN and carton GTIN, with the fields a list line needs', async () => {
    const [row] = await db()
      .select()
      .from(products)
      .where(isNotNull(products.gtinCarton))
      .orderBy(asc(products.sku))
      .limit(1);
    if (!row) throw new Error('no product with a carton GTIN');
    const expected: ProductLookup = {
      productId: row.id,
      slug: row.slug,
      sku: row.sku,
      name: row.name,
      brandName: row.brandName,
      unit: row.unit,
      piecesPerCarton: row.piecesPerCarton,
      gtinPiece: row.gtinPiece,
      gtinCarton: row.gtinCarton,
      imageUrl: row.images[0]?.url ?? null,
      stockStatus: row.stockStatus,
      discontinued: row.discontinued,
      wholeUnitsOnly: row.wholeUnitsOnly,
    };
    for (const code of [row.sku, ` ${row.sku} `, row.gtinPiece!, row.gtinCarton!]) {
      const res = await get(`/v1/products/lookup?code=${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    expect((await get(`/v1/products/lookup?code=${row.gtinPiece}&by=ean`)).json()).toEqual(expected);
    expect((await get(`/v1/products/lookup?code=${row.sku}&by=articleNumber`)).json()).toEqual(expected);
    // Limited to one kind of number, the other does not match.
    expect((await get(`/v1/products/lookup?code=${row.sku}&by=ean`)).statusCode).toBe(404);
    expect((await get(`/v1/products/lookup?code=${row.gtinPiece}&by=articleNumber`)).statusCode).toBe(404);
  });

  it('answers 404 ProductNotFound on the field `code` for an unknown number, 400 for a missing one', async () => {
    const res = await get('/v1/products/lookup?code=0000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'ProductNotFound',
      message: 'Artikeln kunde inte hittas.',
      fields: [{ path: 'code', message: 'Artikeln kunde inte hittas.' }],
    });
    const missing = await get('/v1/products/lookup?code=%20');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'ValidationError', fields: [{ path: 'code' }] });
  });
});
