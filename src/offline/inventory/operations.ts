import { v7 as uuidv7 } from 'uuid';
import {
  addInventoryItemBody,
  countBody,
  createInventoryListBody,
  fromMilliPieces,
  toMilliPieces,
  updateInventoryItemBody,
  updateInventoryListBody,
  valueOf,
  type IndexedArticle,
  type InventoryUnit,
} from '../../../contract/inventory';
import type { HttpMethod } from '../engine/database';
import { MutationError, messageFor } from '../engine/messages';
import type { MirrorInventoryItem, MirrorInventoryList } from './tables';

/** The fields of an item a user may change (PATCH), as the API takes them. */
export interface ItemChanges {
  unit?: InventoryUnit;
  price?: number;
  account?: string | null;
  zone?: string | null;
  parLevel?: number | null;
  resolveConflict?: true;
}

/** A change to inventory lists as the UI asks for it. Ids of new rows may be given; otherwise a uuid v7 is made. */
export type InventoryChange =
  | {
      type: 'createList';
      companyCode: string;
      name: string;
      dateFrom?: string | null;
      dateTo?: string | null;
      id?: string;
      createdBy?: string | null;
    }
  | { type: 'updateList'; listId: string; name: string; dateFrom: string | null; dateTo: string | null }
  | { type: 'deleteList'; listId: string }
  | ({ type: 'addItem'; listId: string; article: IndexedArticle; id?: string } & Omit<ItemChanges, 'resolveConflict'>)
  | ({ type: 'patchItem'; listId: string; itemId: string } & ItemChanges)
  | { type: 'deleteItem'; listId: string; itemId: string }
  /** A scan: +1 piece, +1 carton (or any amount; negative takes back). */
  | { type: 'countDelta'; listId: string; itemId: string; amount: number; unit: InventoryUnit; id?: string }
  /** A typed number: the stock is this many now. */
  | { type: 'countSet'; listId: string; itemId: string; quantity: number; unit: InventoryUnit; id?: string }
  /** Takes back a scan: a negative delta of the same amount, so it merges like any scan across devices. */
  | { type: 'undoScan'; listId: string; itemId: string; amount: number; unit: InventoryUnit; id?: string };

interface OpBase {
  listId: string;
  companyCode: string;
  /** ISO time on the device. */
  at: string;
}

/** A change as stored in the outbox: ids, time, device and the display names fixed, so it applies the same again. */
export type InventoryOp =
  | (OpBase & {
      type: 'createList';
      name: string;
      dateFrom: string | null;
      dateTo: string | null;
      createdBy: string | null;
    })
  | (OpBase & { type: 'updateList'; name: string; dateFrom: string | null; dateTo: string | null })
  | (OpBase & { type: 'deleteList' })
  | (OpBase & {
      type: 'addItem';
      itemId: string;
      article: IndexedArticle;
      /** Only what the user chose; the rest is the server's default (and the article's on the device). */
      fields: Omit<ItemChanges, 'resolveConflict'>;
      accountName: string | null;
    })
  | (OpBase & { type: 'patchItem'; itemId: string; name: string; fields: ItemChanges; accountName: string | null })
  | (OpBase & { type: 'deleteItem'; itemId: string; name: string })
  | (OpBase & {
      type: 'count';
      itemId: string;
      name: string;
      countId: string;
      kind: 'delta' | 'set';
      /** The delta's amount or the set's quantity, in `unit`. */
      value: number;
      unit: InventoryUnit;
      deviceId: string;
      /** A negative delta that takes back a scan (for the sync panel's text). */
      undo: boolean;
    });

/** One list with (some of) its items: all of them in a rebase, only those a change touches in mutate. */
export interface InventoryState {
  list: MirrorInventoryList | null;
  items: ReadonlyMap<string, MirrorInventoryItem>;
}

export const emptyInventoryState = (): InventoryState => ({ list: null, items: new Map() });

// --- quantities -----------------------------------------------------------------------------------------------------

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Price of one `to` unit from the price of one `from` unit (as the server converts it). */
export function convertPrice(price: number, from: InventoryUnit, to: InventoryUnit, piecesPerCarton: number): number {
  if (from === to || piecesPerCarton === 1) return price;
  return from === 'carton' ? Math.round(price / piecesPerCarton) : price * piecesPerCarton;
}

