import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorTexts from '../../locales/sv/errors.json' with { type: 'json' };
import { ERROR_CODES } from '../../contract/common';
import { CDN_NOT_FOUND } from '../../contract/content-cdn';
import { validationTexts } from '../../server/lib/i18n';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';
import { dateKind, fieldSchema, fieldsOf, sampleOf } from './schema-samples';

/**
 * Issue #13 point 5: bad input to every registered /v1 route — a NUL byte in each path parameter, query string and
 * body string, impossible dates where a date is taken, wrong types and over-long strings — with and without a
 * customer's token. No answer may be 5xx, and every 4xx is `{code, message}` in Swedish. The routes are collected as
 * they are registered, so a new route is in the run by itself.
 */

type Schema = { params?: unknown; querystring?: unknown; body?: unknown };
type Route = { method: string; url: string; schema: Schema };
type Probe = {
  what: string;
  params?: Record<string, string>;
  /** Path parameters put into the URL as they are (not percent-encoded). */
  rawParams?: boolean;
  query?: string;
  body?: unknown;
  rawBody?: string;
};

const routes: Route[] = [];
let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        if (!route.url.startsWith('/v1/')) return;
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Schema });
      },
    },
  );
  token = await login(app, DEMO.kund);
});
afterAll(() => app.closeAll());

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
const IMPOSSIBLE = { day: ['2026-02-30', '2026-13-01', '0000-01-01'], instant: ['2026-02-30T10:00:00Z'] };

/** Every text the server may answer with: the error catalogue (templates filled in with anything) and field texts. */
const errorPatterns = Object.values(errorTexts).map(
  (text) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+')}$`, 's'),
);
const flatten = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as object).flatMap(flatten);
const fieldTexts = new Set(flatten(validationTexts));

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** A value each path parameter accepts, so that a bad value elsewhere gets past routing and into the handler. */
function goodParams(route: Route): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of paramNames(route.url)) {
    const field = fieldSchema(route.schema.params, name);
    const sample = name === 'companyCode' ? '10001' : field ? sampleOf(field) : 'Test';
    values[name] = String(sample ?? 'Test');
  }
  return values;
}

function probesOf(route: Route): Probe[] {
  const probes: Probe[] = [];
  const params = paramNames(route.url);
  for (const name of params) {
    probes.push({ what: `NUL in :${name}`, params: { [name]: NUL } });
    probes.push({ what: `long :${name}`, params: { [name]: 'x'.repeat(1000) } });
    probes.push({ what: `bad encoding in :${name}`, params: { [name]: '%E0%A4%A' }, rawParams: true });
  }
  const queryFields = fieldsOf(route.schema.querystring);
  for (const name of [...queryFields, 'q']) {
    probes.push({ what: `NUL in ?${name}`, query: `${name}=${encodeURIComponent(NUL)}` });
    probes.push({ what: `long ?${name}`, query: `${name}=${'x'.repeat(5000)}` });
    probes.push({ what: `repeated ?${name}`, query: `${name}=1&${name}=2` });
    const kind = dateKind(fieldSchema(route.schema.querystring, name));
    if (kind) for (const date of IMPOSSIBLE[kind]) probes.push({ what: `?${name}=${date}`, query: `${name}=${date}` });
  }
  probes.push({ what: 'NUL in a query key', query: `${encodeURIComponent(NUL)}=1` });
  if (route.method === 'GET') return probes;

  const base = (sampleOf(route.schema.body) ?? {}) as Record<string, unknown>;
  const bodyFields = fieldsOf(route.schema.body);
  for (const name of bodyFields.length > 0 ? bodyFields : ['text']) {
    const withField = (value: unknown) => ({ ...base, [name]: value });
    probes.push({ what: `NUL in body.${name}`, body: withField(NUL) });
    probes.push({ what: `long body.${name}`, body: withField(LONG) });
    probes.push({ what: `number body.${name}`, body: withField(12345) });
    probes.push({ what: `object body.${name}`, body: withField({ nested: NUL }) });
    probes.push({ what: `array body.${name}`, body: withField([NUL]) });
    const kind = dateKind(fieldSchema(route.schema.body, name));
    if (kind) for (const date of IMPOSSIBLE[kind]) probes.push({ what: `body.${name}=${date}`, body: withField(date) });
  }
  probes.push({ what: 'NUL in a body key', body: { ...base, [NUL]: 1 } });
  probes.push({ what: 'body an array', body: [NUL] });
  probes.push({ what: 'body a string', body: NUL });
  probes.push({ what: 'body not JSON', rawBody: '{"a":' });
  return probes;
}

