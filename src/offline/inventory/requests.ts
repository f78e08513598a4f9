/** The request each inventory change becomes, and what it creates and depends on (for the outbox's order). */
import { inventory, pathTo } from '../../../contract/routes';
import type { HttpMethod } from '../engine/database';
import type { InventoryOp } from './changes';

export interface OpRequest {
  method: HttpMethod;
  path: string;
  body: unknown;
}

/** A list with its items; `changedSince`: only the items changed after that version, when the server can (0090). */
export const listPath = (code: string, id: string, changedSince?: number) =>
  pathTo(inventory.detail, { companyCode: code, id }, { changedSince });
const itemPath = (code: string, id: string, itemId: string) =>
  pathTo(inventory.updateItem, { companyCode: code, listId: id, itemId });

export function requestOf(op: InventoryOp): OpRequest {
  switch (op.type) {
    case 'createList':
      return {
        method: 'POST',
        path: pathTo(inventory.create, { companyCode: op.companyCode }),
        body: { id: op.listId, name: op.name, dateFrom: op.dateFrom, dateTo: op.dateTo },
      };
    case 'updateList':
      return {
        method: 'PUT',
        path: listPath(op.companyCode, op.listId),
        body: { name: op.name, dateFrom: op.dateFrom, dateTo: op.dateTo },
      };
    case 'deleteList':
      return { method: 'DELETE', path: listPath(op.companyCode, op.listId), body: null };
    case 'closeList':
      return {
        method: 'POST',
        path: pathTo(inventory.close, { companyCode: op.companyCode, id: op.listId }),
        body: op.reopenedAt === undefined ? null : { reopenedAt: op.reopenedAt },
      };
    case 'addItem':
      return {
        method: 'POST',
        path: pathTo(inventory.addItem, { companyCode: op.companyCode, listId: op.listId }),
        body: {
          id: op.itemId,
          ...(op.article.kind === 'product' ? { productId: op.article.id } : { companyProductId: op.article.id }),
          ...op.fields,
        },
      };
    case 'patchItem':
      return { method: 'PATCH', path: itemPath(op.companyCode, op.listId, op.itemId), body: op.fields };
    case 'deleteItem':
      return { method: 'DELETE', path: itemPath(op.companyCode, op.listId, op.itemId), body: null };
    case 'count':
      return {
        method: 'POST',
        path: pathTo(inventory.count, { companyCode: op.companyCode, listId: op.listId, itemId: op.itemId }),
        body: {
          id: op.countId,
          kind: op.kind,
          ...(op.kind === 'delta' ? { amount: op.value } : { quantity: op.value }),
          unit: op.unit,
          countedAt: op.at,
          deviceId: op.deviceId,
        },
      };
    case 'reorderZone':
      return {
        method: 'PUT',
        path: pathTo(inventory.walkOrder, { companyCode: op.companyCode, listId: op.listId }),
        body: { zone: op.zone, itemIds: op.itemIds },
      };
  }
}

export function dependenciesOf(op: InventoryOp): { creates: string | null; dependsOn: string[] } {
  switch (op.type) {
    case 'createList':
      return { creates: op.listId, dependsOn: [] };
    case 'addItem':
      return { creates: op.itemId, dependsOn: [op.listId] };
    case 'patchItem':
    case 'deleteItem':
    case 'count':
      return { creates: null, dependsOn: [op.listId, op.itemId] };
    case 'reorderZone':
      // Items added on this device must reach the server before an order that names them.
      return { creates: null, dependsOn: [op.listId, ...op.itemIds] };
    default:
      return { creates: null, dependsOn: [op.listId] };
  }
}
