/** The items of a list: the filtered and sorted items, and adding, changing and removing one. */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  chartAccounts,
  companyProducts,
  companyZones,
  inventoryListItems,
  inventoryLists,
  products,
} from '../../db/schema';
import {
  COUNT_FUTURE_TOLERANCE_MS,
  type AddInventoryItemBody,
  type InventoryUnit,
  type UpdateInventoryItemBody,
} from '../../../contract/inventory';
import { mergeCounts } from '../../../contract/rules/count';
import { convertPrice } from '../../../contract/rules/units';
import { AppError, conflict } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { createPriceService } from '../prices/service';
import type { CountEvents } from './count-events';
import { UUID } from '../../lib/ids';
import { toMergeEvent } from './rows';
import type { InventoryScope, ItemQuery } from './scope';

/**
 * When the review accepted a count: the device's moment of acceptance (it may accept offline), or the server's time
 * without one; a moment ahead of the server is the server's time, as with a count's countedAt (decision 0062).
 */
function acceptedAt(sent: string | undefined, now: Date): Date {
  if (sent === undefined) return now;
  const at = new Date(sent);
  return at.getTime() > now.getTime() + COUNT_FUTURE_TOLERANCE_MS ? now : at;
}

export function inventoryItemCalls(db: DbOrTx, scope: InventoryScope, store: CountEvents) {
  const { listOf, itemOf, itemNotFound, sortedItems, touch, idTaken } = scope;
  const { eventsOf, recompute } = store;
  const fieldError = (status: number, code: 'ArticleAlreadyInList' | 'ArticleNumberTaken', path: string) =>
    new AppError(status, code, undefined, [{ path, message: errorText(code) }]);

  async function checkAccount(companyId: string, account: string | null | undefined, path = 'account') {
    if (account === null || account === undefined) return;
    const [row] = await db
      .select({ number: chartAccounts.number })
      .from(chartAccounts)
      .where(
        and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.number, account), eq(chartAccounts.active, true)),
      );
    if (!row) throw new AppError(400, 'UnknownAccount', undefined, [{ path, message: errorText('UnknownAccount') }]);
  }

  async function checkZone(companyId: string, zone: string | null | undefined, path = 'zone') {
    if (zone === null || zone === undefined) return;
    const [row] = await db
      .select({ name: companyZones.name })
      .from(companyZones)
      .where(and(eq(companyZones.companyId, companyId), eq(companyZones.name, zone)));
    if (!row) throw new AppError(400, 'UnknownZone', undefined, [{ path, message: errorText('UnknownZone') }]);
  }

  /** Where the company placed an article last time (latest list first): zone, account and walk position defaults. */
  async function lastPlacement(companyId: string, articleNumber: string) {
    const [row] = await db
      .select({
        account: inventoryListItems.account,
        zone: inventoryListItems.zone,
        walkPosition: inventoryListItems.walkPosition,
      })
      .from(inventoryListItems)
      .innerJoin(inventoryLists, eq(inventoryLists.id, inventoryListItems.listId))
      .where(and(eq(inventoryLists.companyId, companyId), eq(inventoryListItems.articleNumber, articleNumber)))
      .orderBy(desc(inventoryLists.createdAt), desc(inventoryListItems.createdAt))
      .limit(1);
    return row;
  }

  return {
    async items(company: CompanyRow, listId: string, query: ItemQuery) {
      await listOf(company.id, listId);
      const data = await sortedItems(company.id, listId, query);
      return { data, stockValue: data.reduce((s, i) => s + i.stockValue, 0) };
    },

    /**
     * Adds a catalogue product or an own article (see contract addInventoryItemBody for defaults and refusals).
     */
    async addItem(company: CompanyRow, listId: string, body: AddInventoryItemBody, now = new Date()) {
      await listOf(company.id, listId, true);
      type Source = {
        articleNumber: string;
        name: string;
        unit: InventoryUnit;
        piecesPerCarton: number;
        price: number;
        account: string | null;
        zone: string | null;
      };
      let source: Source;
      if (body.productId !== undefined) {
        const [p] = await db
          .select({
            id: products.id,
            sku: products.sku,
            name: products.name,
            unit: products.unit,
            piecesPerCarton: products.piecesPerCarton,
          })
          .from(products)
          .where(eq(products.id, body.productId));
        if (!p) {
          throw new AppError(404, 'ProductNotFound', undefined, [
            { path: 'productId', message: errorText('ProductNotFound') },
          ]);
        }
        const [price] = await createPriceService(db).forCompany(company.id, [p.id], now);
        source = {
          articleNumber: p.sku,
          name: p.name,
          unit: p.unit,
          piecesPerCarton: p.piecesPerCarton,
          price: price?.price ?? 0,
          account: null,
          zone: null,
        };
      } else {
        const [o] = await db
          .select()
          .from(companyProducts)
          .where(and(eq(companyProducts.id, body.companyProductId ?? ''), eq(companyProducts.companyId, company.id)));
        if (!o) {
          throw new AppError(404, 'CompanyProductNotFound', undefined, [
            { path: 'companyProductId', message: errorText('CompanyProductNotFound') },
          ]);
        }
        source = {
          articleNumber: o.articleNumber,
          name: o.name,
          unit: o.unit,
          piecesPerCarton: o.piecesPerCarton,
          price: o.price,
          account: o.account,
          zone: o.zone,
        };
      }

      if (body.id) {
        const [existing] = await db
          .select({
            productId: inventoryListItems.productId,
            companyProductId: inventoryListItems.companyProductId,
          })
          .from(inventoryListItems)
          .where(and(eq(inventoryListItems.id, body.id), eq(inventoryListItems.listId, listId)));
        if (existing) {
          const same =
            body.productId !== undefined
              ? existing.productId === body.productId
              : existing.companyProductId === body.companyProductId;
          if (!same) throw conflict('ClientIdTaken');
          return itemOf(company.id, listId, body.id);
        }
        if (await idTaken(inventoryListItems, body.id)) throw conflict('ClientIdTaken');
      }

      const [taken] = await db
        .select({ productId: inventoryListItems.productId, companyProductId: inventoryListItems.companyProductId })
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.listId, listId), eq(inventoryListItems.articleNumber, source.articleNumber)));
      if (taken) {
        const sameArticle =
          body.productId !== undefined
            ? taken.productId === body.productId
            : taken.companyProductId === body.companyProductId;
        if (sameArticle)
          throw fieldError(409, 'ArticleAlreadyInList', body.productId ? 'productId' : 'companyProductId');
        throw fieldError(409, 'ArticleNumberTaken', body.productId ? 'productId' : 'companyProductId');
      }

      const placement = await lastPlacement(company.id, source.articleNumber);
      const unit = body.unit ?? source.unit;
      const account = body.account !== undefined ? body.account : (placement?.account ?? source.account);
      const zone = body.zone !== undefined ? body.zone : (placement?.zone ?? source.zone);
      // The place in the walk goes with the zone it was in: in another zone it means nothing (docs/decisions/0061).
      const walkPosition = placement && placement.zone === zone ? placement.walkPosition : null;
      if (body.account !== undefined) await checkAccount(company.id, account);
      if (body.zone !== undefined) await checkZone(company.id, zone);
      const id = body.id ?? crypto.randomUUID();
      await db.insert(inventoryListItems).values({
        id,
        listId,
        productId: body.productId ?? null,
        companyProductId: body.companyProductId ?? null,
        articleNumber: source.articleNumber,
        name: source.name,
        unit,
        piecesPerCarton: source.piecesPerCarton,
        price: body.price ?? convertPrice(source.price, source.unit, unit, source.piecesPerCarton),
        account,
        zone,
        walkPosition,
        parLevel: body.parLevel === undefined || body.parLevel === null ? null : String(body.parLevel),
        createdAt: now,
        updatedAt: now,
      });
      const listVersion = await touch(company.id, listId, now, [id], { compared: 'items' });
      return { ...(await itemOf(company.id, listId, id)), listVersion };
    },

    async updateItem(
      company: CompanyRow,
      listId: string,
      itemId: string,
      body: UpdateInventoryItemBody,
      now = new Date(),
    ) {
      await listOf(company.id, listId, true);
      if (!UUID.test(itemId)) throw itemNotFound();
      const [row] = await db
        .select()
        .from(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      if (!row) throw itemNotFound();
      if (body.account !== undefined) await checkAccount(company.id, body.account);
      if (body.zone !== undefined) await checkZone(company.id, body.zone);
      const unit = body.unit ?? row.unit;
      const changes: Partial<typeof inventoryListItems.$inferInsert> = { updatedAt: now };
      if (body.unit !== undefined) changes.unit = body.unit;
      if (body.price !== undefined) changes.price = body.price;
      else if (unit !== row.unit) changes.price = convertPrice(row.price, row.unit, unit, row.piecesPerCarton);
      if (body.account !== undefined) changes.account = body.account;
      if (body.zone !== undefined) changes.zone = body.zone;
      if (body.parLevel !== undefined) changes.parLevel = body.parLevel === null ? null : String(body.parLevel);
      if (body.resolveConflict) {
        const merged = mergeCounts((await eventsOf(itemId)).map(toMergeEvent));
        changes.conflictResolvedUntil = merged.overriddenUntil ?? now;
      }
      if (body.accept) changes.acceptedAt = acceptedAt(body.acceptedAt, now);
      await db
        .update(inventoryListItems)
        .set(changes)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)));
      await recompute(itemId, now);
      // A new unit or a resolved conflict can move the quantity, which is the previous count of lists compared with it.
      const moved = body.unit !== undefined || body.resolveConflict === true;
      const listVersion = await touch(company.id, listId, now, [itemId], moved ? { compared: 'items' } : {});
      return { ...(await itemOf(company.id, listId, itemId)), listVersion };
    },

    async removeItem(company: CompanyRow, listId: string, itemId: string, now = new Date()) {
      await listOf(company.id, listId, true);
      if (!UUID.test(itemId)) throw itemNotFound();
      const removed = await db
        .delete(inventoryListItems)
        .where(and(eq(inventoryListItems.id, itemId), eq(inventoryListItems.listId, listId)))
        .returning({ id: inventoryListItems.id });
      if (removed.length === 0) throw itemNotFound();
      await touch(company.id, listId, now, [itemId], { whole: true, compared: 'whole' });
    },
  };
}
