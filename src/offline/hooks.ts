import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { offlineDb, type OfflineDb, type OutboxEntry, type SyncController, type SyncStatus } from './index';

// The React face of the offline engine and its kinds (the engine itself has no React). Importing '.' registers the
// kinds before a hook opens the database.
export { usePurchaseList, usePurchaseLists } from './purchase-lists/hooks';

/** The current user's waiting and refused changes, oldest first (the sync panel). */
export function useOutbox(userId: string | null, db: OfflineDb = offlineDb()): OutboxEntry[] | undefined {
  return useLiveQuery(
    async () =>
      userId
        ? (await db.outbox.where('[userId+status]').between([userId, ''], [userId, '\uffff']).toArray()).sort(
            (a, b) => a.seq - b.seq,
          )
        : [],
    [userId, db],
  );
}

/** The sync status (online, waiting, refused, blocked, last synced, draining) of a controller. */
export function useSyncStatus(controller: SyncController): SyncStatus {
  return useSyncExternalStore(controller.subscribe, controller.getStatus, controller.getStatus);
}
