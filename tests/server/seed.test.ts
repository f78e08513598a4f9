import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { DEMO_LOGINS, isEmpty, isValidGtin, resetDatabase, seed, type SeedSummary } from '../../server/db/seed';
import { verifyPassword } from '../../server/modules/auth/passwords';

const NOW = new Date('2025-03-12T09:30:00Z');
const OPTIONS = { products: 200, now: NOW };

let first: DatabaseHandle;
let second: DatabaseHandle;
let summary: SeedSummary;

async function companyCodesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: schema.companies.code })
    .from(schema.userCompanies)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.userCompanies.companyId))
    .where(eq(schema.userCompanies.userId, userId));
  return rows.map((r) => r.code).sort();
}

beforeAll(async () => {
  [first, second] = await Promise.all([openDatabase({}), openDatabase({})]);
  summary = await seed(first.db, OPTIONS);
  await seed(second.db, OPTIONS);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('demo data generator', () => {
  it('creates the four demo logins with their roles, companies and passwords', async () => {
    const db = first.db;
    const users = await db.select().from(schema.users);
    const companies = await db.select().from(schema.companies);
    const codeOf = new Map(companies.map((c) => [c.id, c.code]));
    const byEmail = new Map(users.map((u) => [u.email, u]));

    const expected: Record<string, { roles: string[]; codes: string[]; defaultCode: string | null }> = {
      'kund@skafferi.test': { roles: ['Customer'], codes: ['10001', '10002'], defaultCode: '10001' },
      'admin@skafferi.test': { roles: ['Customer', 'CustomerAdministrator'], codes: ['10003'], defaultCode: '10003' },
      'personal@skafferi.test': { roles: ['SkafferiAdministrator'], codes: [], defaultCode: null },
      'ny@skafferi.test': { roles: ['Customer'], codes: [], defaultCode: null },
    };
    expect(DEMO_LOGINS.map((l) => l.email).sort()).toEqual(Object.keys(expected).sort());
    for (const login of DEMO_LOGINS) {
      const user = byEmail.get(login.email);
      const want = expected[login.email];
      expect(user, login.email).toBeDefined();
      if (!user || !want) continue;
      expect([...user.roles].sort()).toEqual(want.roles);
      expect(await companyCodesOf(db, user.id)).toEqual(want.codes);
      expect(user.defaultCompanyId ? codeOf.get(user.defaultCompanyId) : null).toBe(want.defaultCode);
      expect(user.active).toBe(true);
      expect(await verifyPassword(user.passwordHash, login.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'Fel123!')).toBe(false);
      expect(login.description.length).toBeGreaterThan(0);
    }

    // 10003 has at least four users; emails are lower-case and unique.
    const admin = byEmail.get('admin@skafferi.test');
    const links = await db.select().from(schema.userCompanies);
    const id10003 = companies.find((c) => c.code === '10003')?.id;
    expect(links.filter((l) => l.companyId === id10003).length).toBeGreaterThanOrEqual(4);
    expect(admin).toBeDefined();
    expect(users.every((u) => u.email === u.email.toLowerCase())).toBe(true);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    // Users with companies have a default company among their own.
    for (const user of users) {
      const own = links.filter((l) => l.userId === user.id).map((l) => l.companyId);
      if (own.length > 0) expect(own).toContain(user.defaultCompanyId);
    }
  });

  it('creates 30 companies with the special cases', async () => {
    const db = first.db;
    const companies = await db.select().from(schema.companies).orderBy(asc(schema.companies.code));
    expect(companies.map((c) => c.code)).toEqual(Array.from({ length: 30 }, (_, i) => String(10001 + i)));
    expect(summary.companies).toBe(30);

    const routes = await db.select().from(schema.deliveryRoutes);
    const links = await db.select().from(schema.userCompanies);
    for (const company of companies) {
      const own = routes.filter((r) => r.companyId === company.id);
      const users = links.filter((l) => l.companyId === company.id);
      expect(company.active, company.code).toBe(company.code !== '10027' && company.code !== '10028');
      if (company.code === '10026') expect(own).toHaveLength(0);
      else {
        expect(own.length, company.code).toBeGreaterThanOrEqual(1);
        expect(own.length, company.code).toBeLessThanOrEqual(3);
        for (const r of own) {
          expect(r.weekday).toBeGreaterThanOrEqual(1);
          expect(r.weekday).toBeLessThanOrEqual(5);
          expect(r.deadlineDaysBefore).toBe(1);
          expect(r.deadlineTime.startsWith('14:00')).toBe(true);
        }
      }
      if (company.code === '10030') expect(users).toHaveLength(0);
      else expect(users.length, company.code).toBeGreaterThanOrEqual(1);
      expect(company.orgNumber).toMatch(/^\d{6}-\d{4}$/);
    }

    const accounts = await db.select().from(schema.chartAccounts);
    const zones = await db.select().from(schema.companyZones);
    for (const company of companies) {
      expect(accounts.some((a) => a.companyId === company.id && a.number === '1460')).toBe(true);
      expect(zones.filter((z) => z.companyId === company.id).length).toBeGreaterThanOrEqual(3);
    }
  });

  it('makes products with valid, unique EAN/GTIN codes and complete attributes', async () => {
    const products = await first.db.select().from(schema.products);
    expect(products).toHaveLength(200);
    const gtins = new Set<string>();
    for (const p of products) {
      expect(p.gtinPiece).toMatch(/^73\d{11}$/);
      expect(isValidGtin(p.gtinPiece ?? ''), p.gtinPiece ?? '').toBe(true);
      gtins.add(p.gtinPiece ?? '');
      if (p.unit === 'carton') {
        expect(p.piecesPerCarton).toBeGreaterThan(1);
        expect(p.gtinCarton).toMatch(/^\d{13,14}$/);
        expect(isValidGtin(p.gtinCarton ?? ''), p.gtinCarton ?? '').toBe(true);
        expect(p.gtinCarton).not.toBe(p.gtinPiece);
        gtins.add(p.gtinCarton ?? '');
      } else {
        expect(p.piecesPerCarton).toBe(1);
        expect(p.gtinCarton).toBeNull();
      }
      expect(p.sku).toMatch(/^\d{6}$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug.endsWith(`-${p.sku}`)).toBe(true);
      expect(Number.isInteger(p.publicPrice) && p.publicPrice > 0).toBe(true);
      expect(Number.isInteger(p.comparisonPrice) && p.comparisonPrice > 0).toBe(true);
      expect(['kg', 'l', 'st']).toContain(p.comparisonUnit);
      expect(['Kyl', 'Frys', 'Torrt', 'Dryck', 'Non food']).toContain(p.zoneName);
      expect([12, 25]).toContain(p.vatRate);
      expect(p.images[0]?.url).toMatch(/^\/images\/products\/familjer\/[a-z-]+\.svg$/);
      expect(p.dataSheets[0]).toEqual({ name: 'Produktblad', url: `/datablad/${p.sku}.pdf` });
      if (p.zoneName === 'Non food') expect(p.vatRate).toBe(25);
      if (p.alcoholPercentage !== null && Number(p.alcoholPercentage) > 2.25) expect(p.vatRate).toBe(25);
      if (p.zoneName === 'Kyl' || p.zoneName === 'Frys') expect(p.temperatureMax).not.toBeNull();
    }
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(gtins.size).toBe(products.length + products.filter((p) => p.unit === 'carton').length);
    // Every product sits in a leaf category and its ancestors.
    const links = await first.db.select().from(schema.productCategories);
    expect(new Set(links.map((l) => l.productId)).size).toBe(products.length);
  });

  it('gives identical products and orders for the same options', async () => {
    const read = async (db: Db) => ({
      categories: await db.select().from(schema.categories).orderBy(asc(schema.categories.id)),
      products: await db.select().from(schema.products).orderBy(asc(schema.products.id)),
      companies: await db.select().from(schema.companies).orderBy(asc(schema.companies.id)),
      prices: await db
        .select()
        .from(schema.companyPrices)
        .orderBy(
          asc(schema.companyPrices.companyId),
          asc(schema.companyPrices.productId),
          asc(schema.companyPrices.kind),
        ),
      orders: await db.select().from(schema.orders).orderBy(asc(schema.orders.id)),
      rows: await db.select().from(schema.orderRows).orderBy(asc(schema.orderRows.id)),
      inventory: await db.select().from(schema.inventoryListItems).orderBy(asc(schema.inventoryListItems.id)),
    });
    const [a, b] = await Promise.all([read(first.db), read(second.db)]);
    expect(a.products.length).toBe(200);
    expect(a.orders.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('writes order history with consistent totals', async () => {
    const db = first.db;
    const orders = await db.select().from(schema.orders);
    const rows = await db.select().from(schema.orderRows);
    const rowsByOrder = new Map<string, (typeof rows)[number][]>();
    for (const r of rows) rowsByOrder.set(r.orderId, [...(rowsByOrder.get(r.orderId) ?? []), r]);
    const today = NOW.toISOString().slice(0, 10);
    const yearAgo = new Date(NOW.getTime() - 366 * 86_400_000);

    expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(orders.length);
    for (const o of orders) {
      const own = rowsByOrder.get(o.id) ?? [];
      expect(o.orderNumber).toMatch(/^4\d{7}$/);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(25);
      for (const r of own) expect(r.rowTotal).toBe(Math.round(r.aPrice * Number(r.quantity)));
      expect(o.subtotal).toBe(own.reduce((s, r) => s + r.rowTotal, 0));
      expect(o.vat).toBe(o.vatLines.reduce((s, l) => s + l.vat, 0));
      expect(o.vatLines.reduce((s, l) => s + l.base, 0)).toBe(o.subtotal - o.discount + o.shipping + o.otherCosts);
      for (const l of o.vatLines) expect(l.vat).toBe(Math.round((l.base * l.rate) / 100));
      expect(o.total).toBe(o.subtotal - o.discount + o.shipping + o.otherCosts + o.vat);
      expect(o.shipping).toBe(o.subtotal >= 300_000 ? 0 : 29_500);
      expect(o.orderDate.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(o.orderDate.getTime()).toBeGreaterThan(yearAgo.getTime());
      expect(o.deliveryDate > o.orderDate.toISOString().slice(0, 10)).toBe(true);
      expect(o.status === 'pending').toBe(o.deliveryDate >= today);
    }

    // Every company with users has a history; 10030 (no users) has none.
    const companies = await db.select().from(schema.companies);
    const count = (code: string) =>
      orders.filter((o) => o.companyId === companies.find((c) => c.code === code)?.id).length;
    expect(count('10030')).toBe(0);
    for (const c of companies.filter((c) => c.code !== '10030'))
      expect(count(c.code), c.code).toBeGreaterThanOrEqual(10);
    // Every active company that can order has an order on its way.
    const routes = await db.select().from(schema.deliveryRoutes);
    for (const c of companies.filter((c) => c.active && routes.some((r) => r.companyId === c.id))) {
      if (c.code === '10030') continue;
      expect(
        orders.some((o) => o.companyId === c.id && o.status === 'pending'),
        c.code,
      ).toBe(true);
    }
    expect(orders.some((o) => o.status === 'received')).toBe(true);
    expect(orders.some((o) => o.orderType === 'sale')).toBe(true);
  });

  it('gives the demo companies purchase lists and inventory lists', async () => {
    const db = first.db;
    const companies = await db.select().from(schema.companies);
    const purchase = await db.select().from(schema.purchaseLists);
    const inventory = await db.select().from(schema.inventoryLists);
    const items = await db.select().from(schema.inventoryListItems);
    for (const code of ['10001', '10002', '10003']) {
      const id = companies.find((c) => c.code === code)?.id;
      expect(purchase.filter((l) => l.companyId === id).length, code).toBeGreaterThanOrEqual(2);
      expect(inventory.filter((l) => l.companyId === id).length, code).toBeGreaterThanOrEqual(1);
    }
    expect(items.some((i) => i.companyProductId !== null)).toBe(true);
    expect(items.every((i) => i.account !== null && i.zone !== null)).toBe(true);
  });

  it('resets to an empty database', async () => {
    expect(await isEmpty(first.db)).toBe(false);
    await resetDatabase(first.db);
    expect(await isEmpty(first.db)).toBe(true);
    expect(await first.db.select().from(schema.products)).toHaveLength(0);
    expect(await first.db.select().from(schema.users)).toHaveLength(0);
  });
});
