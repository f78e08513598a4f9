import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../server/db/schema';
import { createTestApp, lastMail, tokenFromMail, type TestApp } from './helpers';
import { solvedCaptcha } from './captcha-proof';

const EASY = { CAPTCHA_COST: '10', CAPTCHA_MAX_COUNTER: '40' };

/** At most 2 sign-ups a minute per address: each test but the rate-limit one signs up from addresses of its own. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ...EASY, RATE_LIMIT_NEWSLETTER_PER_MINUTE: '2' });
});
let lastIp = 0;
const nextIp = () => `10.1.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
afterAll(() => app.closeAll());

const subscribe = async (email: string, remoteAddress = nextIp()) =>
  app.inject({
    method: 'POST',
    url: '/v1/newsletter/subscribe',
    payload: { email, captcha: await solvedCaptcha(app) },
    remoteAddress,
  });

/** Opens a link from a mail as an API client (JSON) would. */
const open = (path: 'confirm' | 'unsubscribe', token: string) =>
  app.inject({
    method: 'GET',
    url: `/v1/newsletter/${path}?token=${encodeURIComponent(token)}`,
    headers: { accept: 'application/json' },
    remoteAddress: nextIp(),
  });

const row = async (email: string) =>
  (
    await app.services.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
  )[0];

describe('double opt-in', () => {
  it('mails a confirmation link; the address gets the newsletter only after it is opened', async () => {
    const email = 'kock@restaurang-tallen.se';
    const res = await subscribe('  Kock@Restaurang-Tallen.se ');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(await row(email)).toMatchObject({ status: 'pending', confirmedAt: null });

    const mail = await lastMail(app, email);
    expect(mail).toMatchObject({
      kind: 'newsletter-confirm',
      subject: 'Bekräfta din prenumeration på Skafferis nyhetsbrev',
    });
    expect(mail!.text).toContain('http://skafferi.test/v1/newsletter/confirm?token=');
    const token = tokenFromMail(mail!.text, '/v1/newsletter/confirm');
    expect((await row(email))!.tokenHash).not.toContain(token);

    const confirmed = await open('confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'bekraftad' });
    expect(await row(email)).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });

    const welcome = await lastMail(app, email);
    expect(welcome).toMatchObject({ kind: 'newsletter-welcome', subject: 'Välkommen till Skafferis nyhetsbrev' });
    expect(welcome!.text).toContain('http://skafferi.test/v1/newsletter/unsubscribe?token=');

    expect((await open('confirm', token)).json()).toEqual({ status: 'redan-bekraftad' });
  });

  it('sends a browser that opens a link on to the app page of the outcome', async () => {
    await subscribe('webblasare@example.se');
    const token = tokenFromMail((await lastMail(app, 'webblasare@example.se'))!.text, '/v1/newsletter/confirm');
    const res = await app.inject({
      method: 'GET',
      url: `/v1/newsletter/confirm?token=${encodeURIComponent(token)}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/nyhetsbrev/bekraftad');
    const bad = await app.inject({ method: 'GET', url: '/v1/newsletter/confirm?token=finns-inte' });
    expect(bad.headers.location).toBe('/nyhetsbrev/ogiltig-lank');
  });

  it('answers an address that already gets the newsletter exactly as a new one, and tells only its owner', async () => {
    const email = 'redan@example.se';
    await subscribe(email);
    await open('confirm', tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm'));

    const again = await subscribe(email);
    const fresh = await subscribe('ny-adress@example.se');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);

    const mail = await lastMail(app, email);
    expect(mail).toMatchObject({ kind: 'newsletter-already', subject: 'Du får redan Skafferis nyhetsbrev' });
    expect(mail!.text).toContain('/v1/newsletter/unsubscribe?token=');
    expect((await row(email))!.status).toBe('confirmed');
  });

  it('replaces the link when a pending address signs up again: the older link stops working', async () => {
    const email = 'tva-ganger@example.se';
    await subscribe(email);
    const first = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm');
    await subscribe(email);
    const second = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm');
    expect(second).not.toBe(first);
    expect((await open('confirm', first)).json()).toEqual({ status: 'ogiltig-lank' });
    expect((await open('confirm', second)).json()).toEqual({ status: 'bekraftad' });
  });

  it('says when a link is unknown or has expired', async () => {
    expect((await open('confirm', 'finns-inte')).json()).toEqual({ status: 'ogiltig-lank' });
    const email = 'sen@example.se';
    await subscribe(email);
    const token = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm');
    await app.services.database.db
      .update(newsletterSubscriptions)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email));
    expect((await open('confirm', token)).json()).toEqual({ status: 'utgangen-lank' });
    expect((await row(email))!.status).toBe('pending');
  });
});

describe('unsubscribe', () => {
  it('ends the subscription with the link from the mails; an old confirmation link does not restart it', async () => {
    const email = 'avsluta@example.se';
    await subscribe(email);
    const confirmToken = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm');
    await open('confirm', confirmToken);
    const unsubscribeToken = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/unsubscribe');

    expect((await open('unsubscribe', unsubscribeToken)).json()).toEqual({ status: 'avslutad' });
    expect(await row(email)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(Date) });
    expect((await open('unsubscribe', unsubscribeToken)).json()).toEqual({ status: 'avslutad' });
    expect((await open('confirm', confirmToken)).json()).toEqual({ status: 'ogiltig-lank' });
    expect((await row(email))!.status).toBe('unsubscribed');

    const browser = await app.inject({
      method: 'GET',
      url: `/v1/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`,
    });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe('/nyhetsbrev/avslutad');
  });

  it('lets an unsubscribed address sign up again through a new confirmation', async () => {
    const email = 'tillbaka@example.se';
    await subscribe(email);
    await open('confirm', tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm'));
    await open('unsubscribe', tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/unsubscribe'));

    await subscribe(email);
    expect((await row(email))!.status).toBe('pending');
    const token = tokenFromMail((await lastMail(app, email))!.text, '/v1/newsletter/confirm');
    expect((await open('confirm', token)).json()).toEqual({ status: 'bekraftad' });
    expect((await row(email))!.status).toBe('confirmed');
  });

  it('does not know unknown unsubscribe links', async () => {
    expect((await open('unsubscribe', 'finns-inte')).json()).toEqual({ status: 'ogiltig-lank' });
    const missing = await app.inject({ method: 'GET', url: '/v1/newsletter/unsubscribe' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /v1/newsletter/subscribe refusals', () => {
  it('refuses a missing, wrong or replayed captcha and mails nothing', async () => {
    const email = 'robot@example.se';
    const failed = {
      code: 'CaptchaFailed',
      message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.',
      fields: [{ path: 'captcha', message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.' }],
    };
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/v1/newsletter/subscribe', payload, remoteAddress: nextIp() });
    expect((await post({ email })).json()).toEqual(failed);
    expect((await post({ email, captcha: 'fel' })).json()).toEqual(failed);
    expect(await lastMail(app, email)).toBeUndefined();
    expect(await row(email)).toBeUndefined();

    const captcha = await solvedCaptcha(app);
    expect((await post({ email, captcha })).statusCode).toBe(202);
    const replay = await post({ email: 'robot2@example.se', captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(failed);
  });

  it('answers a malformed address with 400 in Swedish', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/newsletter/subscribe',
      payload: { email: 'inte-en-adress', captcha: await solvedCaptcha(app) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ValidationError',
      fields: [{ path: 'email', message: 'Ange en giltig e-postadress.' }],
    });
  });

  it('slows down a sender with a Swedish 429', async () => {
    const statuses = [];
    for (const email of ['a@example.se', 'b@example.se', 'c@example.se'])
      statuses.push((await subscribe(email, '192.0.2.8')).statusCode);
    expect(statuses).toEqual([202, 202, 429]);
    expect(await lastMail(app, 'c@example.se')).toBeUndefined();
  });
});
