import { v7 as uuidv7 } from 'uuid';
import { settleQuantity } from '../../../contract/rules/quantity';
import { pathTo, purchaseLists } from '../../../contract/routes';
import {
  addPurchaseListItemBody,
  createPurchaseListBody,
  renamePurchaseListBody,
  updatePurchaseListItemBody,
  type PurchaseListItem,
} from '../../../contract/purchase-lists';
import type { HttpMethod } from '../engine/database';
import { MutationError, messageFor, parsedOrRefused } from '../engine/messages';
import type { MirrorItem, MirrorList } from './tables';

/** What the mirror needs of a product to show a line before the server has answered (from the catalogue). */
export type ProductSnapshot = Omit<PurchaseListItem, 'id' | 'quantity' | 'addedAt'>;

/** A change to purchase lists as the UI asks for it. Ids of new rows may be given; otherwise a uuid v7 is made. */
export type PurchaseListChange =
  | { type: 'createList'; companyCode: string; name: string; id?: string; createdBy?: string | null }
  | { type: 'renameList'; listId: string; name: string }
  | { type: 'deleteList'; listId: string }
  | { type: 'addItem'; listId: string; product: ProductSnapshot; quantity: number; id?: string }
  | { type: 'setItemQuantity'; listId: string; itemId: string; quantity: number }
  | { type: 'removeItem'; listId: string; itemId: string }
  | { type: 'resetList'; listId: string };

/** A change as it is stored in the outbox: every id and the time fixed, so applying it again gives the same rows. */
export type PurchaseListOp =
  | { type: 'createList'; listId: string; companyCode: string; name: string; createdBy: string | null; at: string }
  | { type: 'renameList'; listId: string; name: string; at: string }
  | { type: 'deleteList'; listId: string; at: string }
  | { type: 'addItem'; listId: string; itemId: string; product: ProductSnapshot; quantity: number; at: string }
  | { type: 'setItemQuantity'; listId: string; itemId: string; quantity: number; at: string }
  | { type: 'removeItem'; listId: string; itemId: string; at: string }
  | { type: 'resetList'; listId: string; at: string };

/** One list with its items, as the mirror holds it (or the server's state it is rebuilt from). */
export interface ListState {
  list: MirrorList | null;
  items: ReadonlyMap<string, MirrorItem>;
}

export const emptyListState = (): ListState => ({ list: null, items: new Map() });

/** A requested quantity as the server stores it: the one rule of both (contract/rules/quantity.ts). */
export { settleQuantity };

// --- apply: pure, total (a change to a row that is gone changes nothing) ------------------------------------------

function touched(list: MirrorList, at: string, itemDelta = 0): MirrorList {
  return { ...list, updatedAt: at, itemCount: list.itemCount + itemDelta };
}

/** Applies one change to one list's state. Used by mutate() and again when the mirror is rebased. */
export function applyOp(state: ListState, op: PurchaseListOp): ListState {
  const { list, items } = state;
  switch (op.type) {
    case 'createList':
      if (list) return state; // already there (the server has it): later changes are later entries
      return {
        list: {
          id: op.listId,
          companyCode: op.companyCode,
          name: op.name,
          itemCount: 0,
          createdAt: op.at,
          updatedAt: op.at,
          createdBy: op.createdBy,
          pending: false,
        },
        items: new Map(),
      };
    case 'renameList':
      return list ? { list: { ...touched(list, op.at), name: op.name }, items } : state;
    case 'deleteList':
      return list || items.size > 0 ? emptyListState() : state;
    case 'addItem': {
      if (!list || items.has(op.itemId)) return state;
      if ([...items.values()].some((i) => i.productId === op.product.productId)) return state; // the server refuses it
      const next = new Map(items);
      next.set(op.itemId, {
        ...op.product,
        id: op.itemId,
        listId: op.listId,
        companyCode: list.companyCode,
        quantity: settleQuantity(op.product.wholeUnitsOnly, op.quantity, 1),
        addedAt: op.at,
        pending: false,
      });
      return { list: touched(list, op.at, 1), items: next };
    }
    case 'setItemQuantity': {
      const item = items.get(op.itemId);
      if (!list || !item) return state;
      const next = new Map(items);
      next.set(op.itemId, { ...item, quantity: settleQuantity(item.wholeUnitsOnly, op.quantity, 0) });
      return { list: touched(list, op.at), items: next };
    }
    case 'removeItem': {
      if (!list || !items.has(op.itemId)) return state;
      const next = new Map(items);
      next.delete(op.itemId);
      return { list: touched(list, op.at, -1), items: next };
    }
    case 'resetList': {
      if (!list) return state;
      const next = new Map<string, MirrorItem>();
      for (const [id, item] of items) next.set(id, item.quantity === 0 ? item : { ...item, quantity: 0 });
      return { list: touched(list, op.at), items: next };
    }
  }
}

