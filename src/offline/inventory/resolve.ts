/** Resolving the UI's change into the stored op, validated with the API's own schemas. */
import { v7 as uuidv7 } from 'uuid';
import {
  addInventoryItemBody,
  countBody,
  createInventoryListBody,
  updateInventoryItemBody,
  updateInventoryListBody,
  walkOrderBody,
} from '../../../contract/inventory';
import { parsedOrRefused } from '../engine/messages';
import type { InventoryChange, InventoryOp, ItemChanges } from './changes';

/** What `resolveChange` needs from the device: the list's company, the item's name, account names, the device id. */
export interface ResolveContext {
  at: string;
  newId: () => string;
  companyCode: string;
  itemName: string;
  deviceId: string;
  accountName: (account: string | null | undefined) => string | null;
  /** The list's last reopening as the device knows it (null: none, or a new list). */
  reopenedAt: string | null;
}

function pickFields<T extends ItemChanges>(body: T): ItemChanges {
  const out: ItemChanges = {};
  if (body.unit !== undefined) out.unit = body.unit;
  if (body.price !== undefined) out.price = body.price;
  if (body.account !== undefined) out.account = body.account;
  if (body.zone !== undefined) out.zone = body.zone;
  if (body.parLevel !== undefined) out.parLevel = body.parLevel;
  if (body.resolveConflict) out.resolveConflict = true;
  if (body.accept) out.accept = true;
  if (body.acceptedAt !== undefined) out.acceptedAt = body.acceptedAt;
  return out;
}

export function resolveChange(change: InventoryChange, c: ResolveContext): InventoryOp {
  const base = { listId: 'listId' in change ? change.listId : '', companyCode: c.companyCode, at: c.at };
  switch (change.type) {
    case 'createList': {
      const body = parsedOrRefused(
        createInventoryListBody.safeParse({
          id: change.id ?? c.newId(),
          name: change.name,
          dateFrom: change.dateFrom ?? null,
          dateTo: change.dateTo ?? null,
        }),
      );
      return {
        type: 'createList',
        ...base,
        listId: body.id!,
        companyCode: change.companyCode,
        name: body.name,
        dateFrom: body.dateFrom ?? null,
        dateTo: body.dateTo ?? null,
        createdBy: change.createdBy ?? null,
      };
    }
    case 'updateList': {
      const body = parsedOrRefused(updateInventoryListBody.safeParse(change));
      return {
        type: 'updateList',
        ...base,
        name: body.name,
        dateFrom: body.dateFrom ?? null,
        dateTo: body.dateTo ?? null,
      };
    }
    case 'deleteList':
      return { type: 'deleteList', ...base };
    case 'closeList':
      return { type: 'closeList', ...base, closedBy: change.closedBy ?? null, reopenedAt: c.reopenedAt };
    case 'addItem': {
      const { type: _, listId: __, article, id, ...rest } = change;
      const body = parsedOrRefused(
        addInventoryItemBody.safeParse({
          id: id ?? c.newId(),
          ...(article.kind === 'product' ? { productId: article.id } : { companyProductId: article.id }),
          ...rest,
        }),
      );
      const fields = pickFields(body);
      return {
        type: 'addItem',
        ...base,
        itemId: body.id!,
        article,
        fields,
        accountName: c.accountName(fields.account !== undefined ? fields.account : article.account),
      };
    }
    case 'patchItem': {
      const { type: _, listId: __, itemId, ...rest } = change;
      // An acceptance made on the device carries its moment: a count after it brings the review flags back.
      const body = rest.accept ? { ...rest, acceptedAt: rest.acceptedAt ?? c.at } : rest;
      const fields = pickFields(parsedOrRefused(updateInventoryItemBody.safeParse(body)));
      return {
        type: 'patchItem',
        ...base,
        itemId,
        name: c.itemName,
        fields,
        accountName: fields.account !== undefined ? c.accountName(fields.account) : null,
      };
    }
    case 'deleteItem':
      return { type: 'deleteItem', ...base, itemId: change.itemId, name: c.itemName };
    case 'countDelta':
    case 'countSet':
    case 'undoScan': {
      const kind = change.type === 'countSet' ? 'set' : 'delta';
      const value =
        change.type === 'countSet' ? change.quantity : change.type === 'undoScan' ? -change.amount : change.amount;
      const countId = change.id ?? c.newId();
      parsedOrRefused(
        countBody.safeParse({
          id: countId,
          kind,
          ...(kind === 'delta' ? { amount: value } : { quantity: value }),
          unit: change.unit,
          countedAt: c.at,
          deviceId: c.deviceId,
        }),
      );
      return {
        type: 'count',
        ...base,
        itemId: change.itemId,
        name: c.itemName,
        countId,
        kind,
        value,
        unit: change.unit,
        deviceId: c.deviceId,
        undo: change.type === 'undoScan',
        ...(change.countedBy ? { countedBy: change.countedBy } : {}),
      };
    }
    case 'reorderZone': {
      const body = parsedOrRefused(walkOrderBody.safeParse({ zone: change.zone, itemIds: change.itemIds }));
      return { type: 'reorderZone', ...base, zone: body.zone, itemIds: body.itemIds };
    }
  }
}

/** A fresh uuid v7 (ids of one device sort in creation order, which the merge rule uses for ties). */
export const newClientId = () => uuidv7();
