import { liveQuery } from 'dexie';
import { initialSyncStatus, type SyncStatus } from './sync-status';

type Listener = (status: SyncStatus) => void;

/** The controller's sync status and who listens to it (shaped for useSyncExternalStore). */
export function createStatusStore(online: boolean) {
  let status: SyncStatus = initialSyncStatus(online);
  const listeners = new Set<Listener>();
  return {
    get: (): SyncStatus => status,
    set(patch: Partial<SyncStatus>): void {
      status = { ...status, ...patch };
      for (const listener of listeners) listener(status);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Runs `query` again on every change of what it reads (the outbox, the session) and hands over each answer. */
export function watchStatus(query: () => Promise<Partial<SyncStatus>>, onPatch: (patch: Partial<SyncStatus>) => void) {
  const subscription = liveQuery(query).subscribe({
    next: onPatch,
    error: (error: unknown) => console.error('Skafferi: synkstatus kunde inte läsas', error),
  });
  return () => subscription.unsubscribe();
}
