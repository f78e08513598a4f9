import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryListItems, inventoryLists } from '../../db/schema';
import { createInventoryScope } from './scope';

/**
 * A person's name changed (in their own profile, or by their administrator): the items that name them — who counted
 * them, who counted them last, who set their quantity — show it from the next read. The names are joined when a list
 * is read, so nothing of the items changes, but the phones' copies and the open views would keep the old name until
 * the list changed for another reason. So each list with such items is raised once, in the transaction that changed
 * the name, and those items are stamped with the version it makes (decision 0093): a phone reads only them, an open
 * view hears of them. The lists' `updatedAt` stays: what they hold did not change.
 */
export async function nameChanged(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  const namesUser = sql`(${inventoryListItems.lastCountedBy} = ${userId}::uuid or ${inventoryListItems.lastSetBy} = ${userId}::uuid
    or ${userId} = any(${inventoryListItems.countedBy}))`;
  const lists = await db
    .selectDistinct({ listId: inventoryListItems.listId, companyId: inventoryLists.companyId })
    .from(inventoryListItems)
    .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
    .where(namesUser)
    .orderBy(inventoryListItems.listId);
  const scope = createInventoryScope(db);
  // One list after another, in the order of their ids, each locked before its items are stamped (as every change of a
  // list does: the stamp is the version the raise makes). Closed lists too: they show the names as well.
  for (const { listId, companyId } of lists) {
    await scope.lockedAsIs(companyId, listId);
    const stamped = await db
      .update(inventoryListItems)
      .set({ listId: sql`${inventoryListItems.listId}` })
      .where(sql`${inventoryListItems.listId} = ${listId} and ${namesUser}`)
      .returning({ id: inventoryListItems.id });
    await scope.touch(
      companyId,
      listId,
      now,
      stamped.map((row) => row.id),
      { shownOnly: true },
    );
  }
}
