import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { altchaProvider } from '../../server/adapters/captcha/altcha';
import { recaptchaProvider } from '../../server/adapters/captcha/recaptcha';
import { DEMO, createTestApp, lastMail, type TestApp } from './helpers';
import { fetchChallenge, solve, solvedCaptcha } from './captcha-proof';

/** Cheap proofs of work, so that the tests solve them quickly (the defaults take a fraction of a second). */
export const EASY_CAPTCHA = { CAPTCHA_COST: '10', CAPTCHA_MAX_COUNTER: '40' };

const FAILED = {
  code: 'CaptchaFailed',
  message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.',
  fields: [{ path: 'captcha', message: 'Verifieringen att du inte är en robot misslyckades. Försök igen.' }],
};

const forgot = (app: TestApp, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload });

describe('ALTCHA (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(EASY_CAPTCHA);
  });
  afterAll(() => app.closeAll());

  it('tells the browser to use ALTCHA and where its challenges are', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/captcha/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'altcha', challengeUrl: '/v1/captcha/challenge' });
  });

  it('hands out fresh signed challenges that are never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<{ parameters: Record<string, unknown>; signature: string }>();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 10, keyLength: 32 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const other = await fetchChallenge(app);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('lets forgot-password through with a solved challenge (and mails the link)', async () => {
    const res = await forgot(app, { email: DEMO.kund.email, captcha: await solvedCaptcha(app) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect((await lastMail(app, DEMO.kund.email))?.kind).toBe('reset-password');
  });

  it('refuses forgot-password without a proof, with a wrong one and with a replayed one — and mails nothing', async () => {
    const before = (await lastMail(app, DEMO.admin.email)) ?? null;
    const missing = await forgot(app, { email: DEMO.admin.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(FAILED);

    const challenge = await fetchChallenge(app);
    const proof = await solve(challenge);
    const decoded = JSON.parse(Buffer.from(proof, 'base64').toString()) as {
      challenge: typeof challenge;
      solution: { counter: number; derivedKey: string };
    };
    const key = decoded.solution.derivedKey;
    const wrongKey = {
      ...decoded,
      solution: { ...decoded.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` },
    };
    const tampered = {
      ...decoded,
      challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 1 } },
    };
    for (const wrong of [
      'inte-en-altcha',
      Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64'),
      Buffer.from(JSON.stringify(wrongKey)).toString('base64'),
      Buffer.from(JSON.stringify(tampered)).toString('base64'),
    ]) {
      const res = await forgot(app, { email: DEMO.admin.email, captcha: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FAILED);
    }
    expect((await lastMail(app, DEMO.admin.email)) ?? null).toEqual(before);

    expect((await forgot(app, { email: DEMO.admin.email, captcha: proof })).statusCode).toBe(202);
    const replay = await forgot(app, { email: DEMO.admin.email, captcha: proof });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(FAILED);
  });
});

describe('ALTCHA adapter', () => {
  const spent = new Set<string>();
  const options = {
    hmacKey: 'adapter-test-key-0123456789',
    cost: 5,
    maxCounter: 20,
    spendOnce: async (kind: string, id: string) => !spent.has(`${kind}:${id}`) && !!spent.add(`${kind}:${id}`),
    challengeUrl: '/v1/captcha/challenge',
  };

  it('refuses a solved challenge once it has expired', async () => {
    const provider = altchaProvider({ ...options, ttlSeconds: -60 });
    const proof = await solve((await provider.challenge!()) as never);
    expect(await provider.verify(proof)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a challenge signed with another key (another server)', async () => {
    const stranger = altchaProvider({ ...options, hmacKey: 'en-helt-annan-nyckel-123456', ttlSeconds: 60 });
    const proof = await solve((await stranger.challenge!()) as never);
    const provider = altchaProvider({ ...options, ttlSeconds: 60 });
    expect(await provider.verify(proof)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('accepts a solved challenge once, then calls it used', async () => {
    const provider = altchaProvider({ ...options, ttlSeconds: 60 });
    const proof = await solve((await provider.challenge!()) as never);
    expect(await provider.verify(proof)).toEqual({ ok: true });
    expect(await provider.verify(proof)).toEqual({ ok: false, reason: 'already used' });
  });
});

/**
 * A faithful fake of Google's siteverify: POST application/x-www-form-urlencoded with secret, response and
 * remoteip; answers JSON {success, score?, action?, hostname, challenge_ts, error-codes?}; a token is good once.
 */
class FakeSiteverify {
  server: Server;
  requests: { contentType: string | undefined; form: URLSearchParams }[] = [];
  private used = new Set<string>();
  /** token → what Google would say about it when fresh */
  tokens = new Map<string, { score?: number; action?: string }>();

  constructor(private readonly secret: string) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    this.requests.push({ contentType: req.headers['content-type'], form });
    const send = (body: Record<string, unknown>) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.startsWith('/recaptcha/api/siteverify')) {
      res.writeHead(404).end();
      return;
    }
    const secret = form.get('secret');
    const response = form.get('response');
    if (!secret) return send({ success: false, 'error-codes': ['missing-input-secret'] });
    if (secret !== this.secret) return send({ success: false, 'error-codes': ['invalid-input-secret'] });
    if (!response) return send({ success: false, 'error-codes': ['missing-input-response'] });
    const known = this.tokens.get(response);
    if (!known) return send({ success: false, 'error-codes': ['invalid-input-response'] });
    if (this.used.has(response)) return send({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    this.used.add(response);
    return send({
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: 'skafferi.test',
      ...(known.score === undefined ? {} : { score: known.score }),
      ...(known.action === undefined ? {} : { action: known.action }),
    });
  }
}

describe('reCAPTCHA (RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET set)', () => {
  const fake = new FakeSiteverify('hemlig-nyckel');
  let app: TestApp;
  let verifyUrl: string;
  beforeAll(async () => {
    verifyUrl = await fake.start();
    app = await createTestApp({
      RECAPTCHA_SITE_KEY: '6Lc-webbplatsnyckel',
      RECAPTCHA_SECRET: 'hemlig-nyckel',
      RECAPTCHA_VERIFY_URL: verifyUrl,
    });
  });
  afterAll(async () => {
    await app.closeAll();
    await fake.stop();
  });

  it('tells the browser the site key and the script on the alternative host in Indonesian', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/captcha/config' });
    expect(res.json()).toEqual({
      provider: 'recaptcha',
      siteKey: '6Lc-webbplatsnyckel',
      scriptUrl: 'https://www.recaptcha.net/recaptcha/api.js?render=6Lc-webbplatsnyckel&hl=id',
    });
    expect((await app.inject({ method: 'GET', url: '/v1/captcha/challenge' })).statusCode).toBe(404);
  });

  it('lets the script and frame of the alternative host through the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(
      /script-src 'self' https:\/\/www\.recaptcha\.net\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
    );
    expect(csp).toMatch(/frame-src 'self' https:\/\/www\.recaptcha\.net\/recaptcha\//);
  });

  it('checks a token with siteverify (secret, token, client address) and accepts it once', async () => {
    fake.tokens.set('token-bra', { score: 0.9, action: 'forgot_password' });
    const res = await forgot(app, { email: DEMO.kund.email, captcha: 'token-bra' });
    expect(res.statusCode).toBe(202);
    const request = fake.requests.at(-1)!;
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request.form)).toEqual({
      secret: 'hemlig-nyckel',
      response: 'token-bra',
      remoteip: '127.0.0.1',
    });
    const again = await forgot(app, { email: DEMO.kund.email, captcha: 'token-bra' });
    expect(again.json()).toEqual(FAILED);
  });

  it('refuses unknown tokens, low scores and tokens made for another form', async () => {
    fake.tokens.set('token-lag', { score: 0.2, action: 'forgot_password' });
    fake.tokens.set('token-annat', { score: 0.9, action: 'newsletter' });
    for (const captcha of ['token-okand', 'token-lag', 'token-annat']) {
      const res = await forgot(app, { email: DEMO.kund.email, captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FAILED);
    }
  });

  it('accepts a v2 token (no score, no action)', async () => {
    fake.tokens.set('token-v2', {});
    expect((await forgot(app, { email: DEMO.kund.email, captcha: 'token-v2' })).statusCode).toBe(202);
  });

  it('adapter: a wrong secret, and siteverify out of reach, are refusals', async () => {
    fake.tokens.set('token-x', { score: 0.9 });
    const base = { siteKey: 's', host: 'www.recaptcha.net', minScore: 0.5 };
    const wrongSecret = recaptchaProvider({ ...base, secret: 'fel', verifyUrl });
    expect(await wrongSecret.verify('token-x')).toEqual({ ok: false, reason: 'invalid-input-secret' });
    const unreachable = recaptchaProvider({
      ...base,
      secret: 'hemlig-nyckel',
      verifyUrl: 'http://127.0.0.1:9/recaptcha/api/siteverify',
      timeoutMs: 2000,
    });
    const result = await unreachable.verify('token-x');
    expect(result.ok).toBe(false);
  });
});
