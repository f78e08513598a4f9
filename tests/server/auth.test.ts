import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authLinks, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/lib/tokens';
import {
  DEMO,
  bearer,
  createSecondInstance,
  createTestApp,
  lastMail,
  login,
  tokenFromMail,
  type TestApp,
} from './helpers';
import { solvedCaptcha } from './captcha-proof';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.closeAll());

const me = (token: string) => app.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(token) });

describe('POST /v1/auth/login', () => {
  it.each(Object.entries(DEMO))('logs in %s with the demo password', async (_name, who) => {
    const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: who });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; validTo: string }>();
    expect(body.token.length).toBeGreaterThan(30);
    expect(new Date(body.validTo).getTime()).toBeGreaterThan(Date.now());
    expect((await me(body.token)).json()).toMatchObject({ email: who.email });
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: '  KUND@Skafferi.test ', password: DEMO.kund.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same Swedish answer', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { ...DEMO.kund, password: 'Fel123!' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'ingen@skafferi.test', password: 'Kund123!' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'InvalidCredentials', message: 'Ogiltiga inloggningsuppgifter' });
    }
  });

  it('answers a malformed body with 400 and the failing fields in Swedish', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'inte-en-adress' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: { path: string; message: string }[] }>();
    expect(body.code).toBe('ValidationError');
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Ange en giltig e-postadress.' },
        { path: 'password', message: 'Fältet är obligatoriskt.' },
      ]),
    );
  });

  it('answers broken JSON with 400 and no internals', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError' });
    expect(res.body).not.toMatch(/SyntaxError|at .*\.js/);
  });

  it('stores only a hash of the token', async () => {
    const token = await login(app, DEMO.kund);
    const { db } = app.services.database;
    const [byHash] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const [byPlain] = await db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(byHash).toBeDefined();
    expect(byPlain).toBeUndefined();
  });
});

