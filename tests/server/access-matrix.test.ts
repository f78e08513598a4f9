import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/plugins/access';
import { bearer, createTestApp, DEMO, login, type TestApp } from './helpers';

/**
 * The access matrix (decision 0052): every route the server registers, found through the access hook's table, is
 * called as nobody, with a logged-out token, as a user of another company and as a user without company. Each must
 * be refused; the owner's own call must get past the gate. A new route is in the table by construction (the server
 * refuses to start with a /v1 route that declares no access), so it is tested here without anyone adding it.
 */

type Who = { token: string; company: { id: string; code: string } };
type Call = { method: string; url: string; payload?: unknown };

let app: TestApp;
let tokens: { kund: string; admin: string; ny: string; staff: string; otherAdmin: string; loggedOut: string };
let kundCompany: { id: string; code: string };
let adminCompany: { id: string; code: string };
let samples: { purchaseList: string; order: string; customer: string };
/** What registering a /v1 route that declares no access did. */
let forgotten: unknown;

const rows = async <T>(query: ReturnType<typeof sql>) => (await app.services.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  app = await createTestApp();
  try {
    app.get('/v1/test/forgotten', async () => ({ secret: true }));
  } catch (error) {
    forgotten = error;
  }
  const [k] = await rows<{ id: string; code: string }>(sql`select id, code from companies where code = '10001'`);
  const [a] = await rows<{ id: string; code: string }>(sql`select id, code from companies where code = '10003'`);
  kundCompany = k!;
  adminCompany = a!;
  // A customer administrator of 10001: an administrator, but of another company than admin@'s 10003.
  await app.services.database.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, roles, default_company_id)
    select 'annan.admin@skafferi.test', password_hash, 'Anna', 'Annan', array['Customer','CustomerAdministrator'], ${kundCompany.id}
    from users where email = ${DEMO.admin.email}`);
  await app.services.database.db.execute(sql`
    insert into user_companies (user_id, company_id)
    select id, ${kundCompany.id} from users where email = 'annan.admin@skafferi.test'`);
  const loggedOut = await login(app, DEMO.kund);
  await app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(loggedOut) });
  tokens = {
    kund: await login(app, DEMO.kund),
    admin: await login(app, DEMO.admin),
    ny: await login(app, DEMO.ny),
    staff: await login(app, DEMO.personal),
    otherAdmin: await login(app, { email: 'annan.admin@skafferi.test', password: DEMO.admin.password }),
    loggedOut,
  };
  const [list] = await rows<{ id: string }>(
    sql`select id from purchase_lists where company_id = ${kundCompany.id} limit 1`,
  );
  const [order] = await rows<{ order_number: string }>(
    sql`select order_number from orders where company_id = ${kundCompany.id} limit 1`,
  );
  const [customer] = await rows<{ user_id: string }>(
    sql`select uc.user_id from user_companies uc join users u on u.id = uc.user_id
        where uc.company_id = ${adminCompany.id} and u.email <> ${DEMO.admin.email} limit 1`,
  );
  samples = { purchaseList: list!.id, order: order!.order_number, customer: customer!.user_id };
});

afterAll(async () => {
  await app.closeAll();
});

/** The company a route's rightful caller acts for, and who that caller is. */
function owner(route: DeclaredRoute): Who {
  const manager = (route.access.kind === 'company' || route.access.kind === 'row') && route.access.manager;
  if (route.access.kind === 'row' && route.access.row === 'customer')
    return { token: tokens.admin, company: adminCompany };
  return manager ? { token: tokens.admin, company: adminCompany } : { token: tokens.kund, company: kundCompany };
}

/** A user who may act for other companies than the owner's (with the same role where the route needs one). */
function outsider(route: DeclaredRoute): string {
  const manager = (route.access.kind === 'company' || route.access.kind === 'row') && route.access.manager;
  if (manager) return owner(route).company.code === '10003' ? tokens.otherAdmin : tokens.admin;
  return tokens.admin;
}

/** The request a route's owner would make: its path, query and body name the owner's company or row. */
function callFor(route: DeclaredRoute, who: Who): Call {
  const values: Record<string, string> = {};
  const query: Record<string, string> = {};
  let payload: Record<string, unknown> | undefined = route.method === 'GET' ? undefined : {};
  const access = route.access;
  if (access.kind === 'company' || access.kind === 'row') {
    const [part, field] = access.from.split('.') as ['params' | 'query' | 'body', string];
    const value = access.kind === 'row' ? samples[access.row] : access.by === 'id' ? who.company.id : who.company.code;
    if (part === 'params') values[field] = value;
    if (part === 'query') query[field] = value;
    if (part === 'body') payload = { [field]: access.kind === 'company' && access.many ? [value] : value };
  }
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? fallback(name)));
  const search = new URLSearchParams(query).toString();
  return { method: route.method, url: search ? `${url}?${search}` : url, ...(payload ? { payload } : {}) };
}

/** Path parameters the gate does not read: a well-formed value (the gate must refuse before they matter). */
function fallback(name: string): string {
  if (name === 'lineNumber') return '1';
  if (name === 'group') return 'zone';
  if (name === 'orderNumber') return '1';
  if (name === 'customerId') return samples.customer;
  return randomUUID();
}

const send = (call: Call, token?: string) =>
  app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: token ? bearer(token) : {},
    ...(call.payload !== undefined ? { payload: call.payload as Record<string, unknown> } : {}),
  });

const guarded = () => app.accessTable.filter((r) => r.access.kind !== 'public');

describe('the access matrix over every registered route', () => {
  it('refuses to register a /v1 route that declares no access: the server would not start', () => {
    expect(forgotten).toBeInstanceOf(Error);
    expect((forgotten as Error).message).toBe('GET /v1/test/forgotten declares no config.access');
  });

  it('knows every route the API serves, and every kind of access', () => {
    const routes = app.accessTable;
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) expect(['public', 'user', 'staff', 'company', 'row']).toContain(route.access.kind);
    // The gate covers the calls that hold company data (a sample; every route is walked below).
    const kinds = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.access.kind]));
    expect(kinds.get('GET /v1/company/:companyCode/cart')).toBe('company');
    expect(kinds.get('GET /v1/purchase-lists/:id')).toBe('row');
    expect(kinds.get('GET /v1/companies')).toBe('staff');
    // The batched push is the user's own; each change in it then passes its own route's gate (decision 0067).
    expect(kinds.get('POST /v1/sync')).toBe('user');
    // The live list (server-sent events) is gated as the list's other reads.
    expect(kinds.get('GET /v1/company/:companyCode/inventory-list/:id/events')).toBe('company');
  });

  it('refuses a call without a token, and with a logged-out token', async () => {
    for (const route of guarded()) {
      const call = callFor(route, owner(route));
      for (const token of [undefined, tokens.loggedOut]) {
        const res = await send(call, token);
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
      }
    }
  });

  it("refuses a user of another company, and a user without company, the owner's company and rows", async () => {
    for (const route of guarded()) {
      if (route.access.kind !== 'company' && route.access.kind !== 'row') continue;
      const call = callFor(route, owner(route));
      for (const token of [outsider(route), tokens.ny]) {
        const res = await send(call, token);
        expect({ route: `${route.method} ${route.url}`, refused: [403, 404].includes(res.statusCode) }).toEqual({
          route: `${route.method} ${route.url}`,
          refused: true,
        });
        expect(res.json()).toHaveProperty('code');
      }
    }
  });

  it('refuses staff-only calls to customers', async () => {
    for (const route of guarded().filter((r) => r.access.kind === 'staff')) {
      const res = await send(callFor(route, owner(route)), tokens.kund);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it("lets the owner's own call past the gate (so that the refusals above mean something)", async () => {
    // Deletions last: they would take the sample rows from the calls after them.
    const ordered = [...guarded()].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const route of ordered) {
      const who = route.access.kind === 'staff' ? { ...owner(route), token: tokens.staff } : owner(route);
      const res = await send(callFor(route, who), who.token);
      expect({ route: `${route.method} ${route.url}`, passed: ![401, 403].includes(res.statusCode) }).toEqual({
        route: `${route.method} ${route.url}`,
        passed: true,
      });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
