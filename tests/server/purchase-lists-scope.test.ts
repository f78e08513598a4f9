import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, products, purchaseLists } from '../../server/db/schema';
import { createPurchaseListService } from '../../server/modules/purchase-lists/service';
import type { CompanyRow } from '../../server/plugins/access';
import { createTestApp, type TestApp } from './helpers';

/**
 * Over HTTP the access hook answers first for another company's list (404), so this calls the service directly:
 * given one company, it must not find, change or delete another company's list (decision 0052).
 */
let app: TestApp;
let own: CompanyRow;
let foreignListId: string;

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.services.database;
  const [a] = await db.select().from(companies).where(eq(companies.code, '10001'));
  const [b] = await db.select().from(companies).where(eq(companies.code, '10003'));
  const [list] = await db.select().from(purchaseLists).where(eq(purchaseLists.companyId, b!.id)).limit(1);
  if (!a || !list) throw new Error('the seed has no 10001 or no purchase list of 10003');
  own = a;
  foreignListId = list.id;
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

describe('purchase list service, given one company', () => {
  it("answers 404 PurchaseListNotFound for every call on another company's list, and changes nothing", async () => {
    const { db } = app.services.database;
    const service = createPurchaseListService(db);
    const [before] = await db.select().from(purchaseLists).where(eq(purchaseLists.id, foreignListId));
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    const calls = [
      () => service.detail(own, foreignListId),
      () => service.items(own, foreignListId),
      () => service.rename(own, foreignListId, 'Kapad'),
      () => service.remove(own, foreignListId),
      () => service.reset(own, foreignListId),
      () => service.addItem(own, foreignListId, { productId: product!.id, quantity: 1 }),
    ];
    for (const call of calls)
      await expect(call()).rejects.toMatchObject({ statusCode: 404, code: 'PurchaseListNotFound' });
    expect((await service.listForCompany(own)).map((l) => l.id)).not.toContain(foreignListId);
    const [after] = await db.select().from(purchaseLists).where(eq(purchaseLists.id, foreignListId));
    expect(after).toEqual(before);
  });
});