describe('POST /v1/auth/renew and logout', () => {
  it('replaces the token: the new one works and the old one no longer does', async () => {
    const old = await login(app, DEMO.kund);
    expect((await me(old)).statusCode).toBe(200); // now in the session cache too
    const res = await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(old) });
    expect(res.statusCode).toBe(200);
    const renewed = res.json<{ token: string }>().token;
    expect(renewed).not.toBe(old);
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401);
  });

  it('renews a replaced token again for a short while, because the first answer may have been lost', async () => {
    const old = await login(app, DEMO.kund);
    const first = await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(old) });
    expect(first.statusCode).toBe(200);
    // The phone never got `first`: it still holds `old` and asks again.
    const again = await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(old) });
    expect(again.statusCode).toBe(200);
    const token = again.json<{ token: string }>().token;
    expect(token).not.toBe(first.json<{ token: string }>().token);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(old)).statusCode).toBe(401); // a replaced token never authenticates a call

    // After the grace period the replaced token is refused, and the stale row is cleaned up by the next renewal.
    await app.services.database.db
      .update(sessions)
      .set({ replacedAt: new Date(Date.now() - 121_000) })
      .where(eq(sessions.tokenHash, hashToken(old)));
    expect((await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(old) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(token) })).statusCode).toBe(200);
    const left = await app.services.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(old)));
    expect(left).toEqual([]);
  });

  it('refuses an expired token on calls but renews it within the grace period', async () => {
    const token = await login(app, DEMO.admin);
    const { db } = app.services.database;
    await db
      .update(sessions)
      .set({ validTo: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'Unauthorized' });
    const res = await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('refuses to renew a token that expired longer ago than the grace period, or none at all', async () => {
    const token = await login(app, DEMO.admin);
    await app.services.database.db
      .update(sessions)
      .set({ validTo: new Date(Date.now() - 13 * 3_600_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await app.inject({ method: 'POST', url: '/v1/auth/renew', headers: bearer(token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/auth/renew' })).statusCode).toBe(401);
  });

  it('logout ends the session', async () => {
    const token = await login(app, DEMO.kund);
    expect((await me(token)).statusCode).toBe(200); // now in the session cache too
    expect((await app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const who = DEMO.ny;

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: who.email, captcha: await solvedCaptcha(app) },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: 'finns-inte@skafferi.test', captcha: await solvedCaptcha(app) },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(await lastMail(app, 'finns-inte@skafferi.test')).toBeUndefined();
    const mail = await lastMail(app, who.email);
    expect(mail?.subject).toBe('Återställ ditt lösenord till Skafferi');
    expect(mail?.text).toContain('http://skafferi.test/login/reset-password?token=');
  });

  it('sets a new password once; the link cannot be used again', async () => {
    await app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: who.email, captcha: await solvedCaptcha(app) },
    });
    const token = tokenFromMail((await lastMail(app, who.email))!.text, '/login/reset-password');
    const sessionBefore = await login(app, who);
    expect((await me(sessionBefore)).statusCode).toBe(200); // now in the session cache too
    const newPassword = 'Nytt-Lösen1';

    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { token, password: newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(sessionBefore)).statusCode).toBe(401);
    await login(app, { email: who.email, password: newPassword });
    const old = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: who });
    expect(old.statusCode).toBe(401);

    const again = await app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { token, password: 'Annat-Lösen2', confirmPassword: 'Annat-Lösen2' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'InvalidToken' });
    expect(again.json<{ message: string }>().message).toMatch(/redan använts/);
  });

  it('refuses an expired link and an unknown one', async () => {
    await app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: DEMO.kund.email, captcha: await solvedCaptcha(app) },
    });
    const token = tokenFromMail((await lastMail(app, DEMO.kund.email))!.text, '/login/reset-password');
    await app.services.database.db
      .update(authLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authLinks.tokenHash, hashToken(token)));
    const payload = { password: 'Giltigt-1a', confirmPassword: 'Giltigt-1a' };
    const expired = await app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { ...payload, token },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'LinkNotValid' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { ...payload, token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'TokenNotValid' });
    // Nothing changed: the old password still works.
    await login(app, DEMO.kund);
  });

  it('names every password rule a weak password breaks, and a confirmation that does not match', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { token: 'x'.repeat(43), password: 'abc', confirmPassword: 'abd' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: { path: string; message: string }[] }>().fields;
    expect(fields.filter((f) => f.path === 'password').map((f) => f.message)).toEqual([
      'Minst 6 tecken',
      'Minst en siffra',
      'Minst ett specialtecken (t.ex. ! eller #)',
      'Minst en stor bokstav',
    ]);
    expect(fields).toContainEqual({ path: 'confirmPassword', message: 'Fälten matchar inte.' });
  });
});

