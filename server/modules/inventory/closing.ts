/**
 * Closing a list after review, and reopening it (decision 0062). A closed list refuses every change to itself, its
 * items and counts (scope.ts `listOf(…, lock)` answers 409 InventoryListClosed); reading and exports still work.
 * Who may reopen is decided by the route's access (customer administrators and staff), not here.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryLists } from '../../db/schema';
import type { CloseInventoryListBody, InventoryList } from '../../../contract/inventory';
import { reopenedSince } from '../../../contract/rules/closing';
import { conflict } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import type { InventoryScope } from './scope';

export function inventoryClosingCalls(db: DbOrTx, scope: InventoryScope) {
  const { lockedAsIs, summary, touch } = scope;

  type Closing = Pick<typeof inventoryLists.$inferInsert, 'closedAt' | 'closedBy' | 'reopenedAt'>;

  async function setClosed(company: CompanyRow, id: string, closing: Closing, now: Date) {
    await db
      .update(inventoryLists)
      .set(closing)
      .where(and(eq(inventoryLists.id, id), eq(inventoryLists.companyId, company.id)));
    // Moves updatedAt and tells open live views (decision 0060), like every other change to a list.
    await touch(company.id, id, now);
  }

  return {
    /**
     * Closes the list. Closing a closed list changes nothing and answers the list as it is (who closed it first and
     * when stay): a phone that closed offline while another closed online is not refused for it. A close that names
     * the reopening its phone knew (`body.reopenedAt`) is refused with 409 InventoryListReopened when the list was
     * reopened since: the user closed what they had reviewed before an administrator opened it again for more counts.
     */
    async close(
      company: CompanyRow,
      userId: string,
      id: string,
      body: CloseInventoryListBody,
      now = new Date(),
    ): Promise<InventoryList> {
      const row = await lockedAsIs(company.id, id);
      if (row.closedAt !== null) return summary(company.id, id);
      const known = body?.reopenedAt;
      if (known !== undefined && reopenedSince(row.reopenedAt?.toISOString(), known))
        throw conflict('InventoryListReopened');
      await setClosed(company, id, { closedAt: now, closedBy: userId }, now);
      return summary(company.id, id);
    },

    /** Reopens the list; reopening an open list changes nothing and answers it as it is. */
    async reopen(company: CompanyRow, id: string, now = new Date()): Promise<InventoryList> {
      const row = await lockedAsIs(company.id, id);
      if (row.closedAt !== null) await setClosed(company, id, { closedAt: null, closedBy: null, reopenedAt: now }, now);
      return summary(company.id, id);
    },
  };
}
