// Test harness for the offline engine: the real server on a real (PGlite) database, listening on a port, a real
// fetch transport to it, and wrappers that cut the network at the boundary (never a fake server).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { products, sessions, users } from '../../server/db/schema';
import { openOfflineDb, type OfflineDb } from '../../src/offline';
import type { ProductSnapshot } from '../../src/offline/purchase-lists/operations';
import { storeSession, type EngineSession } from '../../src/offline/engine/session';
import { createFetchTransport, type Transport, type TransportRequest } from '../../src/offline/engine/transport';
import { DEMO, createTestApp, type TestApp } from '../server/helpers';

export { DEMO };

export interface Server {
  app: TestApp;
  baseUrl: string;
  transport: Transport;
  close(): Promise<void>;
}

/** The real app listening on 127.0.0.1 (session cache off, so a token expired in the database is expired at once). */
export async function startServer(): Promise<Server> {
  const app = await createTestApp({ AUTH_CACHE_SECONDS: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, baseUrl, transport: createFetchTransport({ baseUrl }), close: () => app.closeAll() };
}

/** A fresh IndexedDB database (fake-indexeddb) for one test. */
export function freshDb(): OfflineDb {
  return openOfflineDb(`skafferi-test-${randomUUID()}`);
}

/** Logs in through the API; the session as the app would hand it to the engine. */
export async function loginAs(server: Server, who: { email: string; password: string }): Promise<EngineSession> {
  const res = await fetch(`${server.baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login ${who.email}: ${res.status}`);
  const { token, validTo } = (await res.json()) as { token: string; validTo: string };
  const me = (await (
    await fetch(`${server.baseUrl}/v1/customer/`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    id: string;
  };
  return { userId: me.id, token, validTo };
}

export async function logIn(db: OfflineDb, server: Server, who: { email: string; password: string }) {
  const session = await loginAs(server, who);
  await storeSession(db, session);
  return session;
}

/** GET through the API with a token (what the server stored, as a user would see it). */
export async function api<T>(server: Server, token: string, path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

export type ServerList = { id: string; name: string; itemCount: number; createdBy: string | null; companyCode: string };
export type ServerItem = { id: string; productId: string; quantity: number; name: string };
export type ServerDetail = ServerList & { items: ServerItem[] };

export async function serverLists(server: Server, token: string, company: string): Promise<ServerList[]> {
  const res = await api<{ data: ServerList[] }>(server, token, `/v1/purchase-lists?company=${company}`);
  if (res.status !== 200) throw new Error(`lists of ${company}: ${res.status}`);
  return res.body.data;
}

export async function serverList(server: Server, token: string, id: string): Promise<ServerDetail | null> {
  const res = await api<ServerDetail>(server, token, `/v1/purchase-lists/${id}`);
  return res.status === 404 ? null : res.body;
}

/** Products of the seeded catalogue as the catalogue screens would pass them to addItem. */
export async function productSnapshots(server: Server, count: number): Promise<ProductSnapshot[]> {
  const { db } = server.app.services.database;
  const rows = await db
    .select()
    .from(products)
    .where(and(isNotNull(products.gtinPiece), eq(products.discontinued, false)))
    .orderBy(products.sku)
    .limit(count);
  return rows.map((p) => ({
    productId: p.id,
    sku: p.sku,
    name: p.name,
    brandName: p.brandName,
    unit: p.unit,
    piecesPerCarton: p.piecesPerCarton,
    gtinPiece: p.gtinPiece,
    gtinCarton: p.gtinCarton,
    imageUrl: p.images[0]?.url ?? null,
    stockStatus: p.stockStatus,
    discontinued: p.discontinued,
    wholeUnitsOnly: p.wholeUnitsOnly,
  }));
}

/** Moves every session of a user to `validTo` in the server's database (expired: in the past). */
export async function setServerValidTo(server: Server, userId: string, validTo: Date): Promise<void> {
  await server.app.services.database.db.update(sessions).set({ validTo }).where(eq(sessions.userId, userId));
}

export async function userName(server: Server, userId: string): Promise<string> {
  const [u] = await server.app.services.database.db.select().from(users).where(eq(users.id, userId));
  return `${u!.firstName} ${u!.lastName}`;
}

export type Sent = { method: string; path: string; key: string | undefined; auth: string | undefined; at: number };

/**
 * The real transport with a switchable network at the boundary:
 * - `offline`: every request fails like fetch does offline (TypeError), nothing reaches the server;
 * - `loseAnswer(pred)`: the request reaches the server and commits, then the answer is lost (TypeError);
 * - `gateway(pred, status)`: a proxy in front of the server answers (503/429) and the request goes no further;
 * - `before(pred, fn)`: runs `fn` just before a request is sent (a user's change during a drain).
 * Every request that reached the server is recorded in `sent`.
 */
export function controlledTransport(real: Transport) {
  const sent: Sent[] = [];
  const rules: {
    lose: ((r: TransportRequest) => boolean)[];
    gateway: { pred: (r: TransportRequest) => boolean; status: number; retryAfter?: string }[];
    before: { pred: (r: TransportRequest) => boolean; fn: () => Promise<void> }[];
  } = { lose: [], gateway: [], before: [] };
  const control = {
    offline: false,
    sent,
    attempts: 0,
    /** Loses the answer of the next request matching `pred` (once). */
    loseAnswer(pred: (r: TransportRequest) => boolean = () => true): () => void {
      const once = (r: TransportRequest) => {
        if (!pred(r)) return false;
        rules.lose.splice(rules.lose.indexOf(once), 1);
        return true;
      };
      rules.lose.push(once);
      return () => {
        if (rules.lose.includes(once)) rules.lose.splice(rules.lose.indexOf(once), 1);
      };
    },
    gateway(pred: (r: TransportRequest) => boolean, status = 503, retryAfter?: string) {
      const rule = { pred, status, ...(retryAfter ? { retryAfter } : {}) };
      rules.gateway.push(rule);
      return () => rules.gateway.splice(rules.gateway.indexOf(rule), 1);
    },
    before(pred: (r: TransportRequest) => boolean, fn: () => Promise<void>) {
      const rule = { pred, fn };
      const once = {
        pred,
        fn: async () => {
          rules.before.splice(rules.before.indexOf(once), 1);
          await rule.fn();
        },
      };
      rules.before.push(once);
    },
    /** Only the changes (not GETs, logins or renewals) that reached the server. */
    changes: () => sent.filter((s) => s.method !== 'GET' && s.path !== '/v1/auth/renew'),
    transport: (async (request) => {
      control.attempts++;
      for (const rule of [...rules.before]) if (rule.pred(request)) await rule.fn();
      if (control.offline) throw new TypeError('fetch failed');
      const gate = rules.gateway.find((g) => g.pred(request));
      if (gate) {
        const headers = new Headers(gate.retryAfter ? { 'retry-after': gate.retryAfter } : {});
        return {
          status: gate.status,
          body: { code: 'ServiceUnavailable', message: 'Tjänsten är inte tillgänglig.' },
          headers,
        };
      }
      const response = await real(request);
      sent.push({
        method: request.method,
        path: request.path,
        key: request.headers['Idempotency-Key'],
        auth: request.headers.Authorization,
        at: Date.now(),
      });
      if (rules.lose.some((lose) => lose(request))) throw new TypeError('fetch failed: the answer was lost');
      return response;
    }) as Transport,
  };
  return control;
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

export const isChange = (r: TransportRequest) => r.method !== 'GET' && r.path !== '/v1/auth/renew';
