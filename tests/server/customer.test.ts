import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let admin: string;
let personal: string;
let ny: string;

beforeAll(async () => {
  app = await createTestApp();
  [kund, admin, personal, ny] = await Promise.all([
    login(app, DEMO.kund),
    login(app, DEMO.admin),
    login(app, DEMO.personal),
    login(app, DEMO.ny),
  ]);
});
afterAll(() => app.closeAll());

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /v1/customer/', () => {
  it('needs a token', async () => {
    const res = await get('/v1/customer/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'Unauthorized', message: 'Du behöver logga in igen.' });
    expect((await get('/v1/customer/', 'påhittad-token')).statusCode).toBe(401);
  });

  it('returns the user with roles and default company', async () => {
    expect((await get('/v1/customer/', kund)).json()).toMatchObject({
      email: 'kund@skafferi.test',
      roles: ['Customer'],
      defaultCompany: '10001',
    });
    expect((await get('/v1/customer/', admin)).json<{ roles: string[] }>().roles).toContain('CustomerAdministrator');
    expect((await get('/v1/customer/', personal)).json<{ roles: string[] }>().roles).toContain('SkafferiAdministrator');
    expect((await get('/v1/customer/', ny)).json()).toMatchObject({ defaultCompany: null });
  });
});

describe('PUT /v1/customer/', () => {
  const profile = { firstName: 'Nils', lastName: 'Nyström', email: 'ny@skafferi.test', phone: '070-123 45 67' };
  const put = (payload: object, token = ny) =>
    app.inject({ method: 'PUT', url: '/v1/customer/', headers: bearer(token), payload });

  it('saves the profile', async () => {
    const res = await put({ ...profile, scannerSound: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Nils',
      lastName: 'Nyström',
      phone: '070-123 45 67',
      scannerSound: false,
    });
    expect((await get('/v1/customer/', ny)).json()).toMatchObject({ firstName: 'Nils', scannerSound: false });
  });

  it("refuses another user's e-mail", async () => {
    const res = await put({ ...profile, email: 'KUND@skafferi.test', currentPassword: DEMO.ny.password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EmailTaken' });
  });

  it('changes the password only with the right current password', async () => {
    const wrong = await put({
      ...profile,
      currentPassword: 'Gissat1!',
      newPassword: 'Bytt-Lösen9',
      confirmPassword: 'Bytt-Lösen9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WrongCurrentPassword',
      fields: [{ path: 'currentPassword', message: 'Nuvarande lösenord stämmer inte.' }],
    });
    const ok = await put({
      ...profile,
      currentPassword: DEMO.ny.password,
      newPassword: 'Bytt-Lösen9',
      confirmPassword: 'Bytt-Lösen9',
    });
    expect(ok.statusCode).toBe(200);
    await login(app, { email: DEMO.ny.email, password: 'Bytt-Lösen9' });
  });

  it('lists missing and malformed fields', async () => {
    const res = await put({ firstName: '', email: 'nej' });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']));
  });
});

describe('companies of the user', () => {
  it("lists a customer's own companies with their customer counts", async () => {
    const { data } = (await get('/v1/customer/companies', kund)).json<{
      data: { code: string; customersCount: number }[];
    }>();
    expect(data.map((c) => c.code).sort()).toEqual(['10001', '10002']);
    for (const c of data) expect(c.customersCount).toBeGreaterThan(0);
    expect((await get('/v1/customer/companies', ny)).json()).toEqual({ data: [] });
  });

  it('switches the default company to a linked one only', async () => {
    const patch = (companyCode: string, token = kund) =>
      app.inject({ method: 'PATCH', url: '/v1/customer/company', headers: bearer(token), payload: { companyCode } });
    const ok = await patch('10002');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ defaultCompany: '10002' });

    for (const code of ['10003', '99999']) {
      const res = await patch(code);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Forbidden' });
    }
    expect((await get('/v1/customer/', kund)).json()).toMatchObject({ defaultCompany: '10002' });
    expect((await patch('10001')).statusCode).toBe(200);
  });

  it('lets staff choose any company, inactive ones included', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/v1/customer/company',
      headers: bearer(personal),
      payload: { companyCode: '10027' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ defaultCompany: '10027' });
  });
});

describe('GET /v1/companies (staff only)', () => {
  type Page = {
    data: { code: string; name: string; active: boolean; customersCount: number }[];
    totalRecords: number;
    currentPage: number;
    totalPages: number;
  };

  it('is refused to customers and administrators of a customer', async () => {
    for (const token of [kund, admin]) {
      const res = await get('/v1/companies', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Forbidden', message: 'Du har inte behörighet till det här.' });
    }
  });

  it('pages the active companies five at a time', async () => {
    const first = (await get('/v1/companies?page=1&pageSize=5', personal)).json<Page>();
    expect(first).toMatchObject({ totalRecords: 28, currentPage: 1, totalPages: 6 });
    expect(first.data).toHaveLength(5);
    expect(first.data.every((c) => c.active)).toBe(true);
    const last = (await get('/v1/companies?page=6&pageSize=5', personal)).json<Page>();
    expect(last.data).toHaveLength(3);
    const names = [...first.data, ...last.data].map((c) => c.code);
    expect(new Set(names).size).toBe(8);
  });

  it('includes inactive companies on request, and shows the company without users', async () => {
    const all = (await get('/v1/companies?pageSize=100&withInactive=true', personal)).json<Page>();
    expect(all.totalRecords).toBe(30);
    expect(
      all.data
        .filter((c) => !c.active)
        .map((c) => c.code)
        .sort(),
    ).toEqual(['10027', '10028']);
    expect(all.data.find((c) => c.code === '10030')?.customersCount).toBe(0);
  });

  it('searches by name or code', async () => {
    const byCode = (await get('/v1/companies?searchString=10003', personal)).json<Page>();
    expect(byCode.data.map((c) => c.code)).toEqual(['10003']);
    const someName = byCode.data[0]!.name.split(' ')[0]!.toLowerCase();
    const byName = (await get(`/v1/companies?searchString=${encodeURIComponent(someName)}`, personal)).json<Page>();
    expect(byName.data.map((c) => c.code)).toContain('10003');
    const none = (await get('/v1/companies?searchString=%25%25finns-inte', personal)).json<Page>();
    expect(none).toMatchObject({ data: [], totalRecords: 0 });
  });

  it('answers a malformed query with the failing fields', async () => {
    const res = await get('/v1/companies?page=0&pageSize=abc', personal);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json<{ fields: { path: string }[] }>()
        .fields.map((f) => f.path)
        .sort(),
    ).toEqual(['page', 'pageSize']);
  });
});

describe('GET /v1/company/:companyCode', () => {
  it('returns a linked company with its next delivery date', async () => {
    const res = await get('/v1/company/10001', kund);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: string; hasDeliveryRoutes: boolean; nextDeliveryDate: string | null }>();
    expect(body).toMatchObject({ code: '10001', hasDeliveryRoutes: true });
    expect(body.nextDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a company the customer is not linked to', async () => {
    expect((await get('/v1/company/10003', kund)).statusCode).toBe(403);
    expect((await get('/v1/company/10003', admin)).statusCode).toBe(200);
    expect((await get('/v1/company/10001', ny)).statusCode).toBe(403);
  });

  it('shows staff a company without delivery routes, and 404 for an unknown code', async () => {
    expect((await get('/v1/company/10026', personal)).json()).toMatchObject({
      hasDeliveryRoutes: false,
      nextDeliveryDate: null,
    });
    const missing = await get('/v1/company/99999', personal);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'CompanyNotFound' });
  });
});
