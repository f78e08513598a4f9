import type { DeliveryDate } from '../../../contract/calendar';
import type { CartMessage, CartProduct, CartTotals, CartUnit } from '../../../contract/cart';
import type { PriceKind } from '../../../contract/catalog';
import { computeCartTotals, FREE_SHIPPING_FROM, rowTotalOf } from '../../../contract/rules/order-totals';
import { settleQuantity } from '../../../contract/rules/quantity';
import { convertPrice, roundQuantity } from '../../../contract/rules/units';
import type { MirrorCart, MirrorCartItem } from './tables';

/** What the device knows of a product when it is added (from the catalogue): the fields a cart line shows. */
export type CartProductSnapshot = CartProduct;

/** The company's price of one unit of the product's own unit, when the page knew it (else the server fills it in). */
export interface CartPriceSnapshot {
  price: number;
  listPrice: number;
  kind: PriceKind;
}

export interface CartAddInput {
  product: CartProductSnapshot;
  quantity: number;
  /** Defaults to the product's own unit. */
  unit?: CartUnit;
  price?: CartPriceSnapshot | null;
  /** The new line's id (uuid); made on the device when left out. */
  itemId?: string;
}

/** A change to the cart of one company as the UI asks for it. */
export type CartChange =
  | ({ type: 'addProduct'; companyCode: string } & CartAddInput)
  | { type: 'addProducts'; companyCode: string; items: CartAddInput[] }
  | { type: 'setQuantity'; companyCode: string; itemId: string; quantity: number; unit?: CartUnit }
  | { type: 'removeLine'; companyCode: string; itemId: string }
  | { type: 'removeLines'; companyCode: string; itemIds: string[] }
  | { type: 'clear'; companyCode: string }
  | { type: 'setDeliveryDate'; companyCode: string; date: string; delivery?: DeliveryDate | null };

/** One product of an add, as stored: every id fixed. */
export interface CartAddLine {
  itemId: string;
  product: CartProductSnapshot;
  quantity: number;
  unit: CartUnit;
  price: CartPriceSnapshot | null;
}

/** A change as it is stored in the outbox (ids and time fixed, so applying it again gives the same cart). */
export type CartOp =
  | { kind: 'cart'; type: 'addProduct'; companyCode: string; line: CartAddLine; at: string }
  | { kind: 'cart'; type: 'addProducts'; companyCode: string; lines: CartAddLine[]; at: string }
  | {
      kind: 'cart';
      type: 'setQuantity';
      companyCode: string;
      itemId: string;
      quantity: number;
      unit: CartUnit | null;
      at: string;
    }
  | { kind: 'cart'; type: 'removeLine'; companyCode: string; itemId: string; at: string }
  | { kind: 'cart'; type: 'removeLines'; companyCode: string; itemIds: string[]; at: string }
  | { kind: 'cart'; type: 'clear'; companyCode: string; at: string }
  | {
      kind: 'cart';
      type: 'setDeliveryDate';
      companyCode: string;
      date: string;
      delivery: DeliveryDate | null;
      at: string;
    };

/** An empty cart of a company, before the server's has been read. */
export function emptyCart(companyCode: string, at = new Date(0).toISOString()): MirrorCart {
  return {
    id: '',
    companyCode,
    deliveryDate: null,
    deadline: null,
    nextDeliveryDate: null,
    items: [],
    itemCount: 0,
    totals: estimateTotals([], FREE_SHIPPING_FROM),
    canCheckout: false,
    messages: [],
    updatedAt: at,
    pending: false,
    loaded: false,
  };
}

/**
 * The device's estimate of the totals while changes wait: the server's own rule (contract/rules/order-totals.ts), on
 * the lines the device knows. Lines without a known price count as 0.
 */
export function estimateTotals(items: readonly MirrorCartItem[], freeShippingFrom: number): CartTotals {
  return computeCartTotals(
    items.map((i) => ({ rowTotal: i.rowTotal ?? 0, vatRate: i.product.vatRate })),
    freeShippingFrom,
  );
}

/** A line blocks the order (discontinued or expired product). */
export const isBlockedLine = (item: Pick<MirrorCartItem, 'product'>) =>
  item.product.discontinued || item.product.expired;

/** Messages that do not depend on a line, or whose line is still in the cart. */
function keptMessages(messages: readonly CartMessage[], items: readonly MirrorCartItem[]): CartMessage[] {
  const lines = new Set(items.map((i) => i.lineNumber));
  return messages.filter((m) => m.lineNumber === undefined || lines.has(m.lineNumber));
}

/** A price the device may not know yet (null) converted to another unit (contract/rules/units.ts). */
const convertOrNull = (price: number | null, from: CartUnit, to: CartUnit, piecesPerCarton: number) =>
  price === null ? null : convertPrice(price, from, to, piecesPerCarton);

/** A row total, unknown while the line's price is (contract/rules/order-totals.ts). */
const rowTotalOrNull = (aPrice: number | null, quantity: number) =>
  aPrice === null ? null : rowTotalOf(aPrice, quantity);

// --- apply: pure, total (a change to a line that is gone changes nothing), idempotent for adds ------------------

