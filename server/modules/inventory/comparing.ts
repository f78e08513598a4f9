/**
 * The lists compared with a changed list (decision 0091): a list's previous counts are the quantities of the same
 * article numbers in the list it is compared with, and its previous list's name is that list's name, both joined when
 * read. So a change there is a change here that no row of this list makes: `touch` (scope.ts) raises these lists too.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { inventoryListItems, inventoryLists } from '../../db/schema';
import { publishOn } from '../../lib/bus';

/** What a change to a list changes in the lists compared with it. */
export type Compared = 'items' | 'list' | 'whole';

/** The items `touch` was told of, read for their article numbers inside the statement that writes the same table. */
const changedItem = alias(inventoryListItems, 'changed_item');

/**
 * The lists compared with the one `touch` raises, found in the same statement (no round trip more for a count when
 * none compares with it): those of its company that name it as their previous list — except one that this list is,
 * through its previous lists, compared with in turn (A with B, B with C, C with A): a change to each of them at once
 * would lock their lists in a circle, and PostgreSQL would fail one of them (decision 0091).
 */
export const comparingLists = (wanted: boolean) =>
  wanted
    ? // Written out: in an UPDATE's RETURNING the builder leaves its columns unqualified, which `l` would shadow.
      sql<string[]>`array(select l.id::text from inventory_lists l
        where l.company_id = inventory_lists.company_id and l.previous_list_id = inventory_lists.id
          and not exists (
            with recursive earlier(id) as (
              select inventory_lists.previous_list_id
              union
              select p.previous_list_id from inventory_lists p join earlier e on p.id = e.id
            )
            select 1 from earlier where earlier.id = l.id)
        order by l.id)`
    : sql<string[]>`'{}'::text[]`;

/**
 * A list's previous counts are the quantities of the same article numbers in the list it is compared with, and its
 * previous list's name is that list's (decision 0091). When those change, the comparing lists' versions rise too, so
 * that phones holding them hear of it and read what changed: `items` stamps their items of the changed items'
 * article numbers (locked first, as every change locks its list before writing items), `list` (a rename) raises
 * their versions with no item, `whole` (an item removed) marks them to be read whole. Their `updatedAt` stays: their
 * own content did not change. These raises tell no further lists (a previous count is no list's quantity).
 */
export async function touchComparing(
  db: DbOrTx,
  companyId: string,
  listId: string,
  lists: string[],
  itemIds: string[],
  compared: Compared,
) {
  const stamped = new Map<string, string[]>();
  if (compared === 'items') {
    if (itemIds.length === 0) return;
    await db
      .select({ id: inventoryLists.id })
      .from(inventoryLists)
      .where(inArray(inventoryLists.id, lists))
      .orderBy(inventoryLists.id)
      .for('update');
    const rows = await db
      .update(inventoryListItems)
      // Unchanged: the row's trigger stamps the version the raise below makes (decision 0090).
      .set({ changedVersion: sql`${inventoryListItems.changedVersion}` })
      .where(
        and(
          inArray(inventoryListItems.listId, lists),
          inArray(
            inventoryListItems.articleNumber,
            db
              .select({ articleNumber: changedItem.articleNumber })
              .from(changedItem)
              .where(and(eq(changedItem.listId, listId), inArray(changedItem.id, itemIds))),
          ),
        ),
      )
      .returning({ listId: inventoryListItems.listId, id: inventoryListItems.id });
    for (const r of rows) stamped.set(r.listId, [...(stamped.get(r.listId) ?? []), r.id]);
  }
  for (const id of lists) {
    if (compared === 'items' && !stamped.has(id)) continue;
    const next = sql`${inventoryLists.version} + 1`;
    const [row] = await db
      .update(inventoryLists)
      .set({ version: next, ...(compared === 'whole' ? { wholeFrom: next } : {}) })
      .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, companyId)))
      .returning({ version: inventoryLists.version });
    const version = row?.version ?? 0;
    await publishOn(db, { type: 'inventory-changed', companyId, listId: id, itemIds: stamped.get(id) ?? [], version });
  }
}
