import { offlineDb, type OfflineDb, type OutboxEntity } from './database';
import { requestBackgroundSync } from './background-sync';
import { createSyncLoop } from './controller-schedule';
import { createStatusStore, watchStatus } from './controller-status';
import { queryStatus, waitingCount } from './status-read';
import { listenToScope } from './controller-triggers';
import { defaultLock, type LockProvider } from './lock';
import { rebaseAll } from './rebase';
import { refresh } from './refresh';
import { createAggregateRefresher } from './aggregate-refresh';
import { scope } from './scope';
import { discardRefused, retryRefused } from './refused';
import { readSession, storeSession, type EngineSession } from './session';
import { sync, type SyncResult } from './sync';
import type { SyncStatus } from './sync-status';
import type { Transport } from './transport';

export type { SyncStatus };

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

/**
 * Runs the engine for a page (or the service worker): drains on start, when the network comes back, when the tab
 * becomes visible, on demand ("Synka nu"), shortly after a change and on a timer while changes wait (respecting the
 * backoff). Exposes the sync status for the UI (`subscribe`/`getStatus`, shaped for useSyncExternalStore). Its parts:
 * the status (./controller-status), when syncs run (./controller-schedule), what starts them (./controller-triggers)
 * and what the user does with a refused change (./refused).
 */
export function createSyncController(options: SyncControllerOptions) {
  const db = options.db ?? offlineDb();
  const now = options.now ?? Date.now;
  const lock = options.lock ?? defaultLock;
  const status = createStatusStore(scope().navigator?.onLine ?? true);
  /** The token is not the session user's: no automatic retries until the app sets a session again. */
  let halted = false;
  let detach: (() => void) | undefined;

  const loop = createSyncLoop({
    now,
    debounceMs: options.debounceMs ?? 300,
    runOnce,
    waiting() {
      const { online, blocked, pending, draining, retryAt } = status.get();
      return halted || !online || blocked || pending === 0 || draining ? false : { retryAt };
    },
  });

  async function runOnce(force: boolean): Promise<SyncResult> {
    status.set({ draining: true });
    try {
      const { companyCode } = status.get();
      const result = await sync({
        db,
        transport: options.transport,
        companyCodes: companyCode ? [companyCode] : [],
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
      status.set({ draining: false });
      await readStatus();
    }
  }

  const query = () => queryStatus(db, () => status.get().companyCode);

  const refreshAggregate = createAggregateRefresher(
    (entity, entityId, news) =>
      refresh({
        db,
        transport: options.transport,
        companyCodes: [],
        aggregates: [{ entity, entityId, ...(news !== undefined ? { news } : {}) }],
        now,
        lock,
        ...(options.onSessionRenewed ? { onSessionRenewed: options.onSessionRenewed } : {}),
      }),
    (updating) => status.set({ updating }),
  );

  async function readStatus(): Promise<void> {
    status.set(await query());
  }

  return {
    /** Starts the triggers and drains once. Call once per page (or worker). */
    start(): Promise<SyncResult | null> {
      if (loop.started) return loop.request(true);
      loop.start();
      const unlisten = listenToScope({
        online: () => {
          status.set({ online: true });
          void loop.request(true);
        },
        offline: () => status.set({ online: false }),
        visible: () => void loop.request(false),
      });
      const unwatch = watchStatus(query, (patch) => {
        status.set(patch);
        loop.scheduleWaiting();
      });
      detach = () => {
        unlisten();
        unwatch();
      };
      return loop.request(true);
    },

    /** Removes the triggers (a running drain finishes). */
    async stop(): Promise<void> {
      const running = loop.stop();
      detach?.();
      detach = undefined;
      await running;
    },

    /** "Synka nu": sends now, even during a backoff, and reads the lists again. */
    syncNow(): Promise<SyncResult | null> {
      return loop.request(true);
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
      if (session) void loop.request(true);
    },

    /**
     * The server has a newer state of this aggregate than the device shows (a live view heard so): reads it alone
     * again, unless its kind knows the device holds that state already (`news`, see `EntityKind.knowsNews`); the status
     * says `updating` until it is read.
     */
    refreshAggregate(entity: OutboxEntity, entityId: string, news?: unknown): Promise<void> {
      return refreshAggregate(entity, entityId, news);
    },

    /** The chosen company: its lists are read again after every drain. */
    setActiveCompany(companyCode: string | null): Promise<SyncResult | null> {
      status.set({ companyCode });
      return companyCode ? loop.request(false) : Promise.resolve(loop.last());
    },

    /** Sends a refused change again (and the changes refused only because they depended on it). */
    async retry(seq: number): Promise<SyncResult | null> {
      await retryRefused(db, seq);
      await readStatus();
      return loop.request(true);
    },

    /** Drops a refused change for good (the UI asks first); the mirror is rebuilt without it. */
    async discard(seq: number): Promise<void> {
      await discardRefused(db, seq);
      await readStatus();
    },

    /** How many changes of a user wait on this device: ask before logging them out. */
    pendingCountFor(userId: string): Promise<number> {
      return waitingCount(db, userId);
    },

    getStatus: status.get,

    subscribe: status.subscribe,

    /** The result of the last sync, if any. */
    lastResult(): SyncResult | null {
      return loop.last();
    },

    db,
  };
}

export type SyncController = ReturnType<typeof createSyncController>;