/** An item with its stock (thousandths of a piece) and everything derived from it: quantity, value, variance. */
export function withStock<T extends MirrorInventoryItem>(item: T, milliPieces: number): T {
  const quantity = fromMilliPieces(milliPieces, item.unit, item.piecesPerCarton);
  const variance = item.previousQuantity === null ? null : round3(quantity - item.previousQuantity);
  return {
    ...item,
    milliPieces,
    quantity,
    stockValue: valueOf(quantity, item.price),
    variance,
    varianceValue: variance === null ? null : valueOf(variance, item.price),
  };
}

/** The list's totals moved by one item going from `before` to `after` (either may be missing). */
function adjusted(
  list: MirrorInventoryList,
  at: string,
  before: MirrorInventoryItem | undefined,
  after: MirrorInventoryItem | undefined,
): MirrorInventoryList {
  return {
    ...list,
    updatedAt: at > list.updatedAt ? at : list.updatedAt,
    itemCount: list.itemCount + (after ? 1 : 0) - (before ? 1 : 0),
    countedCount: list.countedCount + (after?.counted ? 1 : 0) - (before?.counted ? 1 : 0),
    stockValue: list.stockValue + (after?.stockValue ?? 0) - (before?.stockValue ?? 0),
  };
}

/** The totals of a list whose items are all on the device, from those items. */
export function withTotals(list: MirrorInventoryList, items: Iterable<MirrorInventoryItem>): MirrorInventoryList {
  let itemCount = 0;
  let countedCount = 0;
  let stockValue = 0;
  for (const item of items) {
    itemCount++;
    if (item.counted) countedCount++;
    stockValue += item.stockValue;
  }
  if (list.itemCount === itemCount && list.countedCount === countedCount && list.stockValue === stockValue) return list;
  return { ...list, itemCount, countedCount, stockValue };
}

function newItem(op: Extract<InventoryOp, { type: 'addItem' }>): MirrorInventoryItem {
  const { article, fields } = op;
  const unit = fields.unit ?? article.unit;
  const price = fields.price ?? convertPrice(article.price, article.unit, unit, article.piecesPerCarton);
  const account = fields.account !== undefined ? fields.account : article.account;
  return {
    id: op.itemId,
    listId: op.listId,
    companyCode: op.companyCode,
    productId: article.kind === 'product' ? article.id : null,
    companyProductId: article.kind === 'own' ? article.id : null,
    articleNumber: article.articleNumber,
    name: article.name,
    unit,
    piecesPerCarton: article.piecesPerCarton,
    gtinPiece: article.gtinPiece,
    gtinCarton: article.gtinCarton,
    quantity: 0,
    milliPieces: 0,
    price,
    stockValue: 0,
    account,
    accountName: op.accountName,
    zone: fields.zone !== undefined ? fields.zone : article.zone,
    parLevel: fields.parLevel ?? null,
    previousQuantity: null,
    variance: null,
    varianceValue: null,
    counted: false,
    countCount: 0,
    lastCountedAt: null,
    lastSetAt: null,
    lastSetBy: null,
    countedBy: [],
    conflict: false,
    createdAt: op.at,
    updatedAt: op.at,
    pending: false,
  };
}

/** True when the item has the same article (catalogue product or own article) as `article`. */
function sameArticle(item: MirrorInventoryItem, article: IndexedArticle): boolean {
  return article.kind === 'product' ? item.productId === article.id : item.companyProductId === article.id;
}

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);

function counted(item: MirrorInventoryItem, op: Extract<InventoryOp, { type: 'count' }>): MirrorInventoryItem {
  const milli = toMilliPieces(op.value, op.unit, item.piecesPerCarton);
  // The merge rule (contract/inventory.ts): a count older than the set the quantity starts from does not count.
  const before = item.lastSetAt !== null && op.at < item.lastSetAt;
  const stock = before ? item.milliPieces : op.kind === 'set' ? milli : item.milliPieces + milli;
  const next = stock === item.milliPieces ? item : withStock(item, stock);
  return {
    ...next,
    counted: true,
    countCount: item.countCount + 1,
    lastCountedAt: later(item.lastCountedAt, op.at),
    lastSetAt: op.kind === 'set' && !before ? op.at : item.lastSetAt,
    updatedAt: later(item.updatedAt, op.at),
  };
}

