import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from './captcha-proof';
import { DEMO, bearer, createTestApp, lastMail, login, tokenFromMail, type TestApp } from './helpers';

/**
 * Issue #13, account rules (decision 0050): a new e-mail address needs the current password and is told to the old
 * one; every route that checks a password counts wrong ones per account; a used reset link or a password change ends
 * the other open links.
 */

let app: TestApp;
beforeAll(async () => {
  // Three wrong passwords per account and window, to reach the limit quickly.
  app = await createTestApp({ PASSWORD_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => app.closeAll());

const rateLimited = { code: 'RateLimited', message: 'För många försök. Vänta en stund och försök igen.' };

const tryLogin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
const putProfile = (token: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: '/v1/customer/', headers: { ...bearer(token), ...headers }, payload });
const putPassword = (token: string, currentPassword: string, password = 'Helt-Nytt9!') =>
  app.inject({
    method: 'PUT',
    url: '/v1/customer/password',
    headers: bearer(token),
    payload: { currentPassword, password, confirmPassword: password },
  });
const profileOf = async (token: string) =>
  (await app.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(token) })).json<{ email: string }>();
const mailsTo = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/v1/dev/mailbox?to=${encodeURIComponent(to)}` })).json<{
    data: { subject: string; text: string }[];
  }>().data;

async function resetLink(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/forgot-password',
    payload: { email, captcha: await solvedCaptcha(app) },
  });
  expect(res.statusCode).toBe(202);
  return tokenFromMail((await lastMail(app, email))!.text, '/login/reset-password');
}
const useResetLink = (token: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/auth/reset-password',
    payload: { token, password, confirmPassword: password },
  });

describe('changing the e-mail address (PUT /v1/customer/)', () => {
  const profile = { firstName: 'Nils', lastName: 'Nyström', phone: '' };

  it('needs the current password: refused without it and with a wrong one, the address stays', async () => {
    const token = await login(app, DEMO.ny);
    const without = await putProfile(token, { ...profile, email: 'nils@exempel.test' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      code: 'ValidationError',
      fields: [{ path: 'currentPassword', message: 'Ange ditt nuvarande lösenord för att byta e-postadress.' }],
    });
    const wrong = await putProfile(token, { ...profile, email: 'nils@exempel.test', currentPassword: 'Gissat1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WrongCurrentPassword',
      fields: [{ path: 'currentPassword', message: 'Nuvarande lösenord stämmer inte.' }],
    });
    // Nor does a session learn which addresses have accounts without the password.
    const taken = await putProfile(token, { ...profile, email: DEMO.kund.email });
    expect(taken.statusCode).toBe(400);
    expect(await profileOf(token)).toMatchObject({ email: DEMO.ny.email });
    // Other edits need no password.
    expect((await putProfile(token, { ...profile, email: DEMO.ny.email })).statusCode).toBe(200);
  });

  it('changes it with the right password and tells the old address, once', async () => {
    const token = await login(app, DEMO.ny);
    const newEmail = 'nils.nystrom@exempel.test';
    const key = { 'idempotency-key': 'email-change-0001' };
    const body = { ...profile, email: newEmail, currentPassword: DEMO.ny.password };
    const res = await putProfile(token, body, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail });
    // A replay answers the same and sends nothing again.
    expect((await putProfile(token, body, key)).json()).toMatchObject({ email: newEmail });

    const mails = await mailsTo(DEMO.ny.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('E-postadressen till ditt Skafferi-konto har ändrats');
    expect(mails[0]!.text).toMatch(/^Hej Nils!/);
    expect(mails[0]!.text).toContain(`från ${DEMO.ny.email} till ${newEmail}`);
    expect(mails[0]!.text).toMatch(/ändrades den \d{1,2} \p{L}+ \d{4} kl\. \d{2}:\d{2}/u);
    expect(mails[0]!.text).toContain('Kontakta kundservice på kundservice@skafferi.test');
    expect(await mailsTo(newEmail)).toHaveLength(0);

    expect((await tryLogin(DEMO.ny.email, DEMO.ny.password)).statusCode).toBe(401);
    await login(app, { email: newEmail, password: DEMO.ny.password });
  });
});

describe('wrong passwords per account', () => {
  it('refuses the right password after too many wrong ones on any route, and keeps the address', async () => {
    const token = await login(app, DEMO.admin);
    const email = 'annan@exempel.test';
    const first = await putProfile(token, {
      firstName: 'A',
      lastName: 'B',
      phone: '',
      email,
      currentPassword: 'Fel-1!',
    });
    expect(first.json()).toMatchObject({ code: 'WrongCurrentPassword' });
    expect((await putPassword(token, 'Fel-2!')).json()).toMatchObject({ code: 'WrongCurrentPassword' });
    expect((await tryLogin(DEMO.admin.email, 'Fel-3!')).statusCode).toBe(401);

    const right = await putProfile(token, {
      firstName: 'A',
      lastName: 'B',
      phone: '',
      email,
      currentPassword: DEMO.admin.password,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(rateLimited);
    expect(await profileOf(token)).toMatchObject({ email: DEMO.admin.email });
    expect((await putPassword(token, DEMO.admin.password)).statusCode).toBe(429);
    expect((await tryLogin(DEMO.admin.email, DEMO.admin.password)).statusCode).toBe(429);
  });

  it('limits one account at login, not everyone at the same address', async () => {
    for (let i = 0; i < 3; i++) expect((await tryLogin(DEMO.kund.email, `Fel-${i}!`)).statusCode).toBe(401);
    const right = await tryLogin(DEMO.kund.email, DEMO.kund.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(rateLimited);
    // A colleague behind the same address logs in.
    expect((await tryLogin(DEMO.personal.email, DEMO.personal.password)).statusCode).toBe(200);
  });

  it('starts the count again after a right password', async () => {
    // Two wrong and a right one, twice: four wrong in the window, but never three in a row.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await tryLogin(DEMO.personal.email, `Fel-${i}!`)).statusCode).toBe(401);
      expect((await tryLogin(DEMO.personal.email, DEMO.personal.password)).statusCode).toBe(200);
    }
  });

  it('limits an unknown address the same way, so the answer tells nothing about accounts', async () => {
    const email = 'finns-inte@skafferi.test';
    for (let i = 0; i < 3; i++) expect((await tryLogin(email, `Fel-${i}!`)).statusCode).toBe(401);
    expect((await tryLogin(email, 'Fel-4!')).json()).toEqual(rateLimited);
  });
});

describe('reset links', () => {
  // kund is limited at login by the test above.
  const who = DEMO.kund;

  it('a used link ends the older ones, and lets an owner locked out by wrong passwords back in', async () => {
    expect((await tryLogin(who.email, who.password)).statusCode).toBe(429);
    const older = await resetLink(who.email);
    const newer = await resetLink(who.email);
    expect((await useResetLink(newer, 'Nyare-Lösen1')).statusCode).toBe(200);
    await login(app, { email: who.email, password: 'Nyare-Lösen1' });
    const res = await useResetLink(older, 'Äldre-Lösen2');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'InvalidToken' });
  });

  it('a password change, or a new e-mail address, ends the open ones', async () => {
    const password = 'Nyare-Lösen1';
    const open = await resetLink(who.email);
    const token = await login(app, { email: who.email, password });
    expect((await putPassword(token, password, 'Bytt-Lösen3')).statusCode).toBe(200);
    expect((await useResetLink(open, 'Annat-Lösen4')).json()).toMatchObject({ code: 'InvalidToken' });

    const beforeMove = await resetLink(who.email);
    const moved = await putProfile(token, {
      firstName: 'Karin',
      lastName: 'Kund',
      phone: '',
      email: 'karin@exempel.test',
      currentPassword: 'Bytt-Lösen3',
    });
    expect(moved.statusCode).toBe(200);
    expect((await useResetLink(beforeMove, 'Annat-Lösen5')).json()).toMatchObject({ code: 'InvalidToken' });
  });
});
