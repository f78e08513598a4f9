// Test harness for the offline engine: the real server on a real (PGlite) database, listening on a port, a real
// fetch transport to it, and wrappers that cut the network at the boundary (never a fake server).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { products, sessions, users } from '../../server/db/schema';
import { openOfflineDb, type OfflineDb } from '../../src/offline';
import type { ProductSnapshot } from '../../src/offline/purchase-lists/operations';
import { storeSession, type EngineSession } from '../../src/offline/engine/session';
import {
  createFetchTransport,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '../../src/offline/engine/transport';
import type { SyncChange, SyncResult } from '../../contract/sync';
import { sync as syncCalls } from '../../contract/routes';
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

const SYNC_PATH = syncCalls.push.path;

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
    /** Batches (POST /v1/sync) whose whole answer is lost next, and the status a proxy answers whole batches with. */
    batch: { lose: number; gateway: number | null };
  } = { lose: [], gateway: [], before: [], batch: { lose: 0, gateway: null } };
  const record = (request: TransportRequest) =>
    sent.push({
      method: request.method,
      path: request.path,
      key: request.headers['Idempotency-Key'],
      auth: request.headers.Authorization,
      at: Date.now(),
    });
  const gateAnswer = (gate: (typeof rules.gateway)[number]) => ({
    status: gate.status,
    body: { code: 'ServiceUnavailable', message: 'Tjänsten är inte tillgänglig.' },
    headers: new Headers(gate.retryAfter ? { 'retry-after': gate.retryAfter } : {}),
  });

  /**
   * A batch (POST /v1/sync) meets the rules change by change, as the per-call requests did: each change is seen as the
   * request it stands for. The changes up to the first one a rule stops are sent as a real batch; the rest is answered
   * "not tried" (status 0), as the server answers the changes after a stop. A lost answer of a change after others:
   * those before it keep their answers, it and the rest are not answered; of the first change: no answer at all.
   */
  async function batched(request: TransportRequest): Promise<TransportResponse> {
    const changes = (request.body as { changes: SyncChange[] }).changes;
    const as = (c: SyncChange): TransportRequest => ({
      method: c.method,
      path: c.path,
      headers: { 'Idempotency-Key': c.key, Authorization: request.headers.Authorization ?? '' },
      ...(c.body === undefined ? {} : { body: c.body }),
    });
    if (control.offline) throw new TypeError('fetch failed');
    if (rules.batch.gateway !== null) return gateAnswer({ pred: () => true, status: rules.batch.gateway });
    if (rules.batch.lose > 0) {
      rules.batch.lose--;
      const response = await real(request);
      if (response.status === 200)
        (response.body as { results: SyncResult[] }).results.forEach((r, i) => {
          if (r.status !== 0 && r.status !== 424) record(as(changes[i]!));
        });
      throw new TypeError('fetch failed: the answer was lost');
    }
    const results: SyncResult[] = [];
    const answer = (): TransportResponse => {
      const rest = changes.slice(results.length).map((c) => ({ key: c.key, status: 0, body: null, replayed: false }));
      return { status: 200, body: { results: [...results, ...rest] }, headers: new Headers() };
    };
    let at = 0;
    while (at < changes.length) {
      for (const rule of [...rules.before]) if (rule.pred(as(changes[at]!))) await rule.fn();
      if (control.offline) {
        if (results.length === 0) throw new TypeError('fetch failed');
        return answer();
      }
      const gate = rules.gateway.find((g) => g.pred(as(changes[at]!)));
      if (gate) {
        const { status, body, headers } = gateAnswer(gate);
        if (results.length === 0 && changes.length === 1) return { status, body, headers };
        results.push({ key: changes[at]!.key, status, body, replayed: false, retryAfter: gate.retryAfter });
        return answer();
      }
      let end = at;
      let lost = -1;
      while (end < changes.length) {
        const change = as(changes[end]!);
        if (end > at && (rules.before.some((r) => r.pred(change)) || rules.gateway.some((g) => g.pred(change)))) break;
        end++;
        if (rules.lose.some((lose) => lose(change))) {
          lost = end - 1;
          break;
        }
      }
      const slice = changes.slice(at, end);
      const response = await real({ ...request, body: { changes: slice } });
      if (response.status !== 200) {
        // Refused as a whole (401, 400 …): each change reached the server and got that answer, as per call.
        slice.forEach((c) => record(as(c)));
        if (results.length === 0) return response;
        return answer();
      }
      const got = (response.body as { results: SyncResult[] }).results;
      // Recorded: the changes the server ran, not those it did not try or refused unseen with a refused one (424).
      got.forEach((r, i) => {
        if (r.status !== 0 && r.status !== 424) record(as(slice[i]!));
      });
      if (lost >= 0) {
        if (lost === 0) throw new TypeError('fetch failed: the answer was lost');
        results.push(...got.slice(0, lost - at));
        return answer();
      }
      results.push(...got);
      if (got.some((r) => r.status === 0)) return answer();
      at = end;
    }
    return answer();
  }

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
    /** Loses the whole answer of the next batch, after the server applied it (once). */
    loseBatch(): () => void {
      rules.batch.lose++;
      return () => {
        rules.batch.lose = 0;
      };
    },
    /** A proxy in front of the server answers every batch with `status` until the returned function is called. */
    gatewayBatch(status = 503): () => void {
      rules.batch.gateway = status;
      return () => {
        rules.batch.gateway = null;
      };
    },
    /** Only the changes (not GETs, logins or renewals) that reached the server. */
    changes: () => sent.filter((s) => s.method !== 'GET' && s.path !== '/v1/auth/renew'),
    transport: (async (request) => {
      control.attempts++;
      if (request.method === 'POST' && request.path === SYNC_PATH) return batched(request);
      for (const rule of [...rules.before]) if (rule.pred(request)) await rule.fn();
      if (control.offline) throw new TypeError('fetch failed');
      const gate = rules.gateway.find((g) => g.pred(request));
      if (gate) return gateAnswer(gate);
      const response = await real(request);
      record(request);
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
