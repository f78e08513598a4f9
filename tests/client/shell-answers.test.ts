import { describe, expect, it } from 'vitest';
import { tokenResponse } from '../../contract/auth';
import { apiError } from '../../contract/common';
import { companyDetail, currentUser } from '../../contract/customer';
import { readCompanyDetail, readCurrentUser } from '../../src/api/customer-answers';
import { readErrorBody, readTokenResponse } from '../../src/api/shell-answers';

// The app shell reads these two answers without zod (decision 0044); here they are held to the contract's schemas.

const errorBodies: unknown[] = [
  { code: 'InvalidCredentials', message: 'Fel e-postadress eller lösenord.' },
  { code: 'ValidationError', message: 'Kontrollera fälten.', fields: [{ path: 'email', message: 'Ogiltig e-post' }] },
  { code: 'ValidationError', message: 'x', fields: [] },
  { code: 'X', message: 'y', extra: 1 },
  { code: 'X' },
  { message: 'y' },
  { code: 1, message: 'y' },
  { code: 'X', message: 'y', fields: [{ path: 'a' }] },
  { code: 'X', message: 'y', fields: 'email' },
  { code: 'X', message: 'y', fields: null },
  [],
  null,
  undefined,
  'Internal Server Error',
];

const tokenBodies: unknown[] = [
  { token: 'abc', validTo: '2026-11-21T10:00:00.000Z' },
  { token: 'abc', validTo: '2026-11-21T10:00:00.000Z', extra: true },
  { token: 'abc' },
  { validTo: '2026-11-21T10:00:00.000Z' },
  { token: 1, validTo: 'x' },
  { token: 'abc', validTo: null },
  null,
  '',
];

const user = {
  id: 'u1',
  email: 'kund@skafferi.test',
  firstName: 'Karin',
  lastName: 'Kund',
  phone: null,
  roles: ['Customer'],
  defaultCompany: '10001',
  scannerSound: true,
};
const userBodies: unknown[] = [
  user,
  { ...user, phone: '070-123 45 67', defaultCompany: null, roles: [], extra: 1 },
  ...Object.keys(user).flatMap((key) => [
    { ...user, [key]: undefined },
    { ...user, [key]: null },
    { ...user, [key]: 7 },
  ]),
  { ...user, roles: ['Customer', 3] },
  null,
  [],
];

const company = {
  id: 'c1',
  code: '10001',
  name: 'Restaurang Kastanjen',
  customersCount: 3,
  active: true,
  city: 'Uppsala',
  orgNumber: '556677-8899',
  street: 'Kungsgatan 1',
  postalCode: '753 21',
  phone: null,
  email: null,
  nextDeliveryDate: '2026-12-01',
  hasDeliveryRoutes: true,
};
const companyBodies: unknown[] = [
  company,
  { ...company, nextDeliveryDate: null, city: null, extra: 'x' },
  ...Object.keys(company).flatMap((key) => [
    { ...company, [key]: undefined },
    { ...company, [key]: null },
    { ...company, [key]: 'x' },
    { ...company, [key]: 1.5 },
  ]),
  { ...company, nextDeliveryDate: '2026-02-30' },
  { ...company, nextDeliveryDate: '2026-12-01T00:00:00Z' },
  null,
];

describe('answers the shell reads by hand', () => {
  it('an error body is accepted and read exactly as contract/common apiError parses it', () => {
    for (const body of errorBodies) {
      const parsed = apiError.safeParse(body);
      expect(readErrorBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('a token answer is accepted and read exactly as contract/auth tokenResponse parses it', () => {
    for (const body of tokenBodies) {
      const parsed = tokenResponse.safeParse(body);
      expect(readTokenResponse(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('the signed-in user is accepted and read exactly as contract/customer currentUser parses it', () => {
    for (const body of userBodies) {
      const parsed = currentUser.safeParse(body);
      expect(readCurrentUser(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('a company detail is accepted and read exactly as contract/customer companyDetail parses it', () => {
    for (const body of companyBodies) {
      const parsed = companyDetail.safeParse(body);
      expect(readCompanyDetail(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('the contract shapes are still the ones the guards know (a new field needs the guard changed too)', () => {
    expect(Object.keys(apiError.shape)).toEqual(['code', 'message', 'fields']);
    expect(Object.keys(tokenResponse.shape)).toEqual(['token', 'validTo']);
    expect(Object.keys(currentUser.shape)).toEqual(Object.keys(user));
    expect(Object.keys(companyDetail.shape)).toEqual(Object.keys(company));
  });
});
