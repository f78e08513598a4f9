import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { products } from '../../server/db/schema';
import { isAppNavigation } from '../../sw/routes';
import { createTestApp, type TestApp } from './helpers';

type Product = typeof products.$inferSelect;

let app: TestApp;
/** A built client, so that the SPA fallback is in place as in production. */
const clientDir = mkdtempSync(join(tmpdir(), 'skafferi-datablad-'));
/** A food product with everything a sheet shows: ingredients, nutrients, labels, a carton GTIN. */
let food: Product;

beforeAll(async () => {
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html lang="sv"><title>Skafferi</title></html>');
  app = await createTestApp({ SERVE_CLIENT: 'true', CLIENT_DIR: clientDir });
  const rows = await app.services.database.db
    .select()
    .from(products)
    .where(
      and(
        sql`jsonb_array_length(${products.nutrients}) > 0`,
        sql`${products.ingredients} is not null`,
        sql`${products.gtinCarton} is not null`,
      ),
    )
    .orderBy(sql`cardinality(${products.accreditationLabels}) desc`, products.sku)
    .limit(1);
  food = rows[0]!;
});
afterAll(async () => {
  await app.closeAll();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

async function pdfText(payload: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(payload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('GET /datablad/:file', () => {
  it('serves the product sheet the product page links to, as an inline PDF with a Swedish file name', async () => {
    expect(food, 'a seeded food product with nutrients').toBeDefined();
    const sheet = food.dataSheets.find((s) => s.name === 'Produktblad');
    expect(sheet?.url).toBe(`/datablad/${food.sku}.pdf`);
    const detail = await get(`/v1/products/${food.slug}`);
    expect(detail.json<{ dataSheets: unknown[] }>().dataSheets).toContainEqual(sheet);

    const res = await get(sheet!.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="Produktblad [^"]+\.pdf"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(`Produktblad ${food.name} ${food.sku}.pdf`);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);

    const text = await pdfText(res.rawPayload);
    expect(text).toContain(food.name);
    expect(text).toContain(food.sku);
    expect(text).toContain(food.brandName);
    expect(text).toContain(food.gtinPiece!);
    expect(text).toContain(food.gtinCarton!);
    expect(text).toContain(food.ingredients!.slice(0, 30));
    // Swedish letters come out as letters (the embedded Roboto), in the labels and in the catalogue's own words.
    for (const word of ['Förvaringstemperatur', 'Näringsvärde', 'Förpackningsstorlek', 'Märkningar']) {
      if (word === 'Märkningar' && food.accreditationLabels.length === 0) continue;
      expect(text).toContain(word);
    }
    for (const nutrient of food.nutrients) expect(text).toContain(`${nutrient.name} ${nutrient.per100}`);
    if (food.origin) expect(text).toContain(food.origin);
    if (food.packageSize) expect(text).toContain(food.packageSize);
    expect(text).toContain(food.unit === 'carton' ? `Kartong à ${food.piecesPerCarton} st` : 'Styck');
  });

  it('answers a repeated request with the same ETag by 304, without the PDF', async () => {
    const url = `/datablad/${food.sku}.pdf`;
    const first = await get(url);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': 'W/"gammal"' })).statusCode).toBe(200);
    // A change of the product makes a new sheet.
    await app.services.database.db
      .update(products)
      .set({ updatedAt: new Date(food.updatedAt.getTime() + 60_000) })
      .where(eq(products.id, food.id));
    const changed = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('serves a safety data sheet only for a product that lists one', async () => {
    const [chemical] = await app.services.database.db
      .select()
      .from(products)
      .where(sql`jsonb_array_length(${products.dataSheets}) > 1`)
      .limit(1);
    expect(chemical, 'a seeded chemical product').toBeDefined();
    expect(chemical!.dataSheets).toContainEqual({
      name: 'Säkerhetsdatablad',
      url: `/datablad/${chemical!.sku}-sdb.pdf`,
    });
    const res = await get(`/datablad/${chemical!.sku}-sdb.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `Säkerhetsdatablad ${chemical!.name} ${chemical!.sku}.pdf`,
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Säkerhetsdatablad');
    expect(text).toContain(chemical!.name);
    expect(text).toContain('kundservice@skafferi.test');
    const none = await get(`/datablad/${food.sku}-sdb.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'ProductNotFound', message: 'Artikeln kunde inte hittas.' });
  });

  it('answers an unknown article with the Swedish 404, never with the app', async () => {
    for (const url of ['/datablad/000000.pdf', '/datablad/inte-en-artikel.pdf', '/datablad/..%2F..%2Fetc.pdf']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: 'ProductNotFound', message: 'Artikeln kunde inte hittas.' });
    }
    for (const url of ['/datablad/', '/datablad/a/b', `/datablad/${food.sku}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>Skafferi</title>');
    }
    // The app itself still answers its own routes.
    expect((await get('/sortiment')).body).toContain('<title>Skafferi</title>');
  });

  it('is left to the server by the service worker (no app shell for a sheet)', () => {
    const origin = 'https://skafferi.test';
    for (const path of [`/datablad/${food.sku}.pdf`, '/datablad/', '/datablad/123456'])
      expect(isAppNavigation(new URL(path, origin), origin), path).toBe(false);
    expect(isAppNavigation(new URL('/produkt/laxfile', origin), origin)).toBe(true);
  });
});