describe('registration links', () => {
  it('activates an account once with a strong password and logs the user in', async () => {
    const { db } = app.services.database;
    const [user] = await db
      .insert(users)
      .values({
        email: 'ny.kollega@skafferi.test',
        firstName: 'Nora',
        lastName: 'Kollega',
        roles: ['Customer'],
        active: false,
      })
      .returning();
    await app.services.auth.sendRegistrationLink(user!.id);
    const mail = await lastMail(app, 'ny.kollega@skafferi.test');
    expect(mail?.subject).toBe('Aktivera ditt konto i Skafferi');
    const token = tokenFromMail(mail!.text, '/login/email-registration');

    const verify = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(verify.json()).toEqual({ email: 'ny.kollega@skafferi.test', firstName: 'Nora' });

    const payload = { token, password: 'Kollega1!', confirmPassword: 'Kollega1!' };
    const confirm = async () =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/confirm-registration',
        payload: { ...payload, captcha: await solvedCaptcha(app) },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect((await me(confirmed.json<{ token: string }>().token)).json()).toMatchObject({ firstName: 'Nora' });

    const reused = await confirm();
    expect(reused.json()).toMatchObject({ code: 'TokenNotValid' });
    const reverify = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(reverify.json()).toMatchObject({ code: 'TokenNotValid' });
  });

  it('refuses activation without a bot-protection proof, or with a wrong or replayed one, and keeps the link', async () => {
    const { db } = app.services.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'robot.koll@skafferi.test', firstName: 'Åsa', roles: ['Customer'], active: false })
      .returning();
    await app.services.auth.sendRegistrationLink(user!.id);
    const token = tokenFromMail((await lastMail(app, 'robot.koll@skafferi.test'))!.text, '/login/email-registration');
    const payload = { token, password: 'Robot#2026', confirmPassword: 'Robot#2026' };
    const confirm = (captcha?: string) =>
      app.inject({ method: 'POST', url: '/v1/auth/confirm-registration', payload: { ...payload, captcha } });
    const failed = {
      code: 'CaptchaFailed',
      message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.',
      fields: [{ path: 'captcha', message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.' }],
    };

    // A proof already spent on another form counts as a wrong one.
    const spent = await solvedCaptcha(app);
    const forgot = await app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: 'finns-inte@skafferi.test', captcha: spent },
    });
    expect(forgot.statusCode).toBe(202);
    for (const captcha of [
      undefined,
      '',
      'inte-en-altcha',
      Buffer.from('{"challenge":{}}').toString('base64'),
      spent,
    ]) {
      const res = await confirm(captcha);
      expect(res.statusCode, String(captcha)).toBe(400);
      expect(res.json()).toEqual(failed);
    }

    // The link is still unused: it verifies, the account is still inactive, and a solved proof activates it.
    const verify = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ email: 'robot.koll@skafferi.test', firstName: 'Åsa' });
    const [stored] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(stored!.active).toBe(false);
    const [link] = await db
      .select()
      .from(authLinks)
      .where(eq(authLinks.tokenHash, hashToken(token)));
    expect(link).toBeDefined();
    expect(link!.usedAt ?? null).toBeNull();
    const ok = await confirm(await solvedCaptcha(app));
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json<{ token: string }>().token)).json()).toMatchObject({ email: 'robot.koll@skafferi.test' });
  });

  it('tells an expired activation link apart', async () => {
    const { db } = app.services.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'sen@skafferi.test', roles: ['Customer'] })
      .returning();
    await app.services.auth.sendRegistrationLink(user!.id);
    const token = tokenFromMail((await lastMail(app, 'sen@skafferi.test'))!.text, '/login/email-registration');
    await db
      .update(authLinks)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authLinks.tokenHash, hashToken(token)));
    const res = await app.inject({ method: 'GET', url: `/v1/auth/verify-registration-token?token=${token}` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'LinkNotValid' });
  });
});

describe('rate limits', () => {
  // A second instance with low limits on this file's database: limits are counted in the database, per address, so
  // each test comes from its own address and the file's other requests (from 127.0.0.1) count apart. A database of
  // its own per test (migrations and seeding, a minute on a busy machine) proved nothing more and timed out.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createSecondInstance(app, { RATE_LIMIT_LOGIN_PER_MINUTE: '3', RATE_LIMIT_FORGOT_PER_MINUTE: '2' });
  });
  afterAll(() => limited.closeAll());

  it('slows down repeated logins and forgot-password requests with a Swedish 429', async () => {
    const remoteAddress = '198.51.100.21';
    const attempt = () =>
      limited.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { ...DEMO.kund, password: 'Fel123!' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'RateLimited',
      message: 'För många försök. Vänta en stund och försök igen.',
    });

    const forgot = async () =>
      limited.inject({
        method: 'POST',
        url: '/v1/auth/forgot-password',
        payload: { email: DEMO.kund.email, captcha: await solvedCaptcha(limited) },
        remoteAddress,
      });
    expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(429);
  });

  it('limits the routes that check a current password per address too', async () => {
    const remoteAddress = '198.51.100.22';
    // admin@, whose password no earlier test in this file changes (ny@'s is reset above).
    const signedIn = await limited.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: DEMO.admin,
      remoteAddress,
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    const profile = { firstName: 'Adam', lastName: 'Ahlström', email: DEMO.admin.email, phone: '' };
    const save = () =>
      limited.inject({ method: 'PUT', url: '/v1/customer/', headers: bearer(token), payload: profile, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await save()).statusCode).toBe(200);
    expect((await save()).json()).toMatchObject({ code: 'RateLimited' });
    const change = () =>
      limited.inject({
        method: 'PUT',
        url: '/v1/customer/password',
        headers: bearer(token),
        payload: { currentPassword: 'Fel-1!', password: 'Bytt-Lösen9', confirmPassword: 'Bytt-Lösen9' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(429);
  });
});
