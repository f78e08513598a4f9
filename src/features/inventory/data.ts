import { useLiveQuery } from 'dexie-react-hooks';
import { errorMessage } from '../../api/error-message';
import { currentUserKey } from '../../api/queries/customer';
import { queryClient } from '../../api/query-client';
import type { CurrentUser } from '../../../contract/customer';
import { translateMessageKey } from '../../lib/message-keys';
import { MutationError } from '../../offline/engine/messages';
import type { InventoryMutationResult } from '../../offline/inventory/mutate';
import { offlineDb, type OfflineDb } from '../../offline/schema';
import type { InventoryChange } from '../../offline/inventory/operations';
import type { InventoryCompanyRow, MirrorInventoryItem, MirrorInventoryList } from '../../offline/inventory/tables';

const collator = new Intl.Collator('sv', { sensitivity: 'base', numeric: true });

/** Newest period first (like the server's overview), then by name. */
export function compareInventoryLists(a: MirrorInventoryList, b: MirrorInventoryList): number {
  const pa = a.dateFrom ?? a.createdAt.slice(0, 10);
  const pb = b.dateFrom ?? b.createdAt.slice(0, 10);
  return pa < pb ? 1 : pa > pb ? -1 : collator.compare(a.name, b.name);
}

/** A company's inventory lists from the mirror; undefined while loading. */
export function useInventoryLists(companyCode: string | null, db: OfflineDb = offlineDb()) {
  return useLiveQuery(
    async () =>
      companyCode
        ? (await db.inventoryLists.where('companyCode').equals(companyCode).toArray()).sort(compareInventoryLists)
        : [],
    [companyCode, db],
  );
}

/** One list and its items from the mirror; null when it is not on the device, undefined while loading. */
export function useInventoryList(
  id: string | null,
  db: OfflineDb = offlineDb(),
): { list: MirrorInventoryList; items: MirrorInventoryItem[] } | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null;
    const [list, items] = await Promise.all([
      db.inventoryLists.get(id),
      db.inventoryItems.where('listId').equals(id).toArray(),
    ]);
    return list ? { list, items } : null;
  }, [id, db]);
}

/**
 * Only the list row (no items): the count screen must not re-read a 5 000-item list on every scan (see
 * bench/inventory.bench.ts). null when it is not on the device, undefined while loading.
 */
export function useInventoryListHead(id: string | null, db: OfflineDb = offlineDb()) {
  return useLiveQuery(async () => (id ? ((await db.inventoryLists.get(id)) ?? null) : null), [id, db]);
}

/** Items of a list whose name or article number contains `query` (in `zone`, if given), read once per query. */
export async function findListItems(
  listId: string,
  query: string,
  zone: string,
  limit = 6,
  db: OfflineDb = offlineDb(),
): Promise<MirrorInventoryItem[]> {
  const q = query.trim().toLocaleLowerCase('sv');
  if (!q) return [];
  return db.inventoryItems
    .where('listId')
    .equals(listId)
    .filter(
      (i) =>
        (!zone || i.zone === zone) &&
        (i.name.toLocaleLowerCase('sv').includes(q) || i.articleNumber.toLowerCase().includes(q)),
    )
    .limit(limit)
    .toArray();
}

/** Zones, accounts and the article index version the device keeps for a company (null: never read). */
export function useInventoryCompany(
  companyCode: string | null,
  db: OfflineDb = offlineDb(),
): InventoryCompanyRow | null | undefined {
  return useLiveQuery(
    async () => (companyCode ? ((await db.inventoryCompanies.get(companyCode)) ?? null) : null),
    [companyCode, db],
  );
}

/**
 * The code that makes a change (the inventory kind's operations, checked with the API's zod schemas): not in the
 * screens' first load (decision 0070, second round). A screen that takes changes asks for it once it has drawn
 * (`preloadChanges`), long before the first tap; offline it comes from the service worker's precache.
 */
const changes = () => import('../../offline/inventory/mutate');

/** Fetches the code of `changeInventory` ahead of the first change (a screen calls it after its first paint). */
export function preloadChanges(): void {
  void changes().catch(() => undefined);
}

/** Every change to an inventory list goes through the offline engine (committed to IndexedDB before it resolves). */
export async function changeInventory(change: InventoryChange): Promise<InventoryMutationResult> {
  const { mutateInventory } = await changes();
  return mutateInventory(offlineDb(), withCounter(change));
}

/** A count names the logged-in user as its counter, so the row shows them while it waits to be sent. */
function withCounter(change: InventoryChange): InventoryChange {
  if (change.type !== 'countDelta' && change.type !== 'countSet' && change.type !== 'undoScan') return change;
  if (change.countedBy !== undefined) return change;
  const user = queryClient.getQueryData<CurrentUser>(currentUserKey);
  return user ? { ...change, countedBy: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } } : change;
}

/** The Swedish text of a refused change, or of any other error. */
export function changeErrorText(error: unknown): string {
  if (!(error instanceof MutationError)) return errorMessage(error);
  const field = error.fields[0];
  return field && error.code === 'ValidationError'
    ? translateMessageKey(field.message) || error.message
    : error.message;
}

/** The field message of a refused change for one of these fields (validation keys translated). */
export function fieldErrorOf(error: unknown, ...paths: string[]): string | undefined {
  if (!(error instanceof MutationError)) return undefined;
  const field = error.fields.find((f) => paths.includes(f.path.split('.')[0] ?? f.path));
  return field ? translateMessageKey(field.message) : undefined;
}