/** Applies a change and marks what it changed as pending (rows it did not change keep their flag). */
export function applyPending(state: ListState, op: PurchaseListOp): ListState {
  const next = applyOp(state, op);
  const list = next.list && !next.list.pending ? { ...next.list, pending: true } : next.list;
  if (next.items === state.items) return list === next.list ? next : { list, items: next.items };
  const items = new Map(next.items);
  for (const [id, item] of next.items) {
    if (item !== state.items.get(id) && !item.pending) items.set(id, { ...item, pending: true });
  }
  return { list, items };
}

// --- check: the server's rules the device can see, so a change bound to be refused is never queued ---------------

export function checkOp(state: ListState, op: PurchaseListOp): MutationError | null {
  if (op.type === 'createList') return state.list ? new MutationError('ClientIdTaken') : null;
  if (!state.list) return new MutationError('PurchaseListNotFound');
  switch (op.type) {
    case 'addItem':
      if (state.items.has(op.itemId)) return new MutationError('ClientIdTaken');
      if ([...state.items.values()].some((i) => i.productId === op.product.productId)) {
        return new MutationError('ArticleAlreadyInList', messageFor('ArticleAlreadyInList'), [
          { path: 'productId', message: messageFor('ArticleAlreadyInList') },
        ]);
      }
      return null;
    case 'setItemQuantity':
    case 'removeItem':
      return state.items.has(op.itemId) ? null : new MutationError('PurchaseListItemNotFound');
    default:
      return null;
  }
}

// --- the request each change becomes -------------------------------------------------------------------------------

export interface OpRequest {
  method: HttpMethod;
  path: string;
  body: unknown;
}

const listPath = (id: string) => pathTo(purchaseLists.detail, { id });
const itemPath = (id: string, itemId: string) => pathTo(purchaseLists.updateItem, { id, itemId });

export function requestOf(op: PurchaseListOp): OpRequest {
  switch (op.type) {
    case 'createList':
      return {
        method: 'POST',
        path: pathTo(purchaseLists.create),
        body: { id: op.listId, companyCode: op.companyCode, name: op.name },
      };
    case 'renameList':
      return { method: 'PATCH', path: listPath(op.listId), body: { name: op.name } };
    case 'deleteList':
      return { method: 'DELETE', path: listPath(op.listId), body: null };
    case 'addItem':
      return {
        method: 'POST',
        path: pathTo(purchaseLists.addItem, { id: op.listId }),
        body: { id: op.itemId, productId: op.product.productId, quantity: op.quantity },
      };
    case 'setItemQuantity':
      return { method: 'PATCH', path: itemPath(op.listId, op.itemId), body: { quantity: op.quantity } };
    case 'removeItem':
      return { method: 'DELETE', path: itemPath(op.listId, op.itemId), body: null };
    case 'resetList':
      return { method: 'POST', path: pathTo(purchaseLists.reset, { id: op.listId }), body: null };
  }
}

/** Which rows a change creates and which it needs (for rejecting the changes that depend on a refused create). */
export function dependenciesOf(op: PurchaseListOp): { creates: string | null; dependsOn: string[] } {
  switch (op.type) {
    case 'createList':
      return { creates: op.listId, dependsOn: [] };
    case 'addItem':
      return { creates: op.itemId, dependsOn: [op.listId] };
    case 'setItemQuantity':
    case 'removeItem':
      return { creates: null, dependsOn: [op.listId, op.itemId] };
    default:
      return { creates: null, dependsOn: [op.listId] };
  }
}

// --- resolve: the UI's change → the stored op (validated with the API's own schemas) -----------------------------

export function resolveChange(change: PurchaseListChange, at: string, newId: () => string = uuidv7): PurchaseListOp {
  switch (change.type) {
    case 'createList': {
      const body = parsedOrRefused(
        createPurchaseListBody.safeParse({
          id: change.id ?? newId(),
          companyCode: change.companyCode,
          name: change.name,
        }),
      );
      return {
        type: 'createList',
        listId: body.id!,
        companyCode: body.companyCode,
        name: body.name,
        createdBy: change.createdBy ?? null,
        at,
      };
    }
    case 'renameList':
      return {
        type: 'renameList',
        listId: change.listId,
        name: parsedOrRefused(renamePurchaseListBody.safeParse(change)).name,
        at,
      };
    case 'addItem': {
      const body = parsedOrRefused(
        addPurchaseListItemBody.safeParse({
          id: change.id ?? newId(),
          productId: change.product.productId,
          quantity: change.quantity,
        }),
      );
      return {
        type: 'addItem',
        listId: change.listId,
        itemId: body.id!,
        product: change.product,
        quantity: body.quantity,
        at,
      };
    }
    case 'setItemQuantity': {
      const { quantity } = parsedOrRefused(updatePurchaseListItemBody.safeParse(change));
      return { type: 'setItemQuantity', listId: change.listId, itemId: change.itemId, quantity, at };
    }
    case 'deleteList':
    case 'removeItem':
    case 'resetList':
      return { ...change, at };
  }
}
