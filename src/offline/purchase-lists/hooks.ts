import { useLiveQuery } from 'dexie-react-hooks';
import { offlineDb, type OfflineDb } from '../schema';
import { compareLists, compareItems } from './sort';
import type { MirrorItem, MirrorList } from './tables';

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
