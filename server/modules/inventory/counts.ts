/** Counting one item (a scan or a typed number) and the item's count events in merge order. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inventoryCountEvents, inventoryListItems } from '../../db/schema';
import {
  COUNT_FUTURE_TOLERANCE_MS,
  type CountAnswer,
  type CountBody,
  type InventoryCount,
} from '../../../contract/inventory';
import { compareCountEvents, mergeCounts, toMilli, toMilliPieces } from '../../../contract/rules/count';
import { conflict } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import type { CountEvents } from './count-events';
import { UUID } from '../../lib/ids';
import { toCount, toMergeEvent, type EventRow } from './rows';
import type { InventoryScope } from './scope';

/** Whether a stored count event is this count body again (a resend). */
function sameCount(existing: EventRow, body: CountBody): boolean {
  const value = body.kind === 'delta' ? body.amount : body.quantity;
  return (
    existing.kind === body.kind &&
    toMilli(existing.value) === toMilli(value) &&
    existing.unit === body.unit &&
    existing.deviceId === body.deviceId
  );
}

export function inventoryCountCalls(db: DbOrTx, scope: InventoryScope, store: CountEvents) {
  const { listOf, itemOf, itemNotFound, userNames, touch, idTaken } = scope;
  const { eventsOf, recompute } = store;

  /** The count event with this id, of this item, with this content (a resend), or false. */
  async function sameCountKnown(itemId: string, body: CountBody): Promise<boolean> {
    const [existing] = await db
      .select()
      .from(inventoryCountEvents)
      .where(and(eq(inventoryCountEvents.id, body.id), eq(inventoryCountEvents.itemId, itemId)));
    return existing !== undefined && sameCount(existing, body);
  }

  /** `known`: the item's events and their merge as `recompute` just read them in this transaction (read once). */
  async function answerFor(
    company: CompanyRow,
    listId: string,
    itemId: string,
    countId: string,
    known?: Awaited<ReturnType<CountEvents['recompute']>>,
  ): Promise<Omit<CountAnswer, 'listVersion'>> {
    const events = known?.events ?? (await eventsOf(itemId));
    const merged = known?.merged ?? mergeCounts(events.map(toMergeEvent));
    const event = events.find((e) => e.id === countId)!;
    const names = await userNames(event.userId ? [event.userId] : []);
    return { item: await itemOf(company.id, listId, itemId), count: toCount(event, names, merged.effective) };
  }

  return {
    /**
     * Records one count (delta or set) and re-derives the item's quantity by the merge rule. A known count id with the
     * same content is a resend: nothing changes and `created` is false. Any other use of the id is 409 ClientIdTaken.
     */
    async count(
      company: CompanyRow,
      userId: string,
      listId: string,
      itemId: string,
      body: CountBody,
      now = new Date(),
    ): Promise<CountAnswer & { created: boolean }> {
      if (!UUID.test(itemId)) throw itemNotFound();
      // A resend of a count the server already holds answers as before, even once the list is closed: it was counted
      // before the close, and the phone must not show it as refused (decision 0062).
      await listOf(company.id, listId);
      if (await sameCountKnown(itemId, body))
        return { ...(await answerFor(company, listId, itemId, body.id)), listVersion: null, created: false };
      await listOf(company.id, listId, true);
      const [item] = await db
        .select({ piecesPerCarton: inventoryListItems.piecesPerCarton })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)))
        .for('update');
      if (!item) throw itemNotFound();
      const value = body.kind === 'delta' ? body.amount : body.quantity;
      const [existing] = await db
        .select()
        .from(inventoryCountEvents)
        .where(and(eq(inventoryCountEvents.id, body.id), eq(inventoryCountEvents.itemId, itemId)));
      let created = false;
      let known: Awaited<ReturnType<typeof recompute>> | undefined;
      let listVersion: number | null = null;
      if (existing) {
        if (!sameCount(existing, body)) throw conflict('ClientIdTaken');
      } else if (await idTaken(inventoryCountEvents, body.id)) {
        throw conflict('ClientIdTaken');
      } else {
        const countedAt = new Date(body.countedAt);
        const latest = now.getTime() + COUNT_FUTURE_TOLERANCE_MS;
        await db.insert(inventoryCountEvents).values({
          id: body.id,
          itemId,
          listId,
          userId,
          deviceId: body.deviceId,
          kind: body.kind,
          value: String(value),
          unit: body.unit,
          pieces: String(toMilliPieces(value, body.unit, item.piecesPerCarton) / 1000),
          countedAt: countedAt.getTime() > latest ? now : countedAt,
          receivedAt: now,
        });
        created = true;
        known = await recompute(itemId, now);
        listVersion = await touch(company.id, listId, now, [itemId], { compared: 'items' });
      }
      return { ...(await answerFor(company, listId, itemId, body.id, known)), listVersion, created };
    },

    async counts(company: CompanyRow, listId: string, itemId: string): Promise<InventoryCount[]> {
      await listOf(company.id, listId);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [item] = await db
        .select({ id: inventoryListItems.id })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      if (!item) throw itemNotFound();
      const events = (await eventsOf(itemId)).sort(compareCountEvents);
      const merged = mergeCounts(events.map(toMergeEvent));
      const names = await userNames(events.flatMap((e) => (e.userId ? [e.userId] : [])));
      return events.map((e) => toCount(e, names, merged.effective));
    },
  };
}
