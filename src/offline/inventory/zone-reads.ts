import Dexie from 'dexie';
import type { OfflineDb } from '../engine/database';
import type { MirrorInventoryItem } from './tables';

/** The list's [listId+zone] keys: every item with a zone (IndexedDB leaves a null zone out of the index). */
const zoned = (db: OfflineDb, listId: string) =>
  db.inventoryItems.where('[listId+zone]').between([listId, Dexie.minKey], [listId, Dexie.maxKey]);

/**
 * Which zones a list's items are in, and whether some have none, from the indexes alone: no item is read, so the count
 * screen knows where its walk starts before the whole list (5 000 rows, 0.3–0.7 s in Chromium) has been read.
 */
export async function readListZones(db: OfflineDb, listId: string): Promise<{ zones: string[]; hasNone: boolean }> {
  const [keys, all, withZone] = await Promise.all([
    zoned(db, listId).uniqueKeys(),
    db.inventoryItems.where('listId').equals(listId).count(),
    zoned(db, listId).count(),
  ]);
  return { zones: keys.map((k) => (k as unknown as [string, string])[1]), hasNone: all > withZone };
}

/** One zone's items (zone null: those without one, which only a read of the whole list finds). */
export async function readZoneItems(
  db: OfflineDb,
  listId: string,
  zone: string | null,
): Promise<MirrorInventoryItem[]> {
  if (zone !== null) return db.inventoryItems.where('[listId+zone]').equals([listId, zone]).toArray();
  return (await db.inventoryItems.where('listId').equals(listId).toArray()).filter((i) => i.zone === null);
}
