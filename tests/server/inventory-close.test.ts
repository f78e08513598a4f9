/**
 * Review, then close (issue #15, decision 0062): a closed list refuses counts and every change with 409
 * InventoryListClosed (Swedish message) and keeps what was counted; reading and exports still work; a customer
 * administrator reopens it, a plain customer may not; another company's list is not found. Accepting a count in the
 * review stores acceptedAt, which clears the item's review flags until a later count.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsSv from '../../locales/sv/errors.json' with { type: 'json' };
import validationSv from '../../locales/sv/validation.json' with { type: 'json' };
import type { CountAnswer, InventoryList, InventoryListDetail, InventoryListItem } from '../../contract/inventory';
import { reviewFlags } from '../../contract/rules/review';
import { products } from '../../server/db/schema';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let admin: string;
let customer: string;
let kund: string;
let productIds: string[];
/** Each item's unit: counts are typed in it, so the quantity is the number typed. */
const units = new Map<string, string>();

const base = (path: string, company = '10003') => `/v1/company/${company}${path}`;

async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

const count = (token: string, listId: string, itemId: string, quantity: number, countedAt = new Date()) =>
  call<CountAnswer>(token, 'POST', base(`/inventory-list/${listId}/item/${itemId}/count`), {
    id: randomUUID(),
    kind: 'set',
    quantity,
    unit: units.get(itemId),
    countedAt: countedAt.toISOString(),
    deviceId: 'test-phone',
  });

const detail = async (listId: string) =>
  (await call<InventoryListDetail>(customer, 'GET', base(`/inventory-list/${listId}`))).body;

