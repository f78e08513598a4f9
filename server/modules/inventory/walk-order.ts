/**
 * The walking order of a zone in a list (issue #15, docs/decisions/0061): one PUT sets the zone's `walk_position`s by
 * the shared rule (contract/rules/inventory-items.ts walkPositions), so the phone's mirror and the server place the
 * items alike. A later list of the company starts from these positions (items.ts lastPlacement, article-index.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryListItems } from '../../db/schema';
import type { WalkOrderAnswer, WalkOrderBody } from '../../../contract/inventory';
import { walkOrder, walkPositions } from '../../../contract/rules/inventory-items';
import { AppError } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import type { InventoryScope } from './scope';

export function inventoryWalkOrderCalls(db: DbOrTx, scope: InventoryScope) {
  const { listOf, itemRows, itemNotFound, touch } = scope;

  return {
    /**
     * Sets a zone's walking order. Refused: an item not in the list (404), an item of another zone (400). Sending the
     * order the zone already has changes nothing, not even the list's `updatedAt` (other phones read nothing again).
     */
    async setWalkOrder(company: CompanyRow, listId: string, body: WalkOrderBody, now = new Date()) {
      await listOf(company.id, listId, true);
      const items = await itemRows(company.id, listId);
      const byId = new Map(items.map((i) => [i.id, i]));
      for (const [index, id] of body.itemIds.entries()) {
        const item = byId.get(id);
        if (!item) throw itemNotFound();
        if (item.zone !== body.zone) {
          throw new AppError(400, 'ItemNotInZone', undefined, [
            { path: `itemIds.${index}`, message: errorText('ItemNotInZone') },
          ]);
        }
      }
      const zoneItems = items.filter((i) => i.zone === body.zone);
      const positions = walkPositions(zoneItems, body.itemIds);
      const moved = zoneItems
        .filter((i) => i.walkPosition !== positions.get(i.id))
        .map((i) => ({ id: i.id, position: positions.get(i.id)! }));
      let listVersion: number | null = null;
      if (moved.length > 0) {
        // One statement for the whole zone: a zone of a thousand items is one round trip, not a thousand.
        await db
          .update(inventoryListItems)
          .set({ walkPosition: sql`moved.position`, updatedAt: now })
          .from(sql`jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as moved(id uuid, position int)`)
          .where(and(eq(inventoryListItems.listId, listId), sql`${inventoryListItems.id} = moved.id`));
        listVersion = await touch(company.id, listId, now);
      }
      const answer: WalkOrderAnswer = {
        zone: body.zone,
        data: moved.length > 0 ? (await itemRows(company.id, listId)).filter((i) => i.zone === body.zone) : zoneItems,
        listVersion,
      };
      answer.data.sort(walkOrder);
      return answer;
    },
  };
}
