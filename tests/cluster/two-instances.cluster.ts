import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '../../contract/captcha';
import { PRODUCT_QUERY_BY, type SearchKeyResponse } from '../../contract/search';
import { solve } from '../server/captcha-proof';
import { lagMeter } from '../server/lag';

/**
 * Two real server processes on one PostgreSQL, over HTTP (decision 0047): what is changed through A must hold on B
 * within a second. Run by scripts/two-instances.sh, which starts both and sets their URLs; each case prints the lag
 * it observed. The servers trust X-Forwarded-For (as behind a load balancer): each case poses as a client address
 * of its own, so that the login limit of one case does not spend another's.
 */

const A = process.env.CLUSTER_A_URL ?? '';
const B = process.env.CLUSTER_B_URL ?? '';
/** The database both servers run on (scripts/with-postgres.sh sets it; scripts/two-instances.sh passes it on). */
const DATABASE_URL = process.env.DATABASE_URL ?? '';
/** The servers' RATE_LIMIT_LOGIN_PER_MINUTE (scripts/two-instances.sh). */
const LOGIN_LIMIT = 10;
const DEMO = {
  kund: { email: 'kund@skafferi.test', password: 'Kund123!' },
  admin: { email: 'admin@skafferi.test', password: 'Admin123!' },
};

type Answer = { status: number; body: Record<string, unknown> };
type Request = { method?: string; token?: string; body?: object; from?: string; headers?: Record<string, string> };

let nextAddress = 1;
/** A client address of its own for each case. */
const newAddress = () => `10.47.1.${nextAddress++}`;

