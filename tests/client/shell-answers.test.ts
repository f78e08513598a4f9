import { describe, expect, it } from 'vitest';
import { tokenResponse } from '../../contract/auth';
import { apiError } from '../../contract/common';
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

  it('the contract shapes are still the ones the guards know (a new field needs the guard changed too)', () => {
    expect(Object.keys(apiError.shape)).toEqual(['code', 'message', 'fields']);
    expect(Object.keys(tokenResponse.shape)).toEqual(['token', 'validTo']);
  });
});
