import type { OfflineDb } from '../engine/database';
import { isListClosed, type MirrorInventoryList } from './tables';

export interface ArticleLists {
  /**
   * The company's open lists whose items are on the device (so counting and adding work offline), newest change
   * first. A closed list refuses counts (docs/decisions/0062), so it is never offered.
   */
  lists: MirrorInventoryList[];
  /** Article number → the newest of those lists that has the article. */
  containing: Map<string, MirrorInventoryList>;
}

/**
 * Where articles found offline can be counted: the lists on the device, and for each article number the most recent
 * one that holds it (an indexed read per list and article; a handful of lists and at most a page of articles).
 */
export async function listsForArticles(
  db: OfflineDb,
  companyCode: string,
  articleNumbers: readonly string[],
): Promise<ArticleLists> {
  const lists = (await db.inventoryLists.where('companyCode').equals(companyCode).toArray())
    .filter((l) => l.itemsRead && !isListClosed(l))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  const containing = new Map<string, MirrorInventoryList>();
  for (const list of lists) {
    const missing = articleNumbers.filter((n) => !containing.has(n));
    if (missing.length === 0) break;
    const found = await db.inventoryItems
      .where('[listId+articleNumber]')
      .anyOf(missing.map((n) => [list.id, n]))
      .toArray();
    for (const item of found) if (!containing.has(item.articleNumber)) containing.set(item.articleNumber, list);
  }
  return { lists, containing };
}
