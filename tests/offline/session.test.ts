import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drain } from '../../src/offline/engine/drain';
import { waitingCount } from '../../src/offline/engine/status-read';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import { readSession, storeSession, type EngineSession } from '../../src/offline/engine/session';
import { SESSION_CHANNEL, type SessionMessage } from '../../src/offline/engine/session-client';
import { sync } from '../../src/offline/engine/sync';
import {
  DEMO,
  controlledTransport,
  freshDb,
  isChange,
  logIn,
  loginAs,
  serverList,
  serverLists,
  setServerValidTo,
  startServer,
  userName,
  type Server,
} from './harness';

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const HOUR = 3600_000;

describe('tokens and users', () => {
  it('renews before replaying when the token is due (validTo within 10 minutes) and tells the page', async () => {
    const db = freshDb();
    const session = await loginAs(server, DEMO.kund);
    await storeSession(db, { ...session, validTo: new Date(Date.now() + 5 * 60_000).toISOString() });
    const net = controlledTransport(server.transport);
    const renewedTo: EngineSession[] = [];
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    const announced = new Promise<SessionMessage>((resolve) => {
      channel.onmessage = (event: MessageEvent) => resolve(event.data as SessionMessage);
    });
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Förnyad' });

    const summary = await drain({ db, transport: net.transport, onSessionRenewed: (s) => renewedTo.push(s) });
    expect(summary).toMatchObject({ sent: 1, remaining: 0 });
    expect(net.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/auth/renew', 'POST /v1/purchase-lists']);
    const stored = (await readSession(db))!;
    expect(stored.token).not.toBe(session.token);
    expect(Date.parse(stored.validTo)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(net.sent[1]!.auth).toBe(`Bearer ${stored.token}`);
    expect(renewedTo).toEqual([{ userId: session.userId, token: stored.token, validTo: stored.validTo }]);
    expect(await announced).toEqual({ type: 'session-renewed', session: renewedTo[0] });
    channel.close();
  });

  it('a renewal whose answer was lost is asked again on the next drain; nothing is blocked', async () => {
    const db = freshDb();
    const session = await loginAs(server, DEMO.kund);
    await storeSession(db, { ...session, validTo: new Date(Date.now() + 5 * 60_000).toISOString() });
    const net = controlledTransport(server.transport);
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Tappat svar' });

    // The server renews and replaces the token, but the phone never hears back.
    net.loseAnswer((r) => r.path === '/v1/auth/renew');
    const first = await drain({ db, transport: net.transport });
    expect(first).toMatchObject({ sent: 0, remaining: 1, blocked: false, stopped: 'network' });
    expect((await readSession(db))!.token).toBe(session.token);

    const second = await drain({ db, transport: net.transport, force: true });
    expect(second).toMatchObject({ sent: 1, remaining: 0, blocked: false });
    const renewed = (await readSession(db))!.token;
    expect(renewed).not.toBe(session.token);
    expect((await serverLists(server, renewed, '10001')).filter((l) => l.id === listId)).toHaveLength(1);
  });

  it('on a 401 renews once and sends again: the change arrives once', async () => {
    const db = freshDb();
    const session = await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Utgången' });
    await drain({ db, transport: net.transport }); // verifies the session
    await mutate(db, { type: 'renameList', listId: listId!, name: 'Utgången igen' });
    // The token expired on the server while the phone was in the cold room (the device still thinks it is valid).
    await setServerValidTo(server, session.userId, new Date(Date.now() - HOUR));

    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 1, remaining: 0, blocked: false });
    expect(net.sent.slice(-3).map((s) => `${s.method} ${s.path.replace(listId!, ':id')}`)).toEqual([
      'PATCH /v1/purchase-lists/:id',
      'POST /v1/auth/renew',
      'PATCH /v1/purchase-lists/:id',
    ]);
    const renewed = (await readSession(db))!;
    expect(renewed.token).not.toBe(session.token);
    expect((await serverList(server, renewed.token, listId!))!.name).toBe('Utgången igen');
  });

  it('blocks the queue when the token cannot be renewed, drops nothing, and goes on after the same user logs in', async () => {
    const db = freshDb();
    const session = await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    const { id: listId } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Spärrad' });
    await mutate(db, { type: 'renameList', listId: listId!, name: 'Spärrad 2' });
    // Beyond the renewal grace (12 h): renewal is refused.
    await setServerValidTo(server, session.userId, new Date(Date.now() - 24 * HOUR));

    const blocked = await drain({ db, transport: net.transport });
    expect(blocked).toMatchObject({ sent: 0, remaining: 2, blocked: true, stopped: 'blocked' });
    expect((await db.outbox.toArray()).map((e) => [e.status, e.lastError?.code])).toEqual([
      ['blocked', 'Unauthorized'],
      ['blocked', 'Unauthorized'],
    ]);
    expect((await db.outbox.toArray())[0]!.lastError!.message).toMatch(/logga in igen/);
    // Blocked: no further request at all, and a new change waits behind the others.
    const requests = net.attempts;
    expect(await drain({ db, transport: net.transport, force: true })).toMatchObject({ blocked: true, sent: 0 });
    expect(net.attempts).toBe(requests);
    await mutate(db, { type: 'renameList', listId: listId!, name: 'Spärrad 3' });
    expect(await waitingCount(db, session.userId)).toBe(3);
    expect(await db.purchaseLists.get(listId!)).toMatchObject({ name: 'Spärrad 3' });

    // The same user logs in again: everything goes, in order.
    const again = await loginAs(server, DEMO.kund);
    await storeSession(db, again);
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 3, remaining: 0, blocked: false });
    expect((await serverList(server, again.token, listId!))!.name).toBe('Spärrad 3');
  });

  it('never sends user A’s entries with user B’s token; they wait until A logs in', async () => {
    const db = freshDb();
    const net = controlledTransport(server.transport);
    const a = await logIn(db, server, DEMO.kund);
    const aLists: string[] = [];
    for (const name of ['A1', 'A2', 'A3']) {
      aLists.push((await mutate(db, { type: 'createList', companyCode: '10001', name: `Kund ${name}` })).id!);
    }
    await mutate(db, { type: 'renameList', listId: aLists[0]!, name: 'Kund A1 ny' });
    const aKeys = new Set((await db.outbox.toArray()).map((e) => e.mutationId));
    await storeSession(db, null); // A logs out with changes waiting (the app asked first)

    // B is staff and may act for 10001 too: if A's entries were sent with B's token, the server would take them.
    const b = await logIn(db, server, DEMO.personal);
    const { id: bList } = await mutate(db, { type: 'createList', companyCode: '10001', name: 'Personalens lista' });
    const bDrain = await drain({ db, transport: net.transport });
    expect(bDrain).toMatchObject({ sent: 1, remaining: 0, userId: b.userId });

    const withB = net.sent.filter((s) => s.auth === `Bearer ${b.token}`);
    expect(withB.filter((s) => s.key !== undefined).map((s) => aKeys.has(s.key!))).toEqual([false]);
    const on10001 = await serverLists(server, b.token, '10001');
    expect(on10001.filter((l) => l.id === bList).map((l) => l.createdBy)).toEqual([await userName(server, b.userId)]);
    expect(on10001.filter((l) => aLists.includes(l.id))).toEqual([]);
    expect(await waitingCount(db, a.userId)).toBe(4);
    expect((await db.outbox.where('userId').equals(a.userId).toArray()).map((e) => e.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);

    // A logs in again: A's entries go with A's token, in order.
    const a2 = await logIn(db, server, DEMO.kund);
    const aSync = await sync({ db, transport: net.transport, companyCodes: ['10001'] });
    expect(aSync.drain).toMatchObject({ sent: 4, remaining: 0, userId: a.userId });
    expect(
      net
        .changes()
        .filter((s) => aKeys.has(s.key!))
        .every((s) => s.auth === `Bearer ${a2.token}`),
    ).toBe(true);
    const mine = (await serverLists(server, a2.token, '10001')).filter((l) => aLists.includes(l.id));
    expect(mine.map((l) => l.name).sort()).toEqual(['Kund A1 ny', 'Kund A2', 'Kund A3']);
    const aName = await userName(server, a.userId);
    expect(mine.every((l) => l.createdBy === aName)).toBe(true);
  });

  it('sends nothing when the stored token belongs to another user than the session says', async () => {
    const db = freshDb();
    const a = await loginAs(server, DEMO.kund);
    const b = await loginAs(server, DEMO.admin);
    await storeSession(db, a);
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Fel token' });
    await storeSession(db, { ...b, userId: a.userId }); // a bug in the app: A's id with B's token
    const net = controlledTransport(server.transport);
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 0, stopped: 'sessionMismatch' });
    expect(net.changes()).toEqual([]);
    expect(await waitingCount(db, a.userId)).toBe(1);
  });

  it('takes the token the page renewed meanwhile instead of blocking the queue', async () => {
    const db = freshDb();
    const session = await logIn(db, server, DEMO.kund);
    const net = controlledTransport(server.transport);
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kapplöpning' });
    await drain({ db, transport: net.transport }); // verified
    await mutate(db, { type: 'createList', companyCode: '10001', name: 'Kapplöpning 2' });
    // Just before the engine sends, the page renews the token (the old one stops working) and stores the new one.
    net.before(isChange, async () => {
      const res = await fetch(`${server.baseUrl}/v1/auth/renew`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}` },
      });
      const renewed = (await res.json()) as { token: string; validTo: string };
      await storeSession(db, { userId: session.userId, ...renewed });
    });
    const before = net.sent.length;
    expect(await drain({ db, transport: net.transport })).toMatchObject({ sent: 1, blocked: false, remaining: 0 });
    // Old token: 401; renewing it: 401 (the page did); the stored token is taken and the change goes once.
    const stored = (await readSession(db))!;
    expect(net.sent.slice(before).map((s) => [s.method, s.path, s.auth === `Bearer ${stored.token}`])).toEqual([
      ['POST', '/v1/purchase-lists', false],
      ['POST', '/v1/auth/renew', false],
      ['POST', '/v1/purchase-lists', true],
    ]);
  });
});