async function call(
  base: string,
  path: string,
  { method = 'GET', token, body, from, headers }: Request = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function login(base: string, who: { email: string; password: string }, from: string): Promise<string> {
  const res = await call(base, '/v1/auth/login', { method: 'POST', body: who, from });
  if (res.status !== 200)
    throw new Error(`login of ${who.email} on ${base}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

const lagUntil = lagMeter('two processes');

const status = async (base: string, path: string, request: Request = {}) => (await call(base, path, request)).status;

beforeAll(() => {
  if (!A || !B) throw new Error('CLUSTER_A_URL and CLUSTER_B_URL are not set: run through scripts/two-instances.sh');
  if (!DATABASE_URL) throw new Error('DATABASE_URL is not set: run inside scripts/with-postgres.sh');
});

describe('two server processes on one PostgreSQL', () => {
  it('a token logged out on A is refused on B, for reads and writes', async () => {
    const from = newAddress();
    const token = await login(A, DEMO.kund, from);
    expect(await status(B, '/v1/customer/', { token, from })).toBe(200);
    expect(await status(A, '/v1/auth/logout', { method: 'POST', token, from })).toBe(204);

    await lagUntil('logout', async () => (await status(B, '/v1/customer/', { token, from })) === 401);
    const write = await call(B, '/v1/customer/company', {
      method: 'PATCH',
      token,
      from,
      body: { companyCode: '10001' },
    });
    expect(write).toMatchObject({ status: 401, body: { code: 'Unauthorized' } });
  });

  it('a CustomerAdministrator whose role is removed on A can no longer manage users on B', async () => {
    const from = newAddress();
    const admin = await login(A, DEMO.admin, from);
    const person = {
      firstName: 'Ebba',
      lastName: 'Tvåsson',
      email: `ebba.${randomBytes(4).toString('hex')}@skafferi.test`,
      phone: '070-222 33 44',
    };
    const created = await call(A, '/v1/customers', {
      method: 'POST',
      token: admin,
      from,
      body: { ...person, roles: ['Customer', 'CustomerAdministrator'], companyCodes: ['10003'] },
    });
    expect(created.status).toBe(201);
    // The activation mail, from the local mailbox (the servers run without SMTP).
    const mails = await call(A, `/v1/dev/mailbox?to=${encodeURIComponent(person.email)}`);
    const text = (mails.body.data as { text: string }[])[0]!.text;
    const link = decodeURIComponent(/email-registration\?token=([\w%-]+)/.exec(text)![1]!);
    // The challenge comes from A and the activation goes to B: the captcha key is shared through the database.
    const challenge = (await call(A, '/v1/captcha/challenge', { from })).body as unknown as AltchaChallenge;
    const activated = await call(B, '/v1/auth/confirm-registration', {
      method: 'POST',
      from,
      body: { token: link, password: 'Ebba#2026', confirmPassword: 'Ebba#2026', captcha: await solve(challenge) },
    });
    expect(activated.status).toBe(200);
    const ebba = activated.body.token as string;
    expect(await status(B, '/v1/company/10003/customers', { token: ebba, from })).toBe(200);

    const demoted = await call(A, `/v1/customers/${created.body.id as string}`, {
      method: 'PUT',
      token: admin,
      from,
      body: { ...person, roles: ['Customer'] },
    });
    expect(demoted.status).toBe(200);

    await lagUntil(
      'role removal',
      async () => (await status(B, '/v1/company/10003/customers', { token: ebba, from })) === 403,
    );
    expect(await status(B, '/v1/customer/', { token: ebba, from })).toBe(200);
  });

  it("a password changed on A ends the user's other sessions on B; the changing one stays", async () => {
    const from = newAddress();
    const other = await login(A, DEMO.kund, from);
    const changing = await login(A, DEMO.kund, from);
    expect(await status(B, '/v1/customer/', { token: other, from })).toBe(200);
    const password = `Nytt-Lösen${randomBytes(2).toString('hex')}7`;
    const changed = await call(A, '/v1/customer/password', {
      method: 'PUT',
      token: changing,
      from,
      body: { currentPassword: DEMO.kund.password, password, confirmPassword: password },
    });
    expect(changed.status).toBe(200);

    await lagUntil('password change', async () => (await status(B, '/v1/customer/', { token: other, from })) === 401);
    expect(await status(B, '/v1/customer/', { token: changing, from })).toBe(200);
    // Back to the demo password, for the next run on the same database.
    const back = await call(B, '/v1/customer/password', {
      method: 'PUT',
      token: changing,
      from,
      body: { currentPassword: password, password: DEMO.kund.password, confirmPassword: DEMO.kund.password },
    });
    expect(back.status).toBe(200);
  });

  it('failed logins spread over A and B count together: the limit holds for both', async () => {
    const from = newAddress();
    const attempt = (base: string, n: number) =>
      call(base, '/v1/auth/login', {
        method: 'POST',
        from,
        body: { email: `okand${n}@skafferi.test`, password: 'Fel-Lösen1' },
      });
    const answers: number[] = [];
    for (let n = 0; n < LOGIN_LIMIT; n++) answers.push((await attempt(n % 2 === 0 ? A : B, n)).status);
    expect(answers).toEqual(Array(LOGIN_LIMIT).fill(401));
    // Each process saw only half of them; counted per process, both would still let these through.
    const [byA, byB] = [await attempt(A, LOGIN_LIMIT), await attempt(B, LOGIN_LIMIT + 1)];
    expect([byA.status, byB.status]).toEqual([429, 429]);
    expect(byB.body).toMatchObject({ code: 'RateLimited' });
  });

  it('a catalogue change is visible through both searches', async () => {
    // A catalogue import is a database write followed by the index's announcement on the bus (server/lib/bus.ts,
    // decision 0048); there is no API for it, so the test does both itself, as the import would.
    const from = newAddress();
    type Hit = { document: { id: string; name: string } };
    const publicSearch = async (base: string) => {
      const key = (await call(base, '/v1/typesense/key', { from })).body as unknown as SearchKeyResponse;
      expect(key.engine).toBe('embedded');
      return async (q: string): Promise<Hit[]> => {
        const query = new URLSearchParams({ q, query_by: PRODUCT_QUERY_BY });
        const path = `${key.path}/collections/${key.collections.products}/documents/search?${query}`;
        const res = await call(base, path, { from, headers: { 'x-typesense-api-key': key.key } });
        if (res.status !== 200) throw new Error(`search on ${base}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.hits as Hit[];
      };
    };
    const searches = new Map([
      [A, await publicSearch(A)],
      [B, await publicSearch(B)],
    ]);
    // A product the public search shows, and a word no product has.
    const [picked] = await searches.get(A)!('*');
    const id = picked!.document.id;
    const word = `Klusterprov${randomBytes(4).toString('hex')}`;
    for (const search of searches.values()) expect(await search(word)).toEqual([]);

    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    // What the index's productsChanged sends: one products-changed notice on the bus's channel.
    const announce = () =>
      db.query("select pg_notify('skafferi_events', $1)", [JSON.stringify({ type: 'products-changed', ids: [id] })]);
    const { name } = (await db.query<{ name: string }>('select name from products where id = $1', [id])).rows[0]!;
    try {
      await db.query('update products set name = $1 where id = $2', [word, id]);
      await announce();

      // Each instance is asked until it has shown the product once; the lag is until both have.
      const waiting = new Set(searches.keys());
      await lagUntil('catalogue change in both searches', async () => {
        for (const base of [...waiting]) {
          const hits = await searches.get(base)!(word);
          if (hits.some((hit) => hit.document.id === id && hit.document.name === word)) waiting.delete(base);
        }
        return waiting.size === 0;
      });
    } finally {
      // The old name back, for the next run on the same database.
      await db.query('update products set name = $1 where id = $2', [name, id]);
      await announce();
      await db.end();
    }
  });
});
