import { initialSyncStatus, type SyncStatus } from '../../offline/engine/sync-status';
import { session } from './session';

/**
 * The sync status before the offline engine has loaded (decision 0077). The engine (with zod and every kind's code)
 * loads when the page is idle or on the first action that needs it, not when a screen shows the status; until it has
 * taken over, screens read this: online from the browser, and the user, the company, what waits and when the company
 * was last read from the device's database (sync-preview-read.ts, fetched once something subscribes — a screen of
 * mirrored data has Dexie already).
 */
let status: SyncStatus | undefined;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

function set(patch: Partial<SyncStatus>): void {
  status = { ...get(), ...patch };
  for (const listener of listeners) listener();
}

function get(): SyncStatus {
  status ??= initialSyncStatus(online());
  return status;
}

function start(): () => void {
  let stopped = false;
  let unwatch = () => {};
  const onOnline = () => set({ online: true });
  const onOffline = () => set({ online: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  let watch: ((token: () => string | null, onPatch: typeof set) => () => void) | undefined;
  const rewatch = () => {
    unwatch();
    if (watch && !stopped) unwatch = watch(() => session.get()?.token ?? null, set);
  };
  // A login, renewal or logout changes whose status it is: read it again (the engine, once loaded, takes over anyway).
  const unsubscribeSession = session.subscribe(() => {
    if (!session.get()) set({ ...initialSyncStatus(online()), online: get().online });
    rewatch();
  });
  void import('./sync-preview-read')
    .then(({ watchStoredStatus }) => {
      watch = watchStoredStatus;
      rewatch();
    })
    .catch(() => undefined); // a chunk that failed to load: the engine's status comes when it does
  return () => {
    stopped = true;
    unwatch();
    unsubscribeSession();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/** For useSyncExternalStore: watches the database while anyone subscribes. */
export const syncPreview = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    stopWatching ??= start();
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      stopWatching?.();
      stopWatching = undefined;
    };
  },
  get,
};
