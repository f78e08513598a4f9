import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { eq, sql } from 'drizzle-orm';
import { companies, products, serverSecrets } from '../../server/db/schema';
import type { CompanyRow } from '../../server/plugins/access';
import { SessionCache } from '../../server/plugins/session-cache';
import type { CurrentUser } from '../../contract/customer';
import { fetchChallenge, solve, solvedCaptcha } from './captcha-proof';
import { DEMO, bearer, createTestApp, lastMail, login, tokenFromMail, type TestApp } from './helpers';
import { lagMeter } from './lag';

/**
 * Two server instances on one database (decision 0047): A is the usual test app, B a second app on the same
 * database — on PostgreSQL (DATABASE_URL) with a pool and a LISTEN connection of its own, as another process has.
 * What one instance changes must hold on the other within a second; each case prints the lag it observed.
 */

const LOGIN_LIMIT = 20;
const ENV = { CAPTCHA_COST: '10', CAPTCHA_MAX_COUNTER: '40', RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT) };

let a: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle | undefined;

/** The same test database through a handle of B's own (PostgreSQL), or the shared in-process one (PGlite). */
async function databaseForB(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return a.services.database;
  const { rows } = await a.services.database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${rows[0]!.name}`;
  bDatabase = await openDatabase({ databaseUrl: testUrl.toString() });
  return bDatabase;
}

beforeAll(async () => {
  a = await createTestApp(ENV);
  const config = loadConfig({
    SEED_ON_EMPTY: 'false',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://skafferi.test',
    ...ENV,
  });
  // Another process without CAPTCHA_HMAC_KEY draws a random key of its own at start.
  const otherProcess = { ...config, captcha: { ...config.captcha, hmacKey: randomBytes(32).toString('base64url') } };
  b = await buildApp(otherProcess, { database: await databaseForB() });
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.closeAll();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; token?: string; payload?: object };
const call = (app: FastifyInstance, { method, url, token, payload }: Call) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const lagUntil = lagMeter('cross-instance');

const status = async (app: FastifyInstance, request: Call) => (await call(app, request)).statusCode;

type Person = { firstName: string; lastName: string; email: string; phone: string };

/** A colleague the admin creates on A, activated through the mail's link with `password`: their id and token. */
async function activatedColleague(admin: string, person: Person, roles: string[], password: string) {
  const created = await call(a, {
    method: 'POST',
    url: '/v1/customers',
    token: admin,
    payload: { ...person, roles, companyCodes: ['10003'] },
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ id: string }>();
  const link = tokenFromMail((await lastMail(a, person.email))!.text, '/login/email-registration');
  const activated = await call(a, {
    method: 'POST',
    url: '/v1/auth/confirm-registration',
    payload: { token: link, password, confirmPassword: password, captcha: await solvedCaptcha(a) },
  });
  expect(activated.statusCode).toBe(200);
  return { id, token: activated.json<{ token: string }>().token };
}

describe('sessions on two instances', () => {
  it('a token logged out on A is refused on B, for reads and writes', async () => {
    const token = await login(a, DEMO.kund);
    const read: Call = { method: 'GET', url: '/v1/customer/', token };
    // B has seen (and kept) the session.
    expect(await status(b, read)).toBe(200);
    expect(await status(a, { method: 'POST', url: '/v1/auth/logout', token })).toBe(204);

    await lagUntil('logout', async () => (await status(b, read)) === 401);
    const write = await call(b, {
      method: 'PATCH',
      url: '/v1/customer/company',
      token,
      payload: { companyCode: '10001' },
    });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toMatchObject({ code: 'Unauthorized' });
  });

  it('a token renewed on A is refused on B; the new one works there', async () => {
    const token = await login(a, DEMO.kund);
    expect(await status(b, { method: 'GET', url: '/v1/customer/', token })).toBe(200);
    const renewed = await call(a, { method: 'POST', url: '/v1/auth/renew', token });
    expect(renewed.statusCode).toBe(200);

    await lagUntil('renewal', async () => (await status(b, { method: 'GET', url: '/v1/customer/', token })) === 401);
    const next = renewed.json<{ token: string }>().token;
    expect(await status(b, { method: 'GET', url: '/v1/customer/', token: next })).toBe(200);
  });

  it("a password changed on A ends the user's other sessions on B; the changing one stays", async () => {
    const other = await login(a, DEMO.kund);
    const changing = await login(a, DEMO.kund);
    expect(await status(b, { method: 'GET', url: '/v1/customer/', token: other })).toBe(200);
    const newPassword = 'Nytt-Lösen7';
    const changed = await call(a, {
      method: 'PUT',
      url: '/v1/customer/password',
      token: changing,
      payload: { currentPassword: DEMO.kund.password, password: newPassword, confirmPassword: newPassword },
    });
    expect(changed.statusCode).toBe(200);

    await lagUntil(
      'password change',
      async () => (await status(b, { method: 'GET', url: '/v1/customer/', token: other })) === 401,
    );
    expect(await status(b, { method: 'GET', url: '/v1/customer/', token: changing })).toBe(200);
  });
});

describe('a read that raced a change', () => {
  const session = { sessionId: 's1', validTo: Date.now() + 60_000, user: { id: 'u1' } as CurrentUser };

  it('is not kept when a forget arrived while it read the database (here or from another instance)', () => {
    const cache = new SessionCache(10_000);
    const mark = cache.mark();
    void cache.forgetUser('u1');
    cache.set('hash', session, mark);
    expect(cache.get('hash')).toBeUndefined();
    // A read that began after the forget is kept.
    cache.set('hash', session, cache.mark());
    expect(cache.get('hash')?.sessionId).toBe('s1');
  });

  it('keeps no access outcome read while a forget arrived, and forgets kept ones with the user', () => {
    const cache = new SessionCache(10_000);
    cache.set('hash', session, cache.mark());
    const company = { id: 'c1', code: '10001' } as CompanyRow;
    const mark = cache.mark();
    void cache.forgetToken('another');
    cache.keepAccess('hash', 'company:code:10001', [company], mark);
    expect(cache.access('hash', 'company:code:10001')).toBeUndefined();
    cache.keepAccess('hash', 'company:code:10001', [company], cache.mark());
    expect(cache.access('hash', 'company:code:10001')?.[0]?.code).toBe('10001');
    void cache.forgetUser('u1');
    expect(cache.access('hash', 'company:code:10001')).toBeUndefined();
  });
});

describe('news lost while an instance is not listening', () => {
  // PGlite runs in this process and never loses its listeners.
  it.skipIf(!process.env.DATABASE_URL)(
    'B keeps no session while its LISTEN connection is down, so a logout it did not hear is refused',
    async () => {
      const token = await login(a, DEMO.admin);
      const read: Call = { method: 'GET', url: '/v1/customer/', token };
      expect(await status(b, read)).toBe(200);
      // Both instances' LISTEN connections drop (they reconnect after half a second); the logout's news may be lost.
      await a.services.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect(await status(a, { method: 'POST', url: '/v1/auth/logout', token })).toBe(204);

      await lagUntil('logout while not listening', async () => (await status(b, read)) === 401);
    },
  );
});

describe('roles on two instances', () => {
  it('a CustomerAdministrator whose role is removed on A can no longer manage users on B', async () => {
    const admin = await login(a, DEMO.admin);
    const person = {
      firstName: 'Ebba',
      lastName: 'Tvåsson',
      email: 'ebba.tvasson@skafferi.test',
      phone: '070-222 33 44',
    };
    const { id, token: ebba } = await activatedColleague(
      admin,
      person,
      ['Customer', 'CustomerAdministrator'],
      'Ebba#2026',
    );
    const manage: Call = { method: 'GET', url: '/v1/company/10003/customers', token: ebba };
    expect(await status(b, manage)).toBe(200);

    const demoted = await call(a, {
      method: 'PUT',
      url: `/v1/customers/${id}`,
      token: admin,
      payload: { ...person, roles: ['Customer'] },
    });
    expect(demoted.statusCode).toBe(200);

    await lagUntil('role removal', async () => (await status(b, manage)) === 403);
    const add = await call(b, {
      method: 'POST',
      url: '/v1/customers',
      token: ebba,
      payload: { ...person, email: 'nagon.annan@skafferi.test', roles: ['Customer'], companyCodes: ['10003'] },
    });
    expect(add.statusCode).toBe(403);
    // The session itself lives on: Ebba is still a customer there.
    expect(await status(b, { method: 'GET', url: '/v1/customer/', token: ebba })).toBe(200);
  });
});

describe('access on two instances', () => {
  it('a user removed from a company on A no longer reads its prices, order history or purchase lists on B', async () => {
    const admin = await login(a, DEMO.admin);
    const person = {
      firstName: 'Måns',
      lastName: 'Tvåsson',
      email: 'mans.tvasson@skafferi.test',
      phone: '070-333 44 55',
    };
    const { id, token: mans } = await activatedColleague(admin, person, ['Customer'], 'Måns#2026');
    const { db } = a.services.database;
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, '10003'));
    const list = await call(a, {
      method: 'POST',
      url: '/v1/purchase-lists',
      token: mans,
      payload: { companyCode: '10003', name: 'Måns lista' },
    });
    expect(list.statusCode).toBe(201);
    const reads: Call[] = [
      { method: 'GET', url: `/v1/products/prices?company=10003&ids=${product!.id}`, token: mans },
      { method: 'GET', url: '/v1/company/10003/order-history', token: mans },
      { method: 'GET', url: `/v1/purchase-lists/${list.json<{ id: string }>().id}`, token: mans },
    ];
    // B answers them twice: the second time from what it kept of the first.
    for (let round = 0; round < 2; round++) for (const read of reads) expect(await status(b, read), read.url).toBe(200);

    const removed = await call(a, {
      method: 'DELETE',
      url: `/v1/customers/${company!.id}/customer/${id}`,
      token: admin,
    });
    expect(removed.statusCode).toBe(204);

    const [prices, history, ownList] = reads as [Call, Call, Call];
    await lagUntil('company removal', async () => (await status(b, prices)) === 403);
    expect(await status(b, history)).toBe(403);
    // A list of a company the user may not act for is as unknown as a missing one.
    expect(await status(b, ownList)).toBe(404);
    expect(await status(a, prices)).toBe(403);
  });
});

describe('secrets and limits on two instances', () => {
  it('a bot-protection challenge from A, solved, is accepted by B (once)', async () => {
    const proof = await solve(await fetchChallenge(a));
    const forgot = (app: FastifyInstance) =>
      call(app, {
        method: 'POST',
        url: '/v1/auth/forgot-password',
        payload: { email: DEMO.admin.email, captcha: proof },
      });
    const accepted = await forgot(b);
    expect(accepted.statusCode).toBe(202);
    // Spent in the shared database: A refuses the same proof.
    expect((await forgot(a)).statusCode).toBe(400);
    const [kept] = await a.services.database.db.select().from(serverSecrets);
    expect(kept?.name).toBe('captcha-hmac-key');
  });

  it('failed logins spread over A and B count together: the limit holds for both', async () => {
    // One address of its own (the other tests log in from 127.0.0.1); a new unknown e-mail each time.
    const remoteAddress = '10.47.0.1';
    const attempt = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        remoteAddress,
        payload: { email: `okand${n}@skafferi.test`, password: 'Fel-Lösen1' },
      });
    const answers: number[] = [];
    for (let n = 0; n < LOGIN_LIMIT; n++) answers.push((await attempt(n % 2 === 0 ? a : b, n)).statusCode);
    expect(answers).toEqual(Array(LOGIN_LIMIT).fill(401));
    // Each instance saw only half of them; counted per process, both would still let this one through.
    const refusedByA = await attempt(a, LOGIN_LIMIT);
    const refusedByB = await attempt(b, LOGIN_LIMIT + 1);
    expect([refusedByA.statusCode, refusedByB.statusCode]).toEqual([429, 429]);
    expect(refusedByB.json()).toMatchObject({ code: 'RateLimited' });
  });
});
