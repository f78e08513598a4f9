import { liveQuery } from 'dexie';
import { offlineDb, transact, type OfflineDb, type OutboxEntry } from './db';
import { drainUnlocked, waitingCount, type DrainSummary } from './drain';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { rebaseAll, rebaseTouched } from './rebase';
import { kindOf, syncTables } from './registry';
import { lastSyncedAt, refreshUnlocked, type RefreshSummary } from './refresh';
import { isBlocked, readSession, storeSession, type EngineSession } from './session';
import { initialSyncStatus, type SyncStatus } from './sync-status';
import type { Transport } from './transport';

export type { SyncStatus };

/** The Background Sync tag the page registers and the service worker answers with a drain. */
export const BACKGROUND_SYNC_TAG = 'skafferi-outbox';

export interface SyncResult {
  drain: DrainSummary;
  refresh: RefreshSummary | null;
}

export interface SyncOptions {
  db: OfflineDb;
  transport: Transport;
  /** Companies to read again besides those the drain touched (the chosen company). */
  companyCodes?: Iterable<string>;
  force?: boolean;
  now?: () => number;
  random?: () => number;
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
}

/**
 * One sync under the drain lock: send the current user's waiting changes, then (when nothing stopped the drain) read
 * the touched and chosen companies' lists again and rebase the mirror. What the service worker runs on a `sync` event.
 */
export function sync(options: SyncOptions): Promise<SyncResult> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, async () => {
    const drained = await drainUnlocked(options);
    if (drained.stopped !== null) return { drain: drained, refresh: null };
    const companies = new Set([...drained.companies, ...(options.companyCodes ?? [])]);
    const refreshed = await refreshUnlocked({ ...options, companyCodes: companies });
    return { drain: drained, refresh: refreshed };
  });
}

export interface SyncControllerOptions {
  transport: Transport;
  db?: OfflineDb;
  now?: () => number;
  random?: () => number;
  lock?: LockProvider;
  /** A token the engine got by renewal: the page stores it in its cookies (the old one no longer works). */
  onSessionRenewed?: (session: EngineSession) => void;
  /** Wait after a change before sending, so a burst of taps goes out in one drain. */
  debounceMs?: number;
  /** Register a Background Sync when changes wait after a failed drain (Chromium wakes the worker when online). */
  backgroundSync?: boolean;
}

type Listener = (status: SyncStatus) => void;

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}
type Scope = EventTargetLike & {
  navigator?: { onLine?: boolean; serviceWorker?: { ready: Promise<RegistrationLike> } };
  document?: EventTargetLike & { visibilityState?: string };
  registration?: RegistrationLike;
};
interface RegistrationLike {
  sync?: { register(tag: string): Promise<void> };
}

const scope = () => globalThis as unknown as Partial<Scope>;

/** Asks the browser to wake the service worker for a drain when the network is back (Chromium only; else a no-op). */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const self = scope();
    const registration = self.registration ?? (await self.navigator?.serviceWorker?.ready);
    if (!registration?.sync) return false;
    await registration.sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the engine for a page (or the service worker): drains on start, when the network comes back, when the tab
 * becomes visible, on demand ("Synka nu"), shortly after a change and on a timer while changes wait (respecting the
 * backoff). Exposes the sync status for the UI (`subscribe`/`getStatus`, shaped for useSyncExternalStore).
 */