async function newList(items = 1): Promise<{ listId: string; itemIds: string[] }> {
  const list = await call<InventoryList>(customer, 'POST', base('/inventory-list'), { name: `Stängs ${randomUUID()}` });
  expect(list.status).toBe(201);
  const itemIds: string[] = [];
  for (const productId of productIds.slice(0, items)) {
    const item = await call<InventoryListItem>(customer, 'POST', base(`/inventory-list/${list.body.id}/item`), {
      productId,
    });
    expect(item.status).toBe(201);
    itemIds.push(item.body.id);
    units.set(item.body.id, item.body.unit);
  }
  return { listId: list.body.id, itemIds };
}

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.services.database;
  // A plain customer of 10003, beside its administrator admin@ (same password, no administrator role).
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, roles, default_company_id)
    select 'kock.stang@skafferi.test', password_hash, 'Kim', 'Kock', array['Customer'], c.id
    from users, companies c where users.email = ${DEMO.admin.email} and c.code = '10003'`);
  await db.execute(sql`
    insert into user_companies (user_id, company_id)
    select u.id, c.id from users u, companies c where u.email = 'kock.stang@skafferi.test' and c.code = '10003'`);
  [admin, customer, kund] = await Promise.all([
    login(app, DEMO.admin),
    login(app, { email: 'kock.stang@skafferi.test', password: DEMO.admin.password }),
    login(app, DEMO.kund),
  ]);
  productIds = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(isNotNull(products.gtinPiece), eq(products.discontinued, false)))
      .orderBy(products.sku)
      .limit(3)
  ).map((p) => p.id);
}, 180_000);
afterAll(() => app.closeAll());

describe('closing an inventory list', () => {
  it('refuses counts and every change with 409 and a Swedish message, and keeps what was counted', async () => {
    const { listId, itemIds } = await newList(2);
    const counted = await count(customer, listId, itemIds[0]!, 5);
    expect(counted.status).toBe(201);

    const closed = await call<InventoryList>(customer, 'POST', base(`/inventory-list/${listId}/close`));
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).not.toBeNull();
    expect(closed.body.closedBy).toMatch(/\S+ \S+/);
    const before = await detail(listId);

    const refused = { code: 'InventoryListClosed', message: errorsSv.InventoryListClosed };
    expect(refused.message).toMatch(/^Inventeringen är stängd/);
    const attempts = [
      await count(customer, listId, itemIds[0]!, 7),
      await count(customer, listId, itemIds[1]!, 1),
      await call(customer, 'PATCH', base(`/inventory-list/${listId}/item/${itemIds[0]}`), { zone: null }),
      await call(customer, 'PATCH', base(`/inventory-list/${listId}/item/${itemIds[0]}`), { accept: true }),
      await call(customer, 'POST', base(`/inventory-list/${listId}/item`), { productId: productIds[2] }),
      await call(customer, 'DELETE', base(`/inventory-list/${listId}/item/${itemIds[1]}`)),
      await call(customer, 'PUT', base(`/inventory-list/${listId}`), { name: 'Nytt namn' }),
      await call(customer, 'DELETE', base(`/inventory-list/${listId}`)),
    ];
    for (const attempt of attempts) expect(attempt).toEqual({ status: 409, body: expect.objectContaining(refused) });

    // Nothing changed: the same list, items and counts; reading and exporting still work.
    expect(await detail(listId)).toEqual(before);
    expect(before.items.find((i) => i.id === itemIds[0])).toMatchObject({ quantity: 5, countCount: 1 });
    const excel = await app.inject({
      method: 'GET',
      url: base(`/inventory-list/${listId}/export/excel`),
      headers: bearer(customer),
    });
    expect(excel.statusCode).toBe(200);

    // Closing again changes nothing (who closed it and when stay).
    const again = await call<InventoryList>(admin, 'POST', base(`/inventory-list/${listId}/close`));
    expect(again).toEqual({ status: 200, body: closed.body });
  });

  it('answers a resend of a count made before the close as before, not as refused', async () => {
    const { listId, itemIds } = await newList();
    const body = {
      id: randomUUID(),
      kind: 'delta',
      amount: 3,
      unit: units.get(itemIds[0]!),
      countedAt: new Date().toISOString(),
      deviceId: 'phone-a',
    };
    const path = base(`/inventory-list/${listId}/item/${itemIds[0]}/count`);
    expect((await call(customer, 'POST', path, body)).status).toBe(201);
    expect((await call(customer, 'POST', base(`/inventory-list/${listId}/close`))).status).toBe(200);
    const resent = await call<CountAnswer>(customer, 'POST', path, body);
    expect(resent.status).toBe(200);
    expect(resent.body.item.quantity).toBe(3);
    expect((await call(customer, 'POST', path, { ...body, id: randomUUID() })).status).toBe(409);
  });

  it('lets a customer administrator reopen it, after which counts are taken again', async () => {
    const { listId, itemIds } = await newList();
    await call(customer, 'POST', base(`/inventory-list/${listId}/close`));
    const plain = await call<{ code: string; message: string }>(
      customer,
      'POST',
      base(`/inventory-list/${listId}/reopen`),
    );
    expect(plain).toEqual({ status: 403, body: { code: 'Forbidden', message: errorsSv.Forbidden } });
    expect((await detail(listId)).closedAt).not.toBeNull();

    const reopened = await call<InventoryList>(admin, 'POST', base(`/inventory-list/${listId}/reopen`));
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ closedAt: null, closedBy: null });
    const counted = await count(customer, listId, itemIds[0]!, 4);
    expect(counted.status).toBe(201);
    expect((await detail(listId)).items[0]).toMatchObject({ quantity: 4, countCount: 1 });
    // Reopening an open list changes nothing.
    expect((await call<InventoryList>(admin, 'POST', base(`/inventory-list/${listId}/reopen`))).status).toBe(200);
  });

  it('refuses a close made before a reopening its phone had not seen, and keeps the list open', async () => {
    const { listId, itemIds } = await newList();
    const close = (body?: object) =>
      call<InventoryList>(customer, 'POST', base(`/inventory-list/${listId}/close`), body);
    // Phone B reviews the open list (never reopened) and closes it offline; meanwhile A closes and the admin reopens.
    const fromB = { reopenedAt: null };
    expect((await close({ reopenedAt: null })).status).toBe(200);
    const reopened = await call<InventoryList>(admin, 'POST', base(`/inventory-list/${listId}/reopen`));
    expect(reopened.body.reopenedAt).not.toBeNull();

    // B's close arrives: refused with its own message; the list stays open and takes counts.
    const late = await call<{ code: string; message: string }>(
      customer,
      'POST',
      base(`/inventory-list/${listId}/close`),
      fromB,
    );
    expect(late).toEqual({
      status: 409,
      body: { code: 'InventoryListReopened', message: errorsSv.InventoryListReopened },
    });
    expect(late.body.message).toMatch(/öppnats igen/);
    expect((await detail(listId)).closedAt).toBeNull();
    expect((await count(customer, listId, itemIds[0]!, 2)).status).toBe(201);

    // A close that knew of the reopening closes it; the reopening stays on the list.
    const known = await close({ reopenedAt: reopened.body.reopenedAt });
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ reopenedAt: reopened.body.reopenedAt });
    expect(known.body.closedAt).not.toBeNull();
    expect((await detail(listId)).closedAt).toBe(known.body.closedAt);

    // Once closed again, a stale close changes nothing and is not refused (closing a closed list never is).
    expect(await close(fromB)).toEqual({ status: 200, body: known.body });
  });

  it('closes without a reopening as before (a close queued on a phone before reopenings were kept)', async () => {
    for (const body of [undefined, {}]) {
      const { listId } = await newList();
      await call(customer, 'POST', base(`/inventory-list/${listId}/close`));
      await call(admin, 'POST', base(`/inventory-list/${listId}/reopen`));
      const closed = await call<InventoryList>(customer, 'POST', base(`/inventory-list/${listId}/close`), body);
      expect(closed.status).toBe(200);
      expect(closed.body.closedAt).not.toBeNull();
    }
  });

  it('answers a malformed reopening with 400 and a Swedish message, and leaves the list open', async () => {
    const { listId } = await newList();
    const bad = await call<{ code: string; message: string }>(
      customer,
      'POST',
      base(`/inventory-list/${listId}/close`),
      { reopenedAt: 'i går' },
    );
    expect(bad).toEqual({
      status: 400,
      body: {
        code: 'ValidationError',
        message: errorsSv.ValidationError,
        fields: [{ path: 'reopenedAt', message: validationSv.invalid }],
      },
    });
    expect((await detail(listId)).closedAt).toBeNull();
  });

  it("does not find another company's list to close or reopen", async () => {
    const { listId } = await newList();
    const close = await call<{ code: string }>(kund, 'POST', base(`/inventory-list/${listId}/close`, '10001'));
    expect(close).toEqual({ status: 404, body: expect.objectContaining({ code: 'InventoryListNotFound' }) });
    // A company the user is not linked to at all: the gate refuses it before any list is looked at.
    const foreign = await call<{ code: string }>(kund, 'POST', base(`/inventory-list/${listId}/close`));
    expect(foreign.status).toBe(403);
    expect((await detail(listId)).closedAt).toBeNull();
  });
});

describe('accepting a count in the review', () => {
  it('stores acceptedAt, which clears the flags until a later count brings them back', async () => {
    const { listId, itemIds } = await newList();
    const itemPath = base(`/inventory-list/${listId}/item/${itemIds[0]}`);
    const uncounted = (await detail(listId)).items[0]!;
    expect(reviewFlags(uncounted)).toEqual(['uncounted']);

    const countedAt = new Date(Date.now() - 60_000);
    await count(customer, listId, itemIds[0]!, 2, countedAt);
    const acceptedAt = new Date(Date.now() - 30_000).toISOString();
    const accepted = await call<InventoryListItem>(customer, 'PATCH', itemPath, { accept: true, acceptedAt });
    expect(accepted.status).toBe(200);
    expect(accepted.body.acceptedAt).toBe(acceptedAt);
    expect(reviewFlags(accepted.body)).toEqual([]);
    // What is stored, as the list shows it.
    expect((await detail(listId)).items[0]!.acceptedAt).toBe(acceptedAt);

    // A count after the acceptance brings the review back; accepting without a time takes the server's.
    await count(customer, listId, itemIds[0]!, 3);
    expect((await detail(listId)).items[0]!.acceptedAt).toBe(acceptedAt);
    const later = await call<InventoryListItem>(customer, 'PATCH', itemPath, { accept: true });
    expect(Date.parse(later.body.acceptedAt!)).toBeGreaterThanOrEqual(Date.parse(later.body.lastCountedAt!));
    expect(reviewFlags(later.body)).toEqual([]);

    // A time far ahead of the server is taken as the server's; acceptedAt alone is a bad request.
    const ahead = await call<InventoryListItem>(customer, 'PATCH', itemPath, {
      accept: true,
      acceptedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(Date.parse(ahead.body.acceptedAt!)).toBeLessThan(Date.now() + 60_000);
    expect((await call(customer, 'PATCH', itemPath, { acceptedAt })).status).toBe(400);
  });
});
