import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectEngineSession,
  newerEngineSession,
  type EngineSessionLink,
  type SessionUser,
} from '../../src/api/session/engine-session';
import type { RenewalResult } from '../../src/api/session/renewal';
import { createSessionRenewer } from '../../src/api/session/session-renewer';
import { createSessionStore, type Session, type SessionStorage } from '../../src/api/session/session-store';
import { ApiError } from '../../src/api/api-error';
import { openOfflineDb, storeSession, type EngineSession, type OfflineDb } from '../../src/offline';

function memoryStorage(initial: Session | null = null): SessionStorage {
  let value = initial;
  return {
    read: () => value,
    write: (session) => {
      value = session;
    },
    remove: () => {
      value = null;
    },
  };
}

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

const hour = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const kund: SessionUser = { id: 'user-kund', defaultCompany: '10001' };
const admin: SessionUser = { id: 'user-admin', defaultCompany: '10003' };

/** A controller stand-in that keeps the session where the real one does (the engine's stored copy). */
function fakeController(db: OfflineDb) {
  const sessions: (EngineSession | null)[] = [];
  const companies: (string | null)[] = [];
  return {
    sessions,
    companies,
    setSession: vi.fn(async (session: EngineSession | null) => {
      sessions.push(session);
      await storeSession(db, session);
    }),
    setActiveCompany: vi.fn(async (code: string | null) => {
      companies.push(code);
      return null;
    }),
  };
}

let link: EngineSessionLink | undefined;
afterEach(() => {
  link?.disconnect();
  link = undefined;
});

function setup(
  options: { cookie?: Session | null; user?: SessionUser | (() => Promise<SessionUser>); loaded?: SessionUser } = {},
) {
  const db = openOfflineDb(`skafferi-link-${crypto.randomUUID()}`);
  const store = createSessionStore(memoryStorage(options.cookie ?? null));
  const controller = fakeController(db);
  const userListeners = new Set<(user: SessionUser) => void>();
  const given = options.user;
  const loadUser = vi.fn(
    typeof given === 'function'
      ? given
      : async (): Promise<SessionUser> => {
          if (!given) throw new TypeError('offline');
          return given;
        },
  );
  const companyMemory = memory();
  const connect = () => {
    link = connectEngineSession({
      store,
      controller,
      db,
      loadUser,
      memory: companyMemory,
      broadcast: false,
      loadedUser: () => options.loaded,
      watchUser: (listener) => {
        userListeners.add(listener);
        return () => userListeners.delete(listener);
      },
    });
    return link;
  };
  const userLoaded = (user: SessionUser) => userListeners.forEach((listener) => listener(user));
  return { db, store, controller, loadUser, companyMemory, connect, userLoaded };
}

