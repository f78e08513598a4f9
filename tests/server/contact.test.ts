import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../../server/db/schema';
import { contactTokens } from '../../server/modules/contact/token';
import { bearer, createTestApp, lastMail, type TestApp } from './helpers';
import { solvedCaptcha } from './captcha-proof';

const KEY = 'kontakt-test-nyckel-0123456789';
const EASY = { CAPTCHA_COST: '10', CAPTCHA_MAX_COUNTER: '40', CAPTCHA_HMAC_KEY: KEY };
const CUSTOMER_SERVICE = 'kundservice@skafferi.test';

const SUBMISSION_FAILED = {
  code: 'FormSubmissionFailed',
  message: 'Formuläret kunde inte skickas. Kontrollera uppgifterna och försök igen.',
};

/** At most 2 messages a minute per address: each test but the rate-limit one sends from addresses of its own. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ...EASY, RATE_LIMIT_CONTACT_PER_MINUTE: '2' });
});
let lastIp = 0;
const nextIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
afterAll(() => app.closeAll());

const message = (subject = 'Leveranstider till Kiruna') => ({
  name: 'Åsa Öberg',
  company: 'Fjällkrogen AB',
  email: 'asa@fjallkrogen.se',
  phone: '070-123 45 67',
  subject,
  message: 'Hej! Levererar ni till Kiruna på tisdagar?\nMvh Åsa',
});

async function contactToken(remoteAddress = nextIp()) {
  const res = await app.inject({ method: 'GET', url: '/v1/contact-us/token', remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; validTo: string; captcha: unknown }>();
}

const send = (payload: Record<string, unknown>, token?: string, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/v1/contact-us', payload, headers: token ? bearer(token) : {}, remoteAddress });

const rowsWithSubject = (subject: string) =>
  app.services.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));

describe('GET /v1/contact-us/token', () => {
  it('gives a short-lived token and what the captcha needs, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/contact-us/token', remoteAddress: nextIp() });
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ token: string; validTo: string; captcha: unknown }>();
    expect(body.token.length).toBeGreaterThan(30);
    const minutes = (new Date(body.validTo).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(body.captcha).toEqual({ provider: 'altcha', challengeUrl: '/v1/captcha/challenge' });
  });
});

describe('POST /v1/contact-us', () => {
  it('stores the message and mails it to customer service', async () => {
    const { token } = await contactToken();
    const res = await send({ ...message('Fråga om kött'), captcha: await solvedCaptcha(app) }, token);
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ ok: true; id: string }>();

    const [row] = await rowsWithSubject('Fråga om kött');
    expect(row).toMatchObject({
      id,
      name: 'Åsa Öberg',
      companyName: 'Fjällkrogen AB',
      email: 'asa@fjallkrogen.se',
      phone: '070-123 45 67',
      message: 'Hej! Levererar ni till Kiruna på tisdagar?\nMvh Åsa',
    });

    const mail = await lastMail(app, CUSTOMER_SERVICE);
    expect(mail).toMatchObject({ subject: 'Kontaktformulär: Fråga om kött', kind: 'contact' });
    for (const line of ['Namn: Åsa Öberg', 'Företag: Fjällkrogen AB', 'E-post: asa@fjallkrogen.se', 'Mvh Åsa', id])
      expect(mail!.text).toContain(line);
  });

  it('takes a message without a phone number', async () => {
    const { token } = await contactToken();
    const { phone: _phone, ...rest } = message('Utan telefon');
    const res = await send({ ...rest, captcha: await solvedCaptcha(app) }, token);
    expect(res.statusCode).toBe(201);
    expect((await rowsWithSubject('Utan telefon'))[0]?.phone).toBeNull();
  });

  it('refuses a missing, forged or expired contact token', async () => {
    const captcha = await solvedCaptcha(app);
    const { token } = await contactToken();
    const forged = `${token.slice(0, -2)}xx`;
    const expired = contactTokens(KEY, 60).issue(Date.now() - 2 * 3_600_000).token;
    const otherKey = contactTokens('en-annan-nyckel-0123456789', 60).issue().token;
    for (const bad of [undefined, 'inte-en-token', forged, expired, otherKey]) {
      const res = await send({ ...message('Ingen token'), captcha }, bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SUBMISSION_FAILED);
    }
    expect(await rowsWithSubject('Ingen token')).toHaveLength(0);
  });

  it('takes one message per token: a resend is refused and nothing is stored twice', async () => {
    const { token } = await contactToken();
    expect((await send({ ...message('En gång'), captcha: await solvedCaptcha(app) }, token)).statusCode).toBe(201);
    const again = await send({ ...message('En gång'), captcha: await solvedCaptcha(app) }, token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(SUBMISSION_FAILED);
    expect(await rowsWithSubject('En gång')).toHaveLength(1);
  });

  it('refuses a missing, wrong or replayed captcha with the Swedish text on the captcha field', async () => {
    const failed = {
      code: 'CaptchaFailed',
      message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.',
      fields: [{ path: 'captcha', message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.' }],
    };
    const { token } = await contactToken();
    expect((await send(message('Robot?'), token)).json()).toEqual(failed);
    expect((await send({ ...message('Robot?'), captcha: 'fel' }, token)).json()).toEqual(failed);

    const captcha = await solvedCaptcha(app);
    expect((await send({ ...message('Robot?'), captcha }, token)).statusCode).toBe(201);
    const replay = await send({ ...message('Robot?'), captcha }, (await contactToken()).token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(failed);
    expect(await rowsWithSubject('Robot?')).toHaveLength(1);
  });

  it('answers missing and malformed fields with 400 and Swedish field messages', async () => {
    const { token } = await contactToken();
    const res = await send({ email: 'inte-en-adress', phone: 'ring mig', name: '  ' }, token);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: { path: string; message: string }[] }>();
    expect(body.code).toBe('ValidationError');
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Fältet är obligatoriskt.' },
        { path: 'company', message: 'Fältet är obligatoriskt.' },
        { path: 'email', message: 'Ange en giltig e-postadress.' },
        { path: 'phone', message: 'Ange ett giltigt telefonnummer.' },
        { path: 'subject', message: 'Fältet är obligatoriskt.' },
        { path: 'message', message: 'Fältet är obligatoriskt.' },
      ]),
    );
  });
});

describe('rate limit', () => {
  it('slows down a sender with a Swedish 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await contactToken('192.0.2.7');
      const res = await send({ ...message(`Spam ${i}`), captcha: await solvedCaptcha(app) }, token, '192.0.2.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toEqual({
          code: 'RateLimited',
          message: 'För många försök. Vänta en stund och försök igen.',
        });
    }
    expect(statuses).toEqual([201, 201, 429]);
    const fromElsewhere = await send(
      { ...message('Annan avsändare'), captcha: await solvedCaptcha(app) },
      (await contactToken()).token,
    );
    expect(fromElsewhere.statusCode).toBe(201);
  });
});