export function createSyncController(options: SyncControllerOptions) {
  const db = options.db ?? offlineDb();
  const now = options.now ?? Date.now;
  const debounceMs = options.debounceMs ?? 300;
  const lock = options.lock ?? defaultLock;

  let status: SyncStatus = initialSyncStatus(scope().navigator?.onLine ?? true);
  const listeners = new Set<Listener>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Infinity;
  let loop: Promise<void> | null = null;
  let requested = false;
  let requestedForce = false;
  let last: SyncResult | null = null;
  let started = false;
  /** The token is not the session user's: no automatic retries until the app sets a session again. */
  let halted = false;
  let unsubscribeQuery: (() => void) | undefined;

  function set(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    for (const listener of listeners) listener(status);
  }

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    timerAt = Infinity;
  }

  /** A drain at `at` (or earlier, if one is already due earlier). */
  function schedule(at: number): void {
    if (!started || at >= timerAt) return;
    clearTimer();
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Infinity;
        void request(false);
      },
      Math.max(0, at - now()),
    );
  }

  /** After a change of the outbox or a sync: a timer while the current user's changes wait. */
  function scheduleWaiting(): void {
    if (halted || !status.online || status.blocked || status.pending === 0 || status.draining || loop) return;
    schedule(Math.max(now() + debounceMs, status.retryAt ?? 0));
  }

  async function runOnce(force: boolean): Promise<SyncResult> {
    set({ draining: true });
    try {
      const result = await sync({
        db,
        transport: options.transport,
        companyCodes: status.companyCode ? [status.companyCode] : [],
        force,
        now,
        lock,
        ...(options.random ? { random: options.random } : {}),
        ...(options.onSessionRenewed ? { onSessionRenewed: options.onSessionRenewed } : {}),
      });
      const { stopped, remaining } = result.drain;
      halted = stopped === 'sessionMismatch';
      if ((stopped === 'network' || stopped === 'backoff') && remaining > 0 && options.backgroundSync !== false) {
        void requestBackgroundSync();
      }
      return result;
    } finally {
      set({ draining: false });
      await readStatus();
    }
  }

  async function runLoop(): Promise<void> {
    while (requested) {
      const force = requestedForce;
      requested = false;
      requestedForce = false;
      try {
        last = await runOnce(force);
      } catch (error) {
        // A bug or a broken database must not stop the triggers; the entries stay where they are.
        console.error('Skafferi: synkningen misslyckades', error);
      }
    }
  }

  /** Asks for a sync; resolves with the result of a sync that started after the call. */
  function request(force: boolean): Promise<SyncResult | null> {
    requested = true;
    requestedForce ||= force;
    clearTimer();
    loop ??= runLoop().finally(() => {
      loop = null;
      scheduleWaiting();
    });
    return loop.then(() => last);
  }

  /** Reads the status from the database (also what the live query runs on every change of the outbox). */
  async function queryStatus(): Promise<Partial<SyncStatus>> {
    const session = await readSession(db);
    const userId = session?.userId ?? null;
    const [allWaiting, mine, rejected, blocked, head, synced] = await Promise.all([
      db.outbox.where('status').anyOf('pending', 'blocked').count(),
      userId ? waitingCount(db, userId) : Promise.resolve(0),
      userId ? db.outbox.where('[userId+status]').equals([userId, 'rejected']).toArray() : Promise.resolve([]),
      userId ? isBlocked(db, userId) : Promise.resolve(false),
      userId ? db.outbox.where('[userId+status]').equals([userId, 'pending']).first() : Promise.resolve(undefined),
      userId && status.companyCode ? lastSyncedAt(db, userId, status.companyCode) : Promise.resolve(null),
    ]);
    return {
      userId,
      pending: mine,
      otherUsersPending: allWaiting - mine,
      rejected,
      blocked,
      lastSyncedAt: synced,
      retryAt: head?.nextAttemptAt ?? null,
      lastError: head?.lastError ?? null,
    };
  }

  async function readStatus(): Promise<void> {
    set(await queryStatus());
  }

  const onOnline = () => {
    set({ online: true });
    void request(true);
  };
  const onOffline = () => set({ online: false });
  const onVisibility = () => {
    if (scope().document?.visibilityState === 'visible') void request(false);
  };

  return {
    /** Starts the triggers and drains once. Call once per page (or worker). */
    start(): Promise<SyncResult | null> {
      if (started) return request(true);
      started = true;
      const self = scope();
      self.addEventListener?.('online', onOnline);
      self.addEventListener?.('offline', onOffline);
      self.document?.addEventListener('visibilitychange', onVisibility);
      const subscription = liveQuery(queryStatus).subscribe({
        next: (patch) => {
          set(patch);
          scheduleWaiting();
        },
        error: (error: unknown) => console.error('Skafferi: synkstatus kunde inte läsas', error),
      });
      unsubscribeQuery = () => subscription.unsubscribe();
      return request(true);
    },

    /** Removes the triggers (a running drain finishes). */
    async stop(): Promise<void> {
      started = false;
      clearTimer();
      const self = scope();
      self.removeEventListener?.('online', onOnline);
      self.removeEventListener?.('offline', onOffline);
      self.document?.removeEventListener('visibilitychange', onVisibility);
      unsubscribeQuery?.();
      await loop;
    },

    /** "Synka nu": sends now, even during a backoff, and reads the lists again. */
    syncNow(): Promise<SyncResult | null> {
      return request(true);
    },

    /**
     * The page's session changed: login, a renewal by the page, start-up from the cookies, or logout (null). A login
     * of the user whose queue was blocked unblocks it; another user's login rebuilds the mirror without the previous
     * user's waiting changes (they stay in the outbox for them).
     */
    async setSession(session: EngineSession | null): Promise<void> {
      const before = await readSession(db);
      halted = false;
      await storeSession(db, session);
      if ((before?.userId ?? null) !== (session?.userId ?? null)) await rebaseAll(db);
      await readStatus();
      if (session) void request(true);
    },

    /** The chosen company: its lists are read again after every drain. */
    setActiveCompany(companyCode: string | null): Promise<SyncResult | null> {
      set({ companyCode });
      return companyCode ? request(false) : Promise.resolve(last);
    },

    /** Sends a refused change again (and the changes refused only because they depended on it). */
    async retry(seq: number): Promise<SyncResult | null> {
      await transact(db, syncTables(db), async () => {
        const entry = await db.outbox.get(seq);
        if (!entry || entry.status !== 'rejected') return;
        const again = [entry, ...(await dependents(entry))];
        for (const e of again) {
          await db.outbox.update(e.seq, { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null });
        }
        await rebaseTouched(db, again);
      });
      await readStatus();
      return request(true);
    },

    /** Drops a refused change for good (the UI asks first); the mirror is rebuilt without it. */
    async discard(seq: number): Promise<void> {
      await transact(db, syncTables(db), async () => {
        const entry = await db.outbox.get(seq);
        if (!entry || entry.status !== 'rejected') return;
        const gone = [entry, ...(await dependents(entry))];
        await db.outbox.bulkDelete(gone.map((e) => e.seq));
        await rebaseTouched(db, gone);
      });
      await readStatus();
    },

    /** How many changes of a user wait on this device: ask before logging them out. */
    pendingCountFor(userId: string): Promise<number> {
      return waitingCount(db, userId);
    },

    getStatus(): SyncStatus {
      return status;
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The result of the last sync, if any. */
    lastResult(): SyncResult | null {
      return last;
    },

    db,
  };

  /** Refused entries that were refused only because `entry` created the row they need. */
  async function dependents(entry: OutboxEntry): Promise<OutboxEntry[]> {
    const refused = await db.outbox.where('[userId+status]').equals([entry.userId, 'rejected']).toArray();
    const created = entry.creates;
    if (created === null) return [];
    return refused.filter(
      (e) =>
        e.seq !== entry.seq &&
        e.dependsOn.includes(created) &&
        e.lastError?.code === kindOf(e.entity).dependencyCode(e, created),
    );
  }
}

export type SyncController = ReturnType<typeof createSyncController>;
