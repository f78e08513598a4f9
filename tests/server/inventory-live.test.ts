/**
 * The live list (issue #15, decision 0060): a phone with a list open holds GET …/inventory-list/:id/events and hears
 * which items changed when anyone counts, on this instance or another on the same database. Access as the list's
 * other reads; a limit of open streams per user; nothing left behind when streams close.
 */
import { randomUUID } from 'node:crypto';
import { and, gt, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { InventoryList, InventoryListDetail, InventoryListItem } from '../../contract/inventory';
import { rateLimits } from '../../server/db/schema';
import { LIVE_MAX_PER_USER } from '../../server/modules/inventory/live';
import { DEMO, bearer, createSecondInstance, createTestApp, login, type TestApp } from './helpers';
import { openStream, until } from './live-stream';

let a: TestApp;
let b: TestApp;
let origins: { a: string; b: string };
let kund: string;
let personal: string;
let admin: string;
let list: InventoryList;
let other: InventoryList;
let itemId: string;

const base = '/v1/company/10001';
const eventsPath = (listId: string, company = '10001') => `/v1/company/${company}/inventory-list/${listId}/events`;

async function call<T>(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}

/** Waits until the streams every instance has recorded in the database add up to `n`. */
async function storedStreams(n: number) {
  const stored = async () => {
    const [row] = await a.services.database.db
      .select({ n: sql<number>`coalesce(sum(${rateLimits.hits}), 0)::int` })
      .from(rateLimits)
      .where(and(like(rateLimits.key, 'live:%'), gt(rateLimits.resetAt, sql`now()`)));
    return Number(row?.n ?? 0);
  };
  while ((await stored()) !== n) await new Promise((r) => setTimeout(r, 10));
}

async function countOn(app: FastifyInstance, token: string, listId: string, item: string) {
  const res = await call(app, token, 'POST', `${base}/inventory-list/${listId}/item/${item}/count`, {
    id: randomUUID(),
    kind: 'delta',
    amount: 1,
    unit: 'piece',
    deviceId: 'telefon-b',
    countedAt: new Date().toISOString(),
  });
  expect(res.status).toBe(201);
  return (res.body as { listVersion: number }).listVersion;
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  origins = {
    a: await a.listen({ port: 0, host: '127.0.0.1' }),
    b: await b.listen({ port: 0, host: '127.0.0.1' }),
  };
  [kund, personal, admin] = await Promise.all([login(a, DEMO.kund), login(a, DEMO.personal), login(a, DEMO.admin)]);
  const make = async (name: string) =>
    (await call<InventoryList>(a, kund, 'POST', `${base}/inventory-list`, { id: randomUUID(), name })).body;
  [list, other] = [await make('Kylrum live'), await make('Torrförråd live')];
  const own = await call<{ id: string }>(a, kund, 'POST', `${base}/product`, {
    id: randomUUID(),
    name: 'Live-artikel',
    articleNumber: `LIVE-${Date.now()}`,
    unit: 'piece',
    piecesPerCarton: 1,
  });
  itemId = randomUUID();
  const added = await call<InventoryListItem>(a, kund, 'POST', `${base}/inventory-list/${list.id}/item`, {
    id: itemId,
    companyProductId: own.body.id,
    unit: 'piece',
  });
  expect(added.status).toBe(201);
  // The other list gets the same article, so that a count there is a count of "the same thing" elsewhere.
  const addedOther = await call(a, kund, 'POST', `${base}/inventory-list/${other.id}/item`, {
    id: randomUUID(),
    companyProductId: own.body.id,
    unit: 'piece',
  });
  expect(addedOther.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await b?.closeAll();
  await a?.closeAll();
});

describe('a live list', () => {
  it('tells an open list which item another user counted, and a list counted elsewhere nothing', async () => {
    const watching = await openStream(origins.a, eventsPath(list.id), kund);
    const elsewhere = await openStream(origins.a, eventsPath(other.id), kund);
    expect(watching.res.status).toBe(200);
    expect(watching.res.headers.get('content-type')).toContain('text/event-stream');
    expect(watching.res.headers.get('cache-control')).toBe('no-store');
    expect(watching.res.headers.get('x-accel-buffering')).toBe('no');
    await watching.next((m) => m.event === 'ready');
    await elsewhere.next((m) => m.event === 'ready');

    const version = await countOn(a, personal, list.id, itemId);
    const changed = await watching.next((m) => m.event === 'changed');
    // Ids and the version the count made only: what the item now holds is read through the list's own calls.
    expect(changed.data).toEqual({ itemIds: [itemId], version });
    expect(version).toBeGreaterThan(0);
    expect(elsewhere.heard.filter((m) => m.event === 'changed')).toEqual([]);
    watching.close();
    elsewhere.close();
  });

  it('tells a list compared with the counted one which previous count changed, and a read of the changes has it', async () => {
    const liveItem = async () =>
      (await call<InventoryListDetail>(a, kund, 'GET', `${base}/inventory-list/${list.id}`)).body.items.find(
        (i) => i.id === itemId,
      )!;
    // A list that compares with the live list: its item of the same article shows the live list's count as previous.
    const comparing = (
      await call<InventoryList>(a, kund, 'POST', `${base}/inventory-list`, {
        id: randomUUID(),
        name: 'Jämför med kylrum',
        previousListId: list.id,
      })
    ).body;
    const mine = (
      await call<InventoryListItem>(a, kund, 'POST', `${base}/inventory-list/${comparing.id}/item`, {
        id: randomUUID(),
        companyProductId: (await liveItem()).companyProductId,
        unit: 'piece',
      })
    ).body;
    const detail = `${base}/inventory-list/${comparing.id}`;
    const before = (await call<InventoryListDetail>(a, kund, 'GET', detail)).body;
    const watching = await openStream(origins.b, eventsPath(comparing.id), kund);
    await watching.next((m) => m.event === 'ready');

    await countOn(a, personal, list.id, itemId);
    const changed = await watching.next((m) => m.event === 'changed');
    const after = (await call<InventoryListDetail>(a, kund, 'GET', `${detail}?changedSince=${before.version}`)).body;
    expect(changed.data).toEqual({ itemIds: [mine.id], version: after.version });
    expect(after.version).toBe(before.version + 1);
    const counted = (await liveItem()).quantity;
    expect(after.items.map((i) => [i.id, i.previousQuantity])).toEqual([[mine.id, counted]]);
    expect(before.items.find((i) => i.id === mine.id)?.previousQuantity).toBe(counted - 1);
    watching.close();
  });

  it('hears a count made on another server instance on the same database', async () => {
    const onB = await openStream(origins.b, eventsPath(list.id), kund);
    await onB.next((m) => m.event === 'ready');
    const version = await countOn(a, personal, list.id, itemId);
    expect((await onB.next((m) => m.event === 'changed')).data).toEqual({ itemIds: [itemId], version });
    onB.close();
  });

  it('is refused without a token (401), for another company (404) and for a list not there (404)', async () => {
    expect((await openStream(origins.a, eventsPath(list.id))).res.status).toBe(401);
    // admin@ is of company 10003: 10001's list is not theirs, whatever its id.
    const outsider = await openStream(origins.a, eventsPath(list.id, '10003'), admin);
    expect(outsider.res.status).toBe(404);
    expect(((await outsider.res.json()) as { code: string }).code).toBe('InventoryListNotFound');
    const missing = await openStream(origins.a, eventsPath(randomUUID()), kund);
    expect(missing.res.status).toBe(404);
    const wrongCompany = await openStream(origins.a, eventsPath(list.id, '10003'), kund);
    expect([403, 404]).toContain(wrongCompany.res.status);
  });

  it('refuses one stream too many per user with a Swedish 429, and takes one again when one closes', async () => {
    const open = [];
    for (let i = 0; i < LIVE_MAX_PER_USER; i++) open.push(await openStream(origins.a, eventsPath(list.id), personal));
    const tooMany = await openStream(origins.a, eventsPath(list.id), personal);
    expect(tooMany.res.status).toBe(429);
    const body = (await tooMany.res.json()) as { code: string; message: string };
    expect(body).toEqual({
      code: 'TooManyLiveStreams',
      message: 'Du har för många listor öppna samtidigt. Stäng någon och försök igen.',
    });
    open.pop()!.close();
    await until(() => a.services.live.size().streams === LIVE_MAX_PER_USER - 1);
    const again = await openStream(origins.a, eventsPath(list.id), personal);
    expect(again.res.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
    await until(() => a.services.live.size().streams === 0);
  });

  it('counts a user’s streams on every instance together, and an instance that closes takes its count with it', async () => {
    const onA = [];
    const onB = [];
    for (let i = 0; i < 6; i++) onA.push(await openStream(origins.a, eventsPath(list.id), personal));
    for (let i = 6; i < LIVE_MAX_PER_USER; i++) onB.push(await openStream(origins.b, eventsPath(other.id), personal));
    expect([...onA, ...onB].map((s) => s.res.status)).toEqual(Array(LIVE_MAX_PER_USER).fill(200));
    await storedStreams(LIVE_MAX_PER_USER);

    for (const origin of [origins.a, origins.b]) {
      const tooMany = await openStream(origin, eventsPath(list.id), personal);
      expect(tooMany.res.status).toBe(429);
      expect(((await tooMany.res.json()) as { code: string }).code).toBe('TooManyLiveStreams');
    }
    // One closes on B: A takes one more.
    onB.pop()!.close();
    await storedStreams(LIVE_MAX_PER_USER - 1);
    const again = await openStream(origins.a, eventsPath(list.id), personal);
    expect(again.res.status).toBe(200);
    for (const stream of [...onA, ...onB, again]) stream.close();
    await storedStreams(0);

    // A third instance closes with streams open: what it counted goes with it.
    const c = await createSecondInstance(a);
    const originC = await c.listen({ port: 0, host: '127.0.0.1' });
    const onC = [];
    for (let i = 0; i < 3; i++) onC.push(await openStream(originC, eventsPath(list.id), personal));
    await storedStreams(3);
    await c.closeAll();
    await storedStreams(0);
  });

  it('leaves no stream, list or user behind when many streams open and close', async () => {
    const before = a.services.live.size();
    for (let round = 0; round < 5; round++) {
      const streams = await Promise.all(
        Array.from({ length: 8 }, (_, i) => openStream(origins.a, eventsPath(i % 2 ? list.id : other.id), kund)),
      );
      await Promise.all(streams.map((s) => s.next((m) => m.event === 'ready')));
      expect(streams.map((s) => s.res.status)).toEqual(streams.map(() => 200));
      for (const s of streams) s.close();
      await until(() => a.services.live.size().streams === before.streams);
    }
    expect(a.services.live.size()).toEqual(before);
  });

  it('ends the stream when its session ends (logout), so the phone opens it again with a fresh token', async () => {
    const token = await login(a, DEMO.kund);
    const stream = await openStream(origins.a, eventsPath(list.id), token);
    await stream.next((m) => m.event === 'ready');
    const logout = await a.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    await stream.next((m) => m.event === 'expired');
    await until(stream.ended);
  });

  it('ends its streams when the server closes, so that closing does not wait for them', async () => {
    const c = await createSecondInstance(a);
    const origin = await c.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(origin, eventsPath(list.id), kund);
    await stream.next((m) => m.event === 'ready');
    await c.closeAll();
    await until(stream.ended);
  });

  // PGlite runs in this process and never loses its listeners.
  it.skipIf(!process.env.DATABASE_URL)(
    'tells an open view to read its list again when the instance stopped listening (news may be lost)',
    async () => {
      const stream = await openStream(origins.b, eventsPath(list.id), kund);
      await stream.next((m) => m.event === 'ready');
      // The instances' LISTEN connections drop (they reconnect after half a second).
      await a.services.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await stream.next((m) => m.event === 'resync');
      stream.close();
    },
  );
});
