import {
  DRAIN_LOCK,
  SESSION_CHANNEL,
  offlineDb,
  type EngineSession,
  type OfflineDb,
  storeSession,
  type SessionMessage,
  type SyncController,
} from '../../offline';
import { browserMemory, companyKey, rememberedCompany, type CompanyMemory } from './company-memory';
import type { Session, SessionChange, SessionEndReason, SessionStore } from './session-store';

/** What the link needs to know of the logged-in user. */
export interface SessionUser {
  id: string;
  defaultCompany: string | null;
}

export interface EngineLinkDeps {
  store: SessionStore;
  controller: Pick<SyncController, 'setSession' | 'setActiveCompany'>;
  /** Reads the user of the current token from the API (GET /v1/customer/); rejects offline. */
  loadUser: () => Promise<SessionUser>;
  /** The user as the app loads it (login, start-up, company change); returns the unsubscribe. */
  watchUser: (listener: (user: SessionUser) => void) => () => void;
  /** The user the app has loaded already (start-up loads it before the first render), if any. */
  loadedUser?: () => SessionUser | undefined;
  db?: OfflineDb;
  memory?: CompanyMemory | null;
  /** Listen on the `skafferi-session` BroadcastChannel (the service worker's engine announces renewals there). */
  broadcast?: boolean;
}

const readRow = async (db: OfflineDb) => (await db.session.get('current')) ?? null;

interface SharedLocks {
  request<T>(name: string, options: { mode: 'shared' }, callback: () => Promise<T>): Promise<T>;
}

/**
 * Runs `task` once no drain holds the engine's lock (the engine renews only inside a drain, here or in the service
 * worker): a renewal that is under way has then stored its token. Shared, so page renewals do not wait for each other.
 */
function afterRunningDrain<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: SharedLocks } }).navigator?.locks;
  return locks && typeof locks.request === 'function' ? locks.request(DRAIN_LOCK, { mode: 'shared' }, task) : task();
}

/** The user whose token the page holds now; null while it is not known (just logged in, cookies from another tab). */
let known: { token: string; userId: string } | null = null;

/**
 * For the page's renewer: a refused renewal is not a logout when the engine (this page's or the service worker's)
 * renewed first, since the server keeps only the newest token. Waits for a drain under way (its renewal may be what
 * made ours fail), then answers the engine's stored token when it is another token of the same user. At start-up,
 * before the page knows its user, the stored session is the newest this browser has and is taken (the engine checks
 * whose a token is before it sends anything).
 */
export async function newerEngineSession(refusedToken: string, db: OfflineDb = offlineDb()): Promise<Session | null> {
  // The engine may be renewing this very token right now (the server already refused ours because of it).
  const row = await afterRunningDrain(() => readRow(db));
  if (!row || row.token === refusedToken) return null;
  if (known && known.token === refusedToken && known.userId !== row.userId) return null;
  return { token: row.token, validTo: row.validTo };
}

/**
 * Keeps the offline engine's session in step with the page's (docs/decisions/0014, "Consequences"):
 * - start-up, login and logout reach `controller.setSession({userId, token, validTo})`; a renewal by the page (same
 *   user) stores the new token for the engine without starting a sync;
 * - a token the engine got by renewal (`adoptRenewed`, or the BroadcastChannel) goes into the cookies;
 * - the chosen company goes to `controller.setActiveCompany`, and is remembered per user for offline start-ups.
 * The user id of a new token comes from the engine's stored session when it holds that token (offline start-up),
 * from the previous token for a renewal, else from GET /v1/customer/ with the new token.
 */