describe('the link between the page session and the offline engine', () => {
  it('hands a login to the engine with the user the API names, and the chosen company', async () => {
    const { store, controller, connect, loadUser } = setup({ user: kund });
    const engine = connect();
    await engine.ready;
    expect(controller.setSession).not.toHaveBeenCalled(); // logged out, nothing stored: nothing to do

    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();
    expect(loadUser).toHaveBeenCalledTimes(1);
    expect(controller.sessions.at(-1)).toEqual({ userId: kund.id, token: 't1', validTo: store.get()!.validTo });
    expect(controller.companies.at(-1)).toBe('10001');
    expect(engine.currentUserId()).toBe(kund.id);
  });

  it('passes a renewal by the page on for the same user without asking the API', async () => {
    const { db, store, controller, connect, loadUser } = setup({ user: kund });
    const engine = connect();
    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();

    store.set({ token: 't2', validTo: at(2 * hour) }, 'renewal');
    await engine.settled();
    expect(loadUser).toHaveBeenCalledTimes(1);
    // Stored for the engine (the service worker reads it too), without a sync of its own.
    expect(await db.session.get('current')).toMatchObject({ userId: kund.id, token: 't2' });
    expect(controller.setSession).toHaveBeenCalledTimes(1);
  });

  it('starts offline from the engine’s copy: same token, its user, the company remembered on the device', async () => {
    const cookie = { token: 't1', validTo: at(hour) };
    const first = setup({ cookie, user: kund });
    const before = first.connect();
    await before.ready;
    await before.settled();
    before.disconnect();

    // A reload with no network: the same cookies, the same IndexedDB, the same local storage.
    const store = createSessionStore(memoryStorage(cookie));
    const controller = fakeController(first.db);
    const loadUser = vi.fn(async (): Promise<SessionUser> => {
      throw new TypeError('offline');
    });
    link = connectEngineSession({
      store,
      controller,
      db: first.db,
      loadUser,
      memory: first.companyMemory,
      broadcast: false,
      watchUser: () => () => {},
    });
    await link.ready;
    expect(loadUser).not.toHaveBeenCalled();
    expect(controller.setSession).not.toHaveBeenCalled(); // the engine already holds exactly this session
    expect(controller.companies).toEqual(['10001']);
    expect(link.currentUserId()).toBe(kund.id);
  });

  it('takes the company of the user the app loaded at start-up when the device remembers none', async () => {
    const cookie = { token: 't1', validTo: at(hour) };
    const { db, controller, connect, loadUser } = setup({ cookie, loaded: kund });
    await storeSession(db, { userId: kund.id, ...cookie });
    const engine = connect();
    await engine.ready;
    expect(loadUser).not.toHaveBeenCalled();
    expect(controller.companies).toEqual(['10001']);
  });

  it('takes a token the engine renewed while the page was closed into the cookies', async () => {
    const { db, store, connect } = setup({ cookie: { token: 'old', validTo: at(-hour) } });
    await storeSession(db, { userId: kund.id, token: 'new', validTo: at(hour) });
    const engine = connect();
    await engine.ready;
    await engine.settled();
    expect(store.get()?.token).toBe('new');
    expect(engine.currentUserId()).toBe(kund.id);
  });

  it('adopts a token the engine announces, only for the page’s own user', async () => {
    const { store, connect } = setup({ user: kund });
    const engine = connect();
    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();

    engine.adoptRenewed({ userId: admin.id, token: 'someone-else', validTo: at(hour) });
    expect(store.get()?.token).toBe('t1');
    engine.adoptRenewed({ userId: kund.id, token: 't2', validTo: at(2 * hour) });
    expect(store.get()?.token).toBe('t2');
  });

  it('lets go of the engine’s session on logout, and a new login of another user gets its own', async () => {
    let user = kund;
    const { store, controller, connect } = setup({ user: async () => user });
    const engine = connect();
    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();

    store.clear('logout');
    await engine.settled();
    expect(controller.sessions.at(-1)).toBeNull();
    expect(controller.companies.at(-1)).toBeNull();

    user = admin;
    store.set({ token: 'a1', validTo: at(hour) });
    await engine.settled();
    expect(controller.sessions.at(-1)).toMatchObject({ userId: admin.id, token: 'a1' });
    expect(controller.companies.at(-1)).toBe('10003');
  });

  it('waits for the user when the API cannot be reached, and goes on when the app loads the user', async () => {
    const { store, controller, connect, userLoaded } = setup({ user: undefined });
    const engine = connect();
    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();
    expect(controller.setSession).not.toHaveBeenCalled();

    userLoaded(kund);
    await engine.settled();
    expect(controller.sessions.at(-1)).toMatchObject({ userId: kund.id, token: 't1' });
  });

  it('follows a change of company, and forgets it when the user has none', async () => {
    const { store, controller, connect, userLoaded, companyMemory } = setup({ user: kund });
    const engine = connect();
    store.set({ token: 't1', validTo: at(hour) });
    await engine.settled();
    userLoaded({ ...kund, defaultCompany: '10002' });
    await engine.settled();
    expect(controller.companies.at(-1)).toBe('10002');
    expect(companyMemory.getItem(`skafferi.company.${kund.id}`)).toBe('10002');
  });
});

describe('a refused renewal and the engine’s newer token', () => {
  const refused: RenewalResult = {
    kind: 'failed',
    error: new ApiError({ method: 'POST', url: '/', status: 401, code: 'Unauthorized' }),
  };

  it('keeps the session with the engine’s newer token of the same user instead of logging out', async () => {
    const store = createSessionStore(memoryStorage({ token: 'old', validTo: at(-hour) }));
    const listener = vi.fn();
    store.subscribe(listener);
    const renew = createSessionRenewer(store, async () => refused, {
      newerSession: async () => ({ token: 'engine', validTo: at(hour) }),
    });
    expect(await renew()).toBe(true);
    expect(store.get()?.token).toBe('engine');
    expect(listener).toHaveBeenCalledWith(store.get(), null, 'renewal');
  });

  it('logs out when the engine has nothing newer', async () => {
    const store = createSessionStore(memoryStorage({ token: 'old', validTo: at(-hour) }));
    const renew = createSessionRenewer(store, async () => refused, { newerSession: async () => null });
    expect(await renew()).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('a renewal by the page is announced as a renewal', async () => {
    const store = createSessionStore(memoryStorage({ token: 'a', validTo: at(hour) }));
    const listener = vi.fn();
    store.subscribe(listener);
    await createSessionRenewer(store, async () => ({ kind: 'renewed', session: { token: 'b', validTo: at(hour) } }))();
    expect(listener).toHaveBeenCalledWith({ token: 'b', validTo: expect.any(String) }, null, 'renewal');
  });

  it('newerEngineSession answers the stored token when it is another one', async () => {
    const db = openOfflineDb(`skafferi-link-${crypto.randomUUID()}`);
    expect(await newerEngineSession('t1', db)).toBeNull();
    await storeSession(db, { userId: kund.id, token: 't1', validTo: at(hour) });
    expect(await newerEngineSession('t1', db)).toBeNull();
    await storeSession(db, { userId: kund.id, token: 't2', validTo: at(hour) });
    expect(await newerEngineSession('t1', db)).toMatchObject({ token: 't2' });
  });
});