function patched(item: MirrorInventoryItem, op: Extract<InventoryOp, { type: 'patchItem' }>): MirrorInventoryItem {
  const { fields } = op;
  const unit = fields.unit ?? item.unit;
  let price = item.price;
  if (fields.price !== undefined) price = fields.price;
  else if (unit !== item.unit) price = convertPrice(item.price, item.unit, unit, item.piecesPerCarton);
  let previousQuantity = item.previousQuantity;
  if (previousQuantity !== null && unit !== item.unit) {
    const milli = toMilliPieces(previousQuantity, item.unit, item.piecesPerCarton);
    previousQuantity = fromMilliPieces(milli, unit, item.piecesPerCarton);
  }
  const next: MirrorInventoryItem = {
    ...item,
    unit,
    price,
    previousQuantity,
    account: fields.account !== undefined ? fields.account : item.account,
    accountName: fields.account !== undefined ? op.accountName : item.accountName,
    zone: fields.zone !== undefined ? fields.zone : item.zone,
    parLevel: fields.parLevel !== undefined ? fields.parLevel : item.parLevel,
    conflict: fields.resolveConflict ? false : item.conflict,
    updatedAt: later(item.updatedAt, op.at),
  };
  return withStock(next, item.milliPieces);
}

// --- apply: pure and total (a change to a row that is gone changes nothing) --------------------------------------

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

// --- check: what the device can see of the server's rules ----------------------------------------------------------

export function checkOp(state: InventoryState, op: InventoryOp): MutationError | null {
  if (op.type === 'createList') return state.list ? new MutationError('ClientIdTaken') : null;
  if (!state.list) return new MutationError('InventoryListNotFound');
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

const companyPath = (code: string) => `/v1/company/${encodeURIComponent(code)}`;
export const listPath = (code: string, id: string) => `${companyPath(code)}/inventory-list/${encodeURIComponent(id)}`;
const itemPath = (code: string, id: string, itemId: string) =>
  `${listPath(code, id)}/item/${encodeURIComponent(itemId)}`;

export function requestOf(op: InventoryOp): OpRequest {
  switch (op.type) {
    case 'createList':
      return {
        method: 'POST',
        path: `${companyPath(op.companyCode)}/inventory-list`,
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
    case 'addItem':
      return {
        method: 'POST',
        path: `${listPath(op.companyCode, op.listId)}/item`,
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
        path: `${itemPath(op.companyCode, op.listId, op.itemId)}/count`,
        body: {
          id: op.countId,
          kind: op.kind,
          ...(op.kind === 'delta' ? { amount: op.value } : { quantity: op.value }),
          unit: op.unit,
          countedAt: op.at,
          deviceId: op.deviceId,
        },
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
    default:
      return { creates: null, dependsOn: [op.listId] };
  }
}

// --- resolve: the UI's change → the stored op (validated with the API's own schemas) -----------------------------

type ZodIssueLike = { path: PropertyKey[]; message: string };

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: ZodIssueLike[] } }): T {
  if (result.success) return result.data;
  throw new MutationError(
    'ValidationError',
    messageFor('ValidationError'),
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/** What `resolveChange` needs from the device: the list's company, the item's name, account names, the device id. */
export interface ResolveContext {
  at: string;
  newId: () => string;
  companyCode: string;
  itemName: string;
  deviceId: string;
  accountName: (account: string | null | undefined) => string | null;
}

function pickFields<T extends ItemChanges>(body: T): ItemChanges {
  const out: ItemChanges = {};
  if (body.unit !== undefined) out.unit = body.unit;
  if (body.price !== undefined) out.price = body.price;
  if (body.account !== undefined) out.account = body.account;
  if (body.zone !== undefined) out.zone = body.zone;
  if (body.parLevel !== undefined) out.parLevel = body.parLevel;
  if (body.resolveConflict) out.resolveConflict = true;
  return out;
}

export function resolveChange(change: InventoryChange, c: ResolveContext): InventoryOp {
  const base = { listId: 'listId' in change ? change.listId : '', companyCode: c.companyCode, at: c.at };
  switch (change.type) {
    case 'createList': {
      const body = parsed(
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
      const body = parsed(updateInventoryListBody.safeParse(change));
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
    case 'addItem': {
      const { type: _, listId: __, article, id, ...rest } = change;
      const body = parsed(
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
      const fields = pickFields(parsed(updateInventoryItemBody.safeParse(rest)));
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
      parsed(
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
      };
    }
  }
}

/** A fresh uuid v7 (ids of one device sort in creation order, which the merge rule uses for ties). */
export const newClientId = () => uuidv7();