export function connectEngineSession(deps: EngineLinkDeps) {
  const { store, controller, loadUser } = deps;
  const db = deps.db ?? offlineDb();
  const memory = deps.memory === undefined ? browserMemory() : deps.memory;
  let company: string | null | undefined;
  let stopped = false;
  /** Serialises the link's own work, so start-up, login and renewals reach the engine in order. */
  let queue: Promise<unknown> = Promise.resolve();
  let busy = 0;
  const busyListeners = new Set<() => void>();
  const notifyBusy = () => {
    for (const listener of busyListeners) listener();
  };
  const enqueue = (work: () => Promise<unknown>) => {
    if (busy++ === 0) notifyBusy();
    queue = queue
      .then(work)
      .catch((error: unknown) => console.error('Skafferi: sessionen kunde inte lämnas till synkningen', error))
      .finally(() => {
        if (--busy === 0) notifyBusy();
      });
    return queue;
  };

  const remembered = (userId: string) => rememberedCompany(memory, userId);

  /** The user's chosen company: as loaded from the API, else as remembered on this device (offline start-up). */
  function companyOf(userId: string): string | null {
    const user = deps.loadedUser?.();
    return user && user.id === userId ? user.defaultCompany : remembered(userId);
  }

  function setCompany(userId: string, code: string | null): void {
    try {
      if (code) memory?.setItem(companyKey(userId), code);
      else memory?.removeItem(companyKey(userId));
    } catch {
      // a full or blocked storage only costs the offline start-up its company
    }
    if (company === code) return;
    company = code;
    void controller.setActiveCompany(code);
  }

  /** Hands the current token with its user to the engine (unless the engine already has exactly that). */
  async function push(session: Session, userId: string): Promise<void> {
    const row = await readRow(db);
    const next = { userId, token: session.token, validTo: session.validTo };
    if (row?.userId === userId && row.token === session.token && row.validTo === session.validTo) {
      // the engine already holds exactly this session
    } else if (row?.userId === userId) {
      // Another token of the same user (a renewal): the engine only needs the token, which also unblocks a queue that
      // waits for one. Not `setSession`: its immediate sync would renew a short-lived token again, and a reload in the
      // middle of a renewal loses the session (the server keeps only the newest token).
      await storeSession(db, next);
    } else {
      await controller.setSession(next);
    }
    if (company === undefined || company === null) setCompany(userId, companyOf(userId));
  }

  /** A token whose user is not known yet: the engine's copy, else the API says whose it is. */
  async function identify(session: Session, userHint?: SessionUser): Promise<void> {
    const row = await readRow(db);
    if (row && row.token === session.token) {
      known = { token: session.token, userId: row.userId };
      return push(session, row.userId);
    }
    let user = userHint;
    if (!user) {
      try {
        user = await loadUser();
      } catch {
        // Offline start-up with cookies the engine has not seen: a token the engine renewed while the page was
        // closed is newer than the cookie's; take it. Otherwise wait until the user loads (watchUser).
        if (row && Date.parse(row.validTo) > Date.parse(session.validTo) && store.get()?.token === session.token) {
          known = { token: row.token, userId: row.userId };
          store.set({ token: row.token, validTo: row.validTo }, 'renewal');
        }
        return;
      }
    }
    if (store.get()?.token !== session.token) return; // changed meanwhile; that change is handled on its own
    if (row && row.userId === user.id && Date.parse(row.validTo) > Date.parse(session.validTo)) {
      // The engine renewed this user's token while the page was away: the cookie's token is the older one.
      known = { token: row.token, userId: row.userId };
      store.set({ token: row.token, validTo: row.validTo }, 'renewal');
      return;
    }
    known = { token: session.token, userId: user.id };
    await push(session, user.id);
    setCompany(user.id, user.defaultCompany);
  }

  async function onSessionChange(session: Session | null, change: SessionChange | null): Promise<void> {
    if (!session) {
      known = null;
      company = undefined;
      await controller.setSession(null);
      await controller.setActiveCompany(null);
      return;
    }
    if (known?.token === session.token) return push(session, known.userId);
    if (change === 'renewal' && known) {
      known = { token: session.token, userId: known.userId };
      return push(session, known.userId);
    }
    known = null;
    return identify(session);
  }

  /** A token the engine got by renewal: the page keeps it (the old one no longer works). Only for the same user. */
  function adoptRenewed(renewed: EngineSession): void {
    const current = store.get();
    if (stopped || !current || !known || known.userId !== renewed.userId || current.token === renewed.token) return;
    known = { token: renewed.token, userId: renewed.userId };
    store.set({ token: renewed.token, validTo: renewed.validTo }, 'renewal');
  }

  const unsubscribeStore = store.subscribe((session, _reason: SessionEndReason | null, change) => {
    void enqueue(() => onSessionChange(session, change));
  });

  const unsubscribeUser = deps.watchUser((user) => {
    void enqueue(async () => {
      const session = store.get();
      if (!session) return;
      if (!known) return identify(session, user);
      if (known.userId === user.id) setCompany(user.id, user.defaultCompany);
    });
  });

  let channel: BroadcastChannel | undefined;
  if (deps.broadcast !== false && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data?.type === 'session-renewed') adoptRenewed(event.data.session);
    };
  }

  // Start-up: the cookies as they are now (a logged-out page also clears a session the engine still holds).
  const ready = enqueue(async () => {
    const session = store.get();
    if (session) return identify(session);
    if (await readRow(db)) await controller.setSession(null);
  });

  return {
    /** Resolves when the start-up work is done (tests). */
    ready,
    /** Resolves when everything the link was asked so far is done (tests). */
    settled: () => queue,
    /** The engine's onSessionRenewed. */
    adoptRenewed,
    /** True while the link is still telling the engine about a session change (the active company may follow). */
    isBusy: () => busy > 0,
    subscribeBusy(listener: () => void): () => void {
      busyListeners.add(listener);
      return () => busyListeners.delete(listener);
    },
    /** The user of the page's current token, when known. */
    currentUserId: () => (known && known.token === store.get()?.token ? known.userId : null),
    disconnect(): void {
      stopped = true;
      unsubscribeStore();
      unsubscribeUser();
      channel?.close();
      known = null;
    },
  };
}

export type EngineSessionLink = ReturnType<typeof connectEngineSession>;
