import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLinks, companies, userCompanies, users } from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import { solvedCaptcha } from './captcha-proof';
import { DEMO, bearer, createTestApp, lastMail, login, tokenFromMail, type TestApp } from './helpers';

type Customer = { id: string; email: string; firstName: string; roles: string[]; status: string; phone: string | null };
type Detail = Customer & { companies: { id: string; code: string; name: string }[]; managedElsewhere: boolean };

let app: TestApp;
let admin: string;
let kund: string;
let personal: string;
/** Company ids by code. */
const companyId: Record<string, string> = {};
/** A user of 10004 only (not the admin's), and one of 10003. */
let foreignUser: Customer;
let colleague: Customer;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, key?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const list = async (code: string, token = admin) =>
  (await call('GET', `/v1/company/${code}/customers`, token)).json<{ data: Customer[] }>().data;

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Tova',
  lastName: 'Testsson',
  email: 'tova.testsson@skafferi.test',
  phone: '070-111 22 33',
  roles: ['Customer'],
  companyCodes: ['10003'],
  ...over,
});

beforeAll(async () => {
  app = await createTestApp();
  [admin, kund, personal] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.kund),
    login(app, DEMO.personal),
  ]);
  const { db } = app.services.database;
  for (const row of await db.select({ id: companies.id, code: companies.code }).from(companies)) {
    companyId[row.code] = row.id;
  }
  // 10004's users are only 10004's in the seed (the few two-company users are picked at random; take one that is not).
  const of10004 = await list('10004', personal);
  const links = await db.select().from(userCompanies);
  foreignUser = of10004.find((u) => links.filter((l) => l.userId === u.id).length === 1)!;
  colleague = (await list('10003')).find((u) => u.email !== DEMO.admin.email && u.status === 'active')!;
  expect(foreignUser).toBeDefined();
  expect(colleague).toBeDefined();
});
afterAll(() => app.closeAll());

describe('who gets in', () => {
  it('needs a token and the administrator role on every call', async () => {
    const anyId = '0190a4a8-0000-7000-8000-000000000000';
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/v1/company/10001/customers'],
      ['POST', '/v1/customers', newUser({ companyCodes: ['10001'] })],
      ['GET', `/v1/customers/${anyId}`],
      [
        'PUT',
        `/v1/customers/${anyId}`,
        { firstName: 'A', lastName: 'B', email: 'a@b.se', phone: '', roles: ['Customer'] },
      ],
      ['POST', `/v1/customers/${anyId}`, { companyCode: '10001', roles: ['Customer'] }],
      ['DELETE', `/v1/customers/${companyId['10001']}/customer/${anyId}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} without token`).toBe(401);
      const res = await call(method, url, kund, payload);
      expect(res.statusCode, `${method} ${url} as a customer`).toBe(403);
      expect(res.json()).toEqual({ code: 'Forbidden', message: 'Du har inte behörighet till det här.' });
    }
  });
});

describe('GET /v1/company/:code/customers', () => {
  it("lists the administrator's company with roles and status", async () => {
    const users = await list('10003');
    expect(users.length).toBeGreaterThanOrEqual(5);
    expect(users.find((u) => u.email === DEMO.admin.email)).toMatchObject({
      roles: ['Customer', 'CustomerAdministrator'],
      status: 'active',
    });
    // 10003's invited user has not set a password yet.
    expect(users.some((u) => u.status === 'pending')).toBe(true);
  });

  it("refuses another company's list, and unknown codes alike; staff see any", async () => {
    expect((await call('GET', '/v1/company/10004/customers', admin)).statusCode).toBe(403);
    expect((await call('GET', '/v1/company/99999/customers', admin)).statusCode).toBe(403);
    expect((await list('10004', personal)).length).toBeGreaterThan(0);
    expect((await call('GET', '/v1/company/99999/customers', personal)).statusCode).toBe(404);
  });
});

