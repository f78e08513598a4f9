/**
 * The mirror rows one change makes or moves: a new item, a counted or changed item with its stock, value and variance
 * (by the shared rules in contract/rules), and the list's totals.
 */
import type { InventoryOp } from './changes';
import { fromMilliPieces, toMilliPieces, valueOf, varianceOf } from '../../../contract/rules/count';
import { convertPrice } from '../../../contract/rules/units';
import type { MirrorInventoryItem, MirrorInventoryList } from './tables';

/** An item with its stock (thousandths of a piece) and everything derived from it: quantity, value, variance. */
export function withStock<T extends MirrorInventoryItem>(item: T, milliPieces: number): T {
  const quantity = fromMilliPieces(milliPieces, item.unit, item.piecesPerCarton);
  const variance = item.previousQuantity === null ? null : varianceOf(quantity, item.previousQuantity);
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
export function adjusted(
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

export function newItem(op: Extract<InventoryOp, { type: 'addItem' }>): MirrorInventoryItem {
  const { article, fields } = op;
  const unit = fields.unit ?? article.unit;
  const price = fields.price ?? convertPrice(article.price, article.unit, unit, article.piecesPerCarton);
  const account = fields.account !== undefined ? fields.account : article.account;
  const zone = fields.zone !== undefined ? fields.zone : article.zone;
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
    zone,
    parLevel: fields.parLevel ?? null,
    previousQuantity: null,
    variance: null,
    varianceValue: null,
    counted: false,
    countCount: 0,
    lastCountedAt: null,
    lastSetAt: null,
    lastSetBy: null,
    lastCountedBy: null,
    // Where the company walked past it last time, as the server defaults it (docs/decisions/0061).
    walkPosition: zone === article.zone ? (article.walkPosition ?? null) : null,
    acceptedAt: null,
    countedBy: [],
    conflict: false,
    createdAt: op.at,
    updatedAt: op.at,
    pending: false,
  };
}

/** True when the item has the same article (catalogue product or own article) as `article`. */
export const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);

export function counted(item: MirrorInventoryItem, op: Extract<InventoryOp, { type: 'count' }>): MirrorInventoryItem {
  const milli = toMilliPieces(op.value, op.unit, item.piecesPerCarton);
  // The merge rule (contract/rules/count.ts) on top of the server's figure: a count older than the set the quantity
  // starts from does not count.
  const before = item.lastSetAt !== null && op.at < item.lastSetAt;
  const stock = before ? item.milliPieces : op.kind === 'set' ? milli : item.milliPieces + milli;
  const next = stock === item.milliPieces ? item : withStock(item, stock);
  return {
    ...next,
    counted: true,
    countCount: item.countCount + 1,
    lastCountedAt: later(item.lastCountedAt, op.at),
    lastCountedBy: op.countedBy && later(item.lastCountedAt, op.at) === op.at ? op.countedBy : item.lastCountedBy,
    lastSetAt: op.kind === 'set' && !before ? op.at : item.lastSetAt,
    updatedAt: later(item.updatedAt, op.at),
  };
}

export function patched(
  item: MirrorInventoryItem,
  op: Extract<InventoryOp, { type: 'patchItem' }>,
): MirrorInventoryItem {
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
    acceptedAt: fields.accept ? (fields.acceptedAt ?? op.at) : item.acceptedAt,
    updatedAt: later(item.updatedAt, op.at),
  };
  return withStock(next, item.milliPieces);
}
