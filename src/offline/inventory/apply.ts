/**
 * Applying a change to a list's state — pure and total (a change to a row that is gone changes nothing) — and
 * checking it against what the device can see of the server's rules.
 */
import type { IndexedArticle } from '../../../contract/inventory';
import { reopenedSince } from '../../../contract/rules/closing';
import { MutationError, messageFor } from '../engine/messages';
import { emptyInventoryState, type InventoryOp, type InventoryState } from './changes';
import { adjusted, counted, later, newItem, patched } from './rows';
import { checkReorder, reorderedZone } from './walk';
import { isListClosed, type MirrorInventoryItem } from './tables';

/**
 * Applies one change to a list's state: used by `mutateInventory` (on the rows the change touches) and by the rebase
 * (on the whole list), so the count on screen is the server's count with the waiting deltas and sets on top.
 */
export function applyOp(state: InventoryState, op: InventoryOp): InventoryState {
  const { list, items } = state;
  switch (op.type) {
    case 'createList':
      if (list) return state;
      return {
        list: {
          id: op.listId,
          companyCode: op.companyCode,
          name: op.name,
          dateFrom: op.dateFrom,
          dateTo: op.dateTo,
          previousListId: null,
          previousListName: null,
          itemCount: 0,
          countedCount: 0,
          stockValue: 0,
          createdAt: op.at,
          updatedAt: op.at,
          createdBy: op.createdBy,
          closedAt: null,
          closedBy: null,
          reopenedAt: null,
          version: 0,
          pending: false,
          itemsRead: true,
        },
        items: new Map(),
      };
    case 'updateList':
      if (!list) return state;
      return {
        list: {
          ...list,
          name: op.name,
          dateFrom: op.dateFrom,
          dateTo: op.dateTo,
          updatedAt: later(list.updatedAt, op.at),
        },
        items,
      };
    case 'deleteList':
      return list || items.size > 0 ? emptyInventoryState() : state;
    case 'closeList':
      // Closed already (by another phone, or this one before): who closed it first and when stay. Reopened since the
      // user closed it: the server refuses the close (409 InventoryListReopened), so the list is shown open.
      if (!list || isListClosed(list)) return state;
      if (op.reopenedAt !== undefined && reopenedSince(list.reopenedAt, op.reopenedAt)) return state;
      return { list: { ...list, closedAt: op.at, closedBy: op.closedBy }, items };
    case 'addItem': {
      if (!list || items.has(op.itemId)) return state;
      // An article already in the list, or its number taken: the server refuses it.
      for (const i of items.values()) if (i.articleNumber === op.article.articleNumber) return state;
      const item = newItem(op);
      const next = new Map(items);
      next.set(item.id, item);
      return { list: adjusted(list, op.at, undefined, item), items: next };
    }
    case 'patchItem':
    case 'count': {
      const item = items.get(op.itemId);
      if (!list || !item) return state;
      const after = op.type === 'count' ? counted(item, op) : patched(item, op);
      const next = new Map(items);
      next.set(item.id, after);
      return { list: adjusted(list, op.at, item, after), items: next };
    }
    case 'deleteItem': {
      const item = items.get(op.itemId);
      if (!list || !item) return state;
      const next = new Map(items);
      next.delete(op.itemId);
      return { list: adjusted(list, op.at, item, undefined), items: next };
    }
    case 'reorderZone':
      return reorderedZone(state, op);
  }
}

/** Applies a change and marks what it changed as pending. */
export function applyPending(state: InventoryState, op: InventoryOp): InventoryState {
  const next = applyOp(state, op);
  if (next === state) return state;
  const list = next.list && !next.list.pending ? { ...next.list, pending: true } : next.list;
  if (next.items === state.items) return { list, items: next.items };
  const items = new Map(next.items);
  for (const [id, item] of next.items) {
    if (item !== state.items.get(id) && !item.pending) items.set(id, { ...item, pending: true });
  }
  return { list, items };
}

/** True when the item has the same article (catalogue product or own article) as `article`. */
function sameArticle(item: MirrorInventoryItem, article: IndexedArticle): boolean {
  return article.kind === 'product' ? item.productId === article.id : item.companyProductId === article.id;
}

export function checkOp(state: InventoryState, op: InventoryOp): MutationError | null {
  if (op.type === 'createList') return state.list ? new MutationError('ClientIdTaken') : null;
  if (!state.list) return new MutationError('InventoryListNotFound');
  // What the device knows of a close: the server refuses any change to a closed list (409 InventoryListClosed).
  if (isListClosed(state.list) && op.type !== 'closeList') return new MutationError('InventoryListClosed');
  switch (op.type) {
    case 'addItem': {
      if (state.items.has(op.itemId)) return new MutationError('ClientIdTaken');
      const path = op.article.kind === 'product' ? 'productId' : 'companyProductId';
      for (const item of state.items.values()) {
        if (item.articleNumber !== op.article.articleNumber) continue;
        const code = sameArticle(item, op.article) ? 'ArticleAlreadyInList' : 'ArticleNumberTaken';
        return new MutationError(code, messageFor(code), [{ path, message: messageFor(code) }]);
      }
      return null;
    }
    case 'patchItem':
    case 'deleteItem':
    case 'count':
      return state.items.has(op.itemId) ? null : new MutationError('InventoryListItemNotFound');
    case 'reorderZone':
      return checkReorder(state, op);
    default:
      return null;
  }
}
