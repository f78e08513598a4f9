import type { OfflineDb } from '../engine/database';

/**
 * The meta key that says a list was opened on this device: its items are kept and read again when they change. Its
 * own module: marking a list opened must load neither the refresh (kind.ts) nor the change code (mutate.ts, zod).
 */
export const openedKey = (listId: string) => `inventoryOpened|${listId}`;

/**
 * Marks a list as opened on this device: from now on the refresh reads its items (and again when they change).
 * Returns true when it was not marked before.
 */
export async function openInventoryList(db: OfflineDb, listId: string): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    if (await db.meta.get(openedKey(listId))) return false;
    await db.meta.put({ key: openedKey(listId), value: new Date().toISOString() });
    return true;
  });
}