function withItems(cart: MirrorCart, items: MirrorCartItem[], at: string): MirrorCart {
  const blocked = items.some(isBlockedLine);
  const standing = cart.messages.some(
    (m) => m.code === 'NoDeliveryRoutes' || m.code === 'CompanyHasNoUsers' || m.code === 'CompanyInactive',
  );
  return {
    ...cart,
    items,
    itemCount: items.length,
    totals: estimateTotals(items, cart.totals.freeShippingFrom),
    canCheckout: items.length > 0 && cart.deliveryDate !== null && !standing && !blocked,
    messages: keptMessages(cart.messages, items),
    updatedAt: at > cart.updatedAt ? at : cart.updatedAt,
  };
}

/** Adds one product as the server does: to the line of the same product and unit, else as a new last line. */
export function addLine(items: MirrorCartItem[], line: CartAddLine, at: string): MirrorCartItem[] {
  if (items.some((i) => i.itemId === line.itemId)) return items; // the add is already in (a resend)
  const quantity = settleQuantity(line.product.wholeUnitsOnly, line.quantity);
  const same = items.findIndex((i) => i.productId === line.product.id && i.unit === line.unit);
  if (same >= 0) {
    const current = items[same]!;
    const merged = roundQuantity(current.quantity + quantity);
    const next = [...items];
    next[same] = { ...current, quantity: merged, rowTotal: rowTotalOrNull(current.aPrice, merged) };
    return next;
  }
  const { product } = line;
  const aPrice = line.price ? convertPrice(line.price.price, product.unit, line.unit, product.piecesPerCarton) : null;
  const listPrice = line.price
    ? convertPrice(line.price.listPrice, product.unit, line.unit, product.piecesPerCarton)
    : null;
  const lineNumber = items.reduce((max, i) => Math.max(max, i.lineNumber), 0) + 1;
  return [
    ...items,
    {
      itemId: line.itemId,
      lineNumber,
      productId: product.id,
      product,
      quantity,
      unit: line.unit,
      aPrice,
      listPrice,
      priceKind: line.price?.kind ?? null,
      rowTotal: rowTotalOrNull(aPrice, quantity),
      addedAt: at,
      pending: false,
    },
  ];
}

/** Applies one change to a company's cart. Used by mutateCart() and again when the mirror is rebased. */
export function applyOp(cart: MirrorCart, op: CartOp): MirrorCart {
  switch (op.type) {
    case 'addProduct': {
      const items = addLine(cart.items, op.line, op.at);
      return items === cart.items ? cart : withItems(cart, items, op.at);
    }
    case 'addProducts': {
      let items = cart.items;
      for (const line of op.lines) items = addLine(items, line, op.at);
      return items === cart.items ? cart : withItems(cart, items, op.at);
    }
    case 'setQuantity': {
      const index = cart.items.findIndex((i) => i.itemId === op.itemId);
      if (index < 0) return cart;
      const line = cart.items[index]!;
      if (op.quantity === 0)
        return withItems(
          cart,
          cart.items.filter((i) => i.itemId !== op.itemId),
          op.at,
        );
      const quantity = settleQuantity(line.product.wholeUnitsOnly, op.quantity);
      const unit = op.unit ?? line.unit;
      if (unit !== line.unit) {
        const other = cart.items.findIndex((i) => i.productId === line.productId && i.unit === unit);
        if (other >= 0) {
          const target = cart.items[other]!;
          const merged = roundQuantity(target.quantity + quantity);
          const items = cart.items
            .map((i, k) =>
              k === other ? { ...target, quantity: merged, rowTotal: rowTotalOrNull(target.aPrice, merged) } : i,
            )
            .filter((i) => i.itemId !== op.itemId);
          return withItems(cart, items, op.at);
        }
      }
      const ppc = line.product.piecesPerCarton;
      const aPrice = convertOrNull(line.aPrice, line.unit, unit, ppc);
      const next: MirrorCartItem = {
        ...line,
        quantity,
        unit,
        aPrice,
        listPrice: convertOrNull(line.listPrice, line.unit, unit, ppc),
        rowTotal: rowTotalOrNull(aPrice, quantity),
      };
      const items = [...cart.items];
      items[index] = next;
      return withItems(cart, items, op.at);
    }
    case 'removeLine': {
      if (!cart.items.some((i) => i.itemId === op.itemId)) return cart;
      return withItems(
        cart,
        cart.items.filter((i) => i.itemId !== op.itemId),
        op.at,
      );
    }
    case 'removeLines': {
      const gone = new Set(op.itemIds);
      if (!cart.items.some((i) => gone.has(i.itemId))) return cart;
      return withItems(
        cart,
        cart.items.filter((i) => !gone.has(i.itemId)),
        op.at,
      );
    }
    case 'clear':
      return withItems({ ...cart, deliveryDate: null, deadline: null }, [], op.at);
    case 'setDeliveryDate':
      return withItems({ ...cart, deliveryDate: op.date, deadline: op.delivery }, cart.items, op.at);
  }
}

/** Applies a change and marks what it changed as pending (lines it did not change keep their flag). */
export function applyPending(cart: MirrorCart, op: CartOp): MirrorCart {
  const next = applyOp(cart, op);
  if (next === cart) return cart;
  const before = new Map(cart.items.map((i) => [i.itemId, i]));
  const items = next.items.map((i) => (i !== before.get(i.itemId) && !i.pending ? { ...i, pending: true } : i));
  return { ...next, items, pending: true };
}