describe('GET /v1/customers/:id', () => {
  it('shows a user of the same company with the companies the administrator manages', async () => {
    const res = await call('GET', `/v1/customers/${colleague.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>()).toMatchObject({
      id: colleague.id,
      companies: [{ code: '10003' }],
      managedElsewhere: false,
    });
  });

  it('refuses a user of another company, an unknown id (403, no probing) and a malformed id (400)', async () => {
    expect((await call('GET', `/v1/customers/${foreignUser.id}`, admin)).statusCode).toBe(403);
    const unknown = '0190a4a8-0000-7000-8000-000000000001';
    expect((await call('GET', `/v1/customers/${unknown}`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/v1/customers/${unknown}`, personal)).json()).toMatchObject({
      code: 'CustomerNotFound',
    });
    const bad = await call('GET', '/v1/customers/inte-ett-id', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'ValidationError', fields: [{ path: 'id', message: 'Ogiltigt värde.' }] });
    expect((await call('GET', `/v1/customers/${foreignUser.id}`, personal)).statusCode).toBe(200);
  });
});

describe('creating a user, the activation mail and the activation link', () => {
  let created: Detail;

  it('checks the fields in Swedish', async () => {
    const res = await call(
      'POST',
      '/v1/customers',
      admin,
      newUser({ firstName: ' ', email: 'inte-en-adress', phone: 'abc', roles: [], companyCodes: [] }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: { path: string; message: string }[] }>().fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Fältet är obligatoriskt.' },
        { path: 'email', message: 'Ange en giltig e-postadress.' },
        { path: 'phone', message: 'Ange ett giltigt telefonnummer.' },
        { path: 'roles', message: 'Fältet är obligatoriskt.' },
        { path: 'companyCodes', message: 'Fältet är obligatoriskt.' },
      ]),
    );
  });

  it('never gives the staff role', async () => {
    for (const token of [admin, personal]) {
      const res = await call('POST', '/v1/customers', token, newUser({ roles: ['Customer', 'SkafferiAdministrator'] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'roles.1', message: 'Ogiltigt värde.' }] });
    }
  });

  it("refuses a company that is not the administrator's, and a taken e-mail", async () => {
    const foreign = await call('POST', '/v1/customers', admin, newUser({ companyCodes: ['10003', '10004'] }));
    expect(foreign.statusCode).toBe(403);
    const taken = await call('POST', '/v1/customers', admin, newUser({ email: 'KUND@skafferi.test' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'EmailTaken', message: 'E-postadressen används redan av ett annat konto.' });
    const { db } = app.services.database;
    expect(await db.select().from(users).where(eq(users.email, 'tova.testsson@skafferi.test'))).toHaveLength(0);
  });

  it('creates a pending user and mails one activation link, also when the request is replayed', async () => {
    const key = 'create-tova-0001';
    const first = await call('POST', '/v1/customers', admin, newUser({ email: 'Tova.Testsson@skafferi.test' }), key);
    expect(first.statusCode).toBe(201);
    created = first.json<Detail>();
    expect(created).toMatchObject({
      email: 'tova.testsson@skafferi.test',
      phone: '070-111 22 33',
      roles: ['Customer'],
      status: 'pending',
      companies: [{ code: '10003' }],
      managedElsewhere: false,
    });
    const replay = await call('POST', '/v1/customers', admin, newUser({ email: 'Tova.Testsson@skafferi.test' }), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(created);

    const mails = await app.inject({ method: 'GET', url: '/v1/dev/mailbox?to=tova.testsson@skafferi.test' });
    expect(mails.json<{ data: unknown[] }>().data).toHaveLength(1);
    const mail = await lastMail(app, created.email);
    expect(mail).toMatchObject({ subject: 'Aktivera ditt konto i Skafferi', kind: 'registration' });
    expect(mail!.text).toContain('Hej Tova!');
    expect(mail!.text).toContain('http://skafferi.test/login/email-registration?token=');
    expect(mail!.text).toContain('72 timmar');

    expect((await list('10003')).find((u) => u.id === created.id)?.status).toBe('pending');
    // Not able to log in before activation.
    const early = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: created.email, password: 'Vad-som-helst1' },
    });
    expect(early.statusCode).toBe(401);
  });

  it('activates once with a strong password and logs in; the link cannot be reused', async () => {
    const token = tokenFromMail((await lastMail(app, created.email))!.text, '/login/email-registration');
    const verify = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(verify.json()).toEqual({ email: created.email, firstName: 'Tova' });

    const confirm = async (password: string, confirmPassword = password) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/confirm-registration',
        payload: { token, password, confirmPassword, captcha: await solvedCaptcha(app) },
      });
    const weak: [string, string][] = [
      ['Ab1!', 'Minst 6 tecken'],
      ['Abcdef!', 'Minst en siffra'],
      ['Abcdef1', 'Minst ett specialtecken (t.ex. ! eller #)'],
      ['abcdef1!', 'Minst en stor bokstav'],
      ['ABCDEF1!', 'Minst en liten bokstav'],
    ];
    for (const [password, message] of weak) {
      const res = await confirm(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json<{ fields: unknown[] }>().fields).toEqual([{ path: 'password', message }]);
    }
    const mismatch = await confirm('Tova#2026', 'Tova#2027');
    expect(mismatch.json()).toMatchObject({ fields: [{ path: 'confirmPassword', message: 'Fälten matchar inte.' }] });

    const ok = await confirm('Tova#2026');
    expect(ok.statusCode).toBe(200);
    const session = ok.json<{ token: string }>().token;
    expect((await call('GET', '/v1/customer/', session)).json()).toMatchObject({
      email: created.email,
      defaultCompany: '10003',
    });
    expect((await list('10003')).find((u) => u.id === created.id)?.status).toBe('active');

    const reused = await confirm('Tova#2027');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ code: 'TokenNotValid', message: 'Länken är ogiltig eller har redan använts.' });
    expect(
      (await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` })).json(),
    ).toMatchObject({ code: 'TokenNotValid' });
  });

  it('refuses an expired activation link with its own text', async () => {
    const res = await call('POST', '/v1/customers', admin, newUser({ email: 'sen.aktivering@skafferi.test' }));
    expect(res.statusCode).toBe(201);
    const token = tokenFromMail(
      (await lastMail(app, 'sen.aktivering@skafferi.test'))!.text,
      '/login/email-registration',
    );
    await app.services.database.db
      .update(authLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authLinks.tokenHash, hashToken(token)));
    const verify = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(verify.statusCode).toBe(410);
    expect(verify.json()).toEqual({ code: 'LinkNotValid', message: 'Länken är inte giltig längre. Begär en ny länk.' });
    const confirm = await app.inject({
      method: 'POST',
      url: '/v1/auth/confirm-registration',
      payload: { token, password: 'Sen#2026', confirmPassword: 'Sen#2026', captcha: await solvedCaptcha(app) },
    });
    expect(confirm.statusCode).toBe(410);
    expect(confirm.json()).toMatchObject({ code: 'LinkNotValid' });
  });
});

describe('PUT /v1/customers/:id', () => {
  const profile = (over: Record<string, unknown> = {}) => ({
    firstName: 'Ändrad',
    lastName: 'Kollega',
    email: colleague.email,
    phone: '08-123 456',
    roles: ['Customer'],
    ...over,
  });

  it('changes name, phone and roles of a user of the same company', async () => {
    const res = await call(
      'PUT',
      `/v1/customers/${colleague.id}`,
      admin,
      profile({ roles: ['Customer', 'CustomerAdministrator'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ändrad',
      phone: '08-123 456',
      roles: ['Customer', 'CustomerAdministrator'],
    });
    const back = await call('PUT', `/v1/customers/${colleague.id}`, admin, profile());
    expect(back.json()).toMatchObject({ roles: ['Customer'] });
  });

  it("refuses a user of another company, the staff role and someone else's e-mail", async () => {
    const foreign = await call('PUT', `/v1/customers/${foreignUser.id}`, admin, profile({ email: foreignUser.email }));
    expect(foreign.statusCode).toBe(403);
    const staff = await call(
      'PUT',
      `/v1/customers/${colleague.id}`,
      admin,
      profile({ roles: ['SkafferiAdministrator'] }),
    );
    expect(staff.statusCode).toBe(400);
    const taken = await call('PUT', `/v1/customers/${colleague.id}`, admin, profile({ email: DEMO.kund.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EmailTaken' });
  });

  it('does not let an administrator change a staff user', async () => {
    const { db } = app.services.database;
    const [staff] = await db.select().from(users).where(eq(users.email, DEMO.personal.email));
    await db.insert(userCompanies).values({ userId: staff!.id, companyId: companyId['10003']! });
    try {
      expect((await call('GET', `/v1/customers/${staff!.id}`, admin)).statusCode).toBe(403);
      expect((await list('10003')).some((u) => u.id === staff!.id)).toBe(true);
    } finally {
      await db.delete(userCompanies).where(eq(userCompanies.userId, staff!.id));
    }
  });

  it('keeps e-mail and roles of a user who also belongs to a company the administrator does not manage', async () => {
    const { db } = app.services.database;
    await db.insert(userCompanies).values({ userId: colleague.id, companyId: companyId['10004']! });
    try {
      const detail = (await call('GET', `/v1/customers/${colleague.id}`, admin)).json<Detail>();
      expect(detail).toMatchObject({ managedElsewhere: true, companies: [{ code: '10003' }] });
      const email = await call('PUT', `/v1/customers/${colleague.id}`, admin, profile({ email: 'kapad@example.se' }));
      expect(email.statusCode).toBe(403);
      expect(email.json()).toMatchObject({ code: 'CustomerManagedElsewhere' });
      const roles = await call(
        'PUT',
        `/v1/customers/${colleague.id}`,
        admin,
        profile({ roles: ['Customer', 'CustomerAdministrator'] }),
      );
      expect(roles.json()).toMatchObject({ code: 'CustomerManagedElsewhere' });
      const name = await call('PUT', `/v1/customers/${colleague.id}`, admin, profile({ firstName: 'Namnbyte' }));
      expect(name.statusCode).toBe(200);
      // Staff manage it all.
      const byStaff = await call('PUT', `/v1/customers/${colleague.id}`, personal, profile({ phone: '' }));
      expect(byStaff.json()).toMatchObject({ phone: null, managedElsewhere: false });
    } finally {
      await db
        .delete(userCompanies)
        .where(and(eq(userCompanies.userId, colleague.id), eq(userCompanies.companyId, companyId['10004']!)));
    }
  });
});

describe('adding to and removing from companies', () => {
  let tova: Detail;

  beforeAll(async () => {
    // The administrator also works for 10005 from now on.
    const { db } = app.services.database;
    const [me] = await db.select().from(users).where(eq(users.email, DEMO.admin.email));
    await db.insert(userCompanies).values({ userId: me!.id, companyId: companyId['10005']! });
    tova = (await list('10003')).find((u) => u.email === 'tova.testsson@skafferi.test') as Detail;
  });

  it("adds a user to another of the administrator's companies, once", async () => {
    const first = await call('POST', `/v1/customers/${tova.id}`, admin, { companyCode: '10005', roles: ['Customer'] });
    expect(first.statusCode).toBe(201);
    expect(
      first
        .json<Detail>()
        .companies.map((c) => c.code)
        .sort(),
    ).toEqual(['10003', '10005']);
    const again = await call('POST', `/v1/customers/${tova.id}`, admin, { companyCode: '10005', roles: ['Customer'] });
    expect(again.statusCode).toBe(200);
    expect((await list('10005')).some((u) => u.id === tova.id)).toBe(true);
  });

  it("refuses a company that is not the administrator's, a user of another company and the staff role", async () => {
    const foreignCompany = await call('POST', `/v1/customers/${tova.id}`, admin, {
      companyCode: '10004',
      roles: ['Customer'],
    });
    expect(foreignCompany.statusCode).toBe(403);
    const foreign = await call('POST', `/v1/customers/${foreignUser.id}`, admin, {
      companyCode: '10003',
      roles: ['Customer'],
    });
    expect(foreign.statusCode).toBe(403);
    const staff = await call('POST', `/v1/customers/${tova.id}`, admin, {
      companyCode: '10005',
      roles: ['SkafferiAdministrator'],
    });
    expect(staff.statusCode).toBe(400);
    expect((await list('10004', personal)).some((u) => u.id === tova.id)).toBe(false);
  });

  it('removes a user from one company (replayable), and refuses foreign companies and users', async () => {
    const foreignCompany = await call('DELETE', `/v1/customers/${companyId['10004']}/customer/${tova.id}`, admin);
    expect(foreignCompany.statusCode).toBe(403);
    const foreign = await call('DELETE', `/v1/customers/${companyId['10003']}/customer/${foreignUser.id}`, admin);
    expect(foreign.statusCode).toBe(403);
    const unknownCompany = await call(
      'DELETE',
      `/v1/customers/0190a4a8-0000-7000-8000-000000000009/customer/${tova.id}`,
      admin,
    );
    expect(unknownCompany.statusCode).toBe(403);

    const key = 'remove-tova-10005';
    const url = `/v1/customers/${companyId['10005']}/customer/${tova.id}`;
    const removed = await call('DELETE', url, admin, undefined, key);
    expect(removed.statusCode).toBe(204);
    const replay = await call('DELETE', url, admin, undefined, key);
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect((await call('DELETE', url, admin)).json()).toMatchObject({ code: 'CustomerNotFound' });
    expect((await list('10005')).some((u) => u.id === tova.id)).toBe(false);
    expect((await list('10003')).some((u) => u.id === tova.id)).toBe(true);
  });

  it('moves the default company when the user leaves it', async () => {
    await call('POST', `/v1/customers/${tova.id}`, admin, { companyCode: '10005', roles: ['Customer'] });
    const res = await call('DELETE', `/v1/customers/${companyId['10003']}/customer/${tova.id}`, admin);
    expect(res.statusCode).toBe(204);
    const tovaToken = await login(app, { email: 'tova.testsson@skafferi.test', password: 'Tova#2026' });
    expect((await call('GET', '/v1/customer/', tovaToken)).json()).toMatchObject({ defaultCompany: '10005' });
    // Back to 10003 for the tests below.
    await call('POST', `/v1/customers/${tova.id}`, admin, { companyCode: '10003', roles: ['Customer'] });
  });

  it('never removes or demotes the last administrator of a company', async () => {
    const { db } = app.services.database;
    const [me] = await db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const removeSelf = await call('DELETE', `/v1/customers/${companyId['10003']}/customer/${me!.id}`, admin);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json()).toEqual({
      code: 'LastAdministrator',
      message: 'Företaget måste ha minst en administratör. Gör någon annan till administratör först.',
    });
    const demote = await call('PUT', `/v1/customers/${me!.id}`, admin, {
      firstName: 'Adam',
      lastName: 'Berglund',
      email: DEMO.admin.email,
      phone: '',
      roles: ['Customer'],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LastAdministrator' });
    expect((await call('GET', '/v1/customer/', admin)).json<{ roles: string[] }>().roles).toContain(
      'CustomerAdministrator',
    );

    // With a second administrator in both companies, the first may step down from one.
    const promote = await call('PUT', `/v1/customers/${tova.id}`, admin, {
      firstName: 'Tova',
      lastName: 'Testsson',
      email: tova.email,
      phone: '',
      roles: ['Customer', 'CustomerAdministrator'],
    });
    expect(promote.statusCode).toBe(200);
    await call('POST', `/v1/customers/${tova.id}`, admin, {
      companyCode: '10005',
      roles: ['Customer', 'CustomerAdministrator'],
    });
    const leave = await call('DELETE', `/v1/customers/${companyId['10005']}/customer/${me!.id}`, admin);
    expect(leave.statusCode).toBe(204);
    // 10005 is no longer the administrator's.
    expect((await call('GET', '/v1/company/10005/customers', admin)).statusCode).toBe(403);
  });
});

describe('PUT /v1/customer/password', () => {
  const who = { email: 'tova.testsson@skafferi.test', password: 'Tova#2026' };
  const change = (token: string, payload: object) => call('PUT', '/v1/customer/password', token, payload);

  it('needs the current password and a strong, confirmed new one', async () => {
    const token = await login(app, who);
    const wrong = await change(token, {
      currentPassword: 'Fel#12345',
      password: 'Ny#Tova2026',
      confirmPassword: 'Ny#Tova2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WrongCurrentPassword',
      fields: [{ path: 'currentPassword', message: 'Nuvarande lösenord stämmer inte.' }],
    });
    const weak = await change(token, { currentPassword: who.password, password: 'svagt', confirmPassword: 'svagt' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ fields: { message: string }[] }>().fields.map((f) => f.message)).toEqual([
      'Minst 6 tecken',
      'Minst en siffra',
      'Minst ett specialtecken (t.ex. ! eller #)',
      'Minst en stor bokstav',
    ]);
    const mismatch = await change(token, {
      currentPassword: who.password,
      password: 'Ny#Tova2026',
      confirmPassword: 'Ny#Tova2027',
    });
    expect(mismatch.json()).toMatchObject({ fields: [{ path: 'confirmPassword', message: 'Fälten matchar inte.' }] });
  });

  it('changes it, ends the other sessions and keeps this one', async () => {
    const [here, elsewhere] = [await login(app, who), await login(app, who)];
    const res = await change(here, {
      currentPassword: who.password,
      password: 'Ny#Tova2026',
      confirmPassword: 'Ny#Tova2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call('GET', '/v1/customer/', here)).statusCode).toBe(200);
    expect((await call('GET', '/v1/customer/', elsewhere)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/auth/login', payload: who })).statusCode).toBe(401);
    await login(app, { ...who, password: 'Ny#Tova2026' });
  });
});
