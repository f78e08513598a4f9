import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { offlineDb, type MirrorItem, type MirrorList, type OfflineDb, type OutboxEntry } from './db';
import { compareLists, compareItems } from './purchase-lists/sort';
import type { SyncController, SyncStatus } from './triggers';

/** A company's purchase lists from the mirror, by name (Swedish order); undefined while loading. */
export function usePurchaseLists(companyCode: string | null, db: OfflineDb = offlineDb()): MirrorList[] | undefined {
  return useLiveQuery(
    async () =>
      companyCode ? (await db.purchaseLists.where('companyCode').equals(companyCode).toArray()).sort(compareLists) : [],
    [companyCode, db],
  );
}

/**
 * One list with its items (in the order they were added) from the mirror; null when it does not exist (any more),
 * undefined while loading.
 */
export function usePurchaseList(
  id: string | null,
  db: OfflineDb = offlineDb(),
): { list: MirrorList; items: MirrorItem[] } | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null;
    const [list, items] = await Promise.all([
      db.purchaseLists.get(id),
      db.purchaseListItems.where('listId').equals(id).toArray(),
    ]);
    return list ? { list, items: items.sort(compareItems) } : null;
  }, [id, db]);
}

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