/** What is wrong with an answer, or null when it is a fine one. */
function problemWith(route: Route, status: number, body: string): string | null {
  if (status >= 500) return `${status} ${body.slice(0, 300)}`;
  if (status < 400) return null;
  // The content CDN answers a missing story as Storyblok does (storyblok-js-client reads it): contract CDN_NOT_FOUND.
  if (status === 404 && route.url.startsWith('/v1/content/cdn/') && body === JSON.stringify(CDN_NOT_FOUND)) return null;
  let answer: { code?: unknown; message?: unknown; fields?: { path: unknown; message: unknown }[] };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return `${status} not JSON: ${body.slice(0, 100)}`;
  }
  if (!ERROR_CODES.includes(answer.code as never)) return `${status} code ${String(answer.code)}`;
  const message = String(answer.message);
  if (!errorPatterns.some((p) => p.test(message))) return `${status} message not from locales/sv: ${message}`;
  for (const field of answer.fields ?? [])
    if (!fieldTexts.has(String(field.message)))
      return `${status} field ${String(field.path)}: ${String(field.message)}`;
  return null;
}

async function send(route: Route, probe: Probe, auth: boolean): Promise<string | null> {
  const params = { ...goodParams(route), ...probe.params };
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    probe.rawParams && probe.params?.[name] ? probe.params[name] : encodeURIComponent(params[name]!),
  );
  const url = path.replace(/\*$/, 'a') + (probe.query ? `?${probe.query}` : '');
  const payload = probe.rawBody ?? (probe.body === undefined ? undefined : JSON.stringify(probe.body));
  const res = await app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...(auth ? bearer(token) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  const problem = problemWith(route, res.statusCode, res.body);
  return problem && `${route.method} ${route.url} [${probe.what}${auth ? ', token' : ''}] → ${problem}`;
}

/** A probe may end the session (logout, renew): a fresh login keeps the rest of the run authenticated. */
async function keepLoggedIn() {
  const res = await app.inject({ method: 'GET', url: '/v1/customer/', headers: bearer(token) });
  if (res.statusCode === 401) token = await login(app, DEMO.kund);
}

describe('bad input to every route', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/v1/products/:slug' }));
  });

  it('answers no 5xx and every 4xx as {code, message} in Swedish', { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const probe of probesOf(route)) {
        for (const auth of [false, true]) {
          const problem = await send(route, probe, auth);
          if (problem) problems.push(problem);
        }
        if (route.method !== 'GET') await keepLoggedIn();
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the edge', () => {
  const refused = (path: string) => ({
    code: 'ValidationError',
    message: errorTexts.ValidationError,
    fields: [{ path, message: validationTexts.controlCharacters }],
  });

  it('names the field of a NUL, anonymous calls included', async () => {
    const slug = await app.inject({ method: 'GET', url: '/v1/products/%00' });
    expect([slug.statusCode, slug.json()]).toEqual([400, refused('slug')]);
    const code = await app.inject({ method: 'GET', url: '/v1/products/lookup?code=%00' });
    expect([code.statusCode, code.json()]).toEqual([400, refused('code')]);
    const unsubscribe = await app.inject({ method: 'GET', url: '/v1/newsletter/unsubscribe?token=%00' });
    expect([unsubscribe.statusCode, unsubscribe.json()]).toEqual([400, refused('token')]);
  });

  it('reaches into nested bodies, also where the schema takes anything', async () => {
    const lines = await app.inject({
      method: 'PUT',
      url: '/v1/company/10001/cart/products',
      headers: bearer(token),
      payload: { items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1, unit: 'a\u0000' }] },
    });
    expect([lines.statusCode, lines.json()]).toEqual([400, refused('items.0.unit')]);
    // multi_search takes any search parameters; its Typesense-like errors have no field list.
    const search = await app.inject({
      method: 'POST',
      url: '/v1/search/multi_search',
      payload: { searches: [{ collection: 'products', q: 'a\u0001b' }] },
    });
    expect([search.statusCode, search.json()]).toEqual([
      400,
      { code: 'ValidationError', message: errorTexts.ValidationError },
    ]);
  });

  it('refuses an impossible date with the Swedish date text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/company/10001/inventory-list',
      headers: bearer(token),
      payload: { name: 'Februari', dateFrom: '2026-02-01', dateTo: '2026-02-30' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: [{ path: 'dateTo', message: validationTexts.date }] });
  });
});
