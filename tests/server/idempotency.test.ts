import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { idempotencyKeys, users } from '../../server/db/schema';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  [kund, admin] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.admin)]);
});
afterAll(() => app.closeAll());

const switchCompany = (token: string, companyCode: string, key?: string) =>
  app.inject({
    method: 'PATCH',
    url: '/v1/customer/company',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { companyCode },
  });
const defaultCompany = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(token) })).json<{ defaultCompany: string }>()
    .defaultCompany;

describe('Idempotency-Key on mutating routes', () => {
  it('answers a replay with the stored answer and does not apply the change again', async () => {
    const key = randomUUID();
    const first = await switchCompany(kund, '10002', key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();

    // Someone changes the company again in between; a late replay must not undo that.
    expect((await switchCompany(kund, '10001')).statusCode).toBe(200);
    const replay = await switchCompany(kund, '10002', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await defaultCompany(kund)).toBe('10001');
  });

  it('refuses the same key with another body', async () => {
    const key = randomUUID();
    await switchCompany(kund, '10002', key);
    const res = await switchCompany(kund, '10001', key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'IdempotencyKeyReused',
      message: 'Ändringen har redan skickats med annat innehåll.',
    });
  });

  it('keeps keys per user', async () => {
    const key = randomUUID();
    await switchCompany(kund, '10002', key);
    const other = await switchCompany(admin, '10003', key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({ email: 'admin@skafferi.test', defaultCompany: '10003' });
  });

  it('stores nothing for a refused change, so nothing is replayed from it', async () => {
    const key = randomUUID();
    expect((await switchCompany(kund, '10003', key)).statusCode).toBe(403);
    const { db } = app.services.database;
    const stored = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toEqual([]);
  });

  it('applies a key sent twice at the same time once', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([switchCompany(kund, '10002', key), switchCompany(kund, '10002', key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.headers['idempotency-replayed'], b.headers['idempotency-replayed']]).toContain('true');
    const { db } = app.services.database;
    const [kundRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.kund.email));
    const stored = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, kundRow!.id)));
    expect(stored).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const res = await switchCompany(kund, '10002', 'kort');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', fields: [{ path: 'Idempotency-Key' }] });
  });

  it('forgets answers after 30 days', async () => {
    const { db } = app.services.database;
    const [kundRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.kund.email));
    const day = 86_400_000;
    await db.insert(idempotencyKeys).values([
      {
        userId: kundRow!.id,
        key: 'gammal-nyckel',
        fingerprint: 'x',
        statusCode: 200,
        response: '{}',
        createdAt: new Date(Date.now() - 31 * day),
      },
      {
        userId: kundRow!.id,
        key: 'nyare-nyckel',
        fingerprint: 'x',
        statusCode: 200,
        response: '{}',
        createdAt: new Date(Date.now() - 29 * day),
      },
    ]);
    await app.services.idempotency.prune();
    const left = (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).not.toContain('gammal-nyckel');
    expect(left).toContain('nyare-nyckel');
  });
});
