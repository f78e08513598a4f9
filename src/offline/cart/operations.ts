import { v7 as uuidv7 } from 'uuid';
import type { DeliveryDate } from '../../../contract/calendar';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  cartProductInput,
  deleteCartItemsBody,
  patchCartItemBody,
  putDeliveryDateBody,
  type CartMessage,
  type CartProduct,
  type CartTotals,
  type CartUnit,
} from '../../../contract/cart';
import type { PriceKind } from '../../../contract/catalog';
import type { HttpMethod } from '../engine/database';
import { MutationError, messageFor } from '../engine/messages';
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

/** Free shipping from this subtotal (öre, excl. VAT); below it SHIPPING_FEE (the server's rule, contract/cart.ts). */
export const FREE_SHIPPING_FROM = 300_000;
export const SHIPPING_FEE = 29_500;

const round3 = (q: number) => Math.round(q * 1000) / 1000;

/** A requested quantity as the server stores it: whole products rounded half up (at least 1), else three decimals. */
export function settleQuantity(wholeUnitsOnly: boolean, requested: number): number {
  if (!wholeUnitsOnly) return Math.max(0.001, round3(requested));
  return Math.max(1, Math.round(requested));
}

/** A price per the product's unit converted to `unit` (a carton is piecesPerCarton pieces), as the server does. */
export function pricePerUnit(price: number, productUnit: CartUnit, unit: CartUnit, piecesPerCarton: number): number {
  if (unit === productUnit || piecesPerCarton <= 1) return price;
  return unit === 'carton' ? price * piecesPerCarton : Math.round(price / piecesPerCarton);
}

/** A line's price converted from its unit to another. */
function convert(price: number | null, from: CartUnit, to: CartUnit, piecesPerCarton: number): number | null {
  if (price === null || from === to || piecesPerCarton <= 1) return price;
  return to === 'carton' ? price * piecesPerCarton : Math.round(price / piecesPerCarton);
}

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

/** Splits `amount` over `weights` in whole öre (largest remainders first), as the server apportions fees. */
function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const raw = weights.map((w) => (amount * w) / total);
  const parts = raw.map((r) => Math.trunc(r));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, frac: Math.abs(r - Math.trunc(r)) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  const step = rest >= 0 ? 1 : -1;
  for (let k = 0; rest !== 0; k = (k + 1) % order.length) {
    const idx = order[k]?.i ?? 0;
    parts[idx] = (parts[idx] ?? 0) + step;
    rest -= step;
  }
  return parts;
}

/**
 * The device's estimate of the totals while changes wait (the server's rule: shipping below the free-shipping limit,
 * VAT per rate with the fees spread over the rates by amount). Lines without a known price count as 0.
 */
export function estimateTotals(items: readonly MirrorCartItem[], freeShippingFrom: number): CartTotals {
  const subtotal = items.reduce((sum, i) => sum + (i.rowTotal ?? 0), 0);
  const shipping = subtotal > 0 && subtotal < freeShippingFrom ? SHIPPING_FEE : 0;
  const byRate = new Map<number, number>();
  for (const i of items) byRate.set(i.product.vatRate, (byRate.get(i.product.vatRate) ?? 0) + (i.rowTotal ?? 0));
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  const shares = apportion(
    shipping,
    rates.map((r) => byRate.get(r) ?? 0),
  );
  const vatLines = rates.map((rate, i) => {
    const base = (byRate.get(rate) ?? 0) + (shares[i] ?? 0);
    return { rate, base, vat: Math.round((base * rate) / 100) };
  });
  const vat = vatLines.reduce((sum, l) => sum + l.vat, 0);
  return {
    subtotal,
    vatLines,
    vat,
    discount: 0,
    shipping,
    otherCosts: 0,
    total: subtotal + shipping + vat,
    freeShippingFrom,
    leftToFreeShipping: Math.max(0, freeShippingFrom - subtotal),
  };
}

/** A line blocks the order (discontinued or expired product). */
export const isBlockedLine = (item: Pick<MirrorCartItem, 'product'>) =>
  item.product.discontinued || item.product.expired;

/** Messages that do not depend on a line, or whose line is still in the cart. */
function keptMessages(messages: readonly CartMessage[], items: readonly MirrorCartItem[]): CartMessage[] {
  const lines = new Set(items.map((i) => i.lineNumber));
  return messages.filter((m) => m.lineNumber === undefined || lines.has(m.lineNumber));
}

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

function addLine(items: MirrorCartItem[], line: CartAddLine, at: string): MirrorCartItem[] {
  if (items.some((i) => i.itemId === line.itemId)) return items; // the add is already in (a resend)
  const quantity = settleQuantity(line.product.wholeUnitsOnly, line.quantity);
  const same = items.findIndex((i) => i.productId === line.product.id && i.unit === line.unit);
  if (same >= 0) {
    const current = items[same]!;
    const merged = round3(current.quantity + quantity);
    const next = [...items];
    next[same] = {
      ...current,
      quantity: merged,
      rowTotal: current.aPrice === null ? null : Math.round(current.aPrice * merged),
    };
    return next;
  }
  const { product } = line;
  const aPrice = line.price ? pricePerUnit(line.price.price, product.unit, line.unit, product.piecesPerCarton) : null;
  const listPrice = line.price
    ? pricePerUnit(line.price.listPrice, product.unit, line.unit, product.piecesPerCarton)
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
      rowTotal: aPrice === null ? null : Math.round(aPrice * quantity),
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
          const merged = round3(target.quantity + quantity);
          const items = cart.items
            .map((i, k) =>
              k === other
                ? {
                    ...target,
                    quantity: merged,
                    rowTotal: target.aPrice === null ? null : Math.round(target.aPrice * merged),
                  }
                : i,
            )
            .filter((i) => i.itemId !== op.itemId);
          return withItems(cart, items, op.at);
        }
      }
      const ppc = line.product.piecesPerCarton;
      const aPrice = convert(line.aPrice, line.unit, unit, ppc);
      const next: MirrorCartItem = {
        ...line,
        quantity,
        unit,
        aPrice,
        listPrice: convert(line.listPrice, line.unit, unit, ppc),
        rowTotal: aPrice === null ? null : Math.round(aPrice * quantity),
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

// --- check: the server's rules the device can see, so a change bound to be refused is never queued ---------------

const tooBig = (path: string) =>
  new MutationError('ValidationError', messageFor('ValidationError'), [{ path, message: 'validation.tooBig' }]);

export function checkOp(cart: MirrorCart, op: CartOp): MutationError | null {
  switch (op.type) {
    case 'addProduct':
    case 'addProducts': {
      const lines = op.type === 'addProduct' ? [op.line] : op.lines;
      let items = cart.items;
      for (const [k, line] of lines.entries()) {
        items = addLine(items, line, op.at);
        const path = op.type === 'addProduct' ? 'quantity' : `items.${k}.quantity`;
        if (items.some((i) => i.quantity > CART_MAX_QUANTITY)) return tooBig(path);
      }
      return items.length > CART_MAX_LINES ? new MutationError('CartFull') : null;
    }
    case 'setQuantity': {
      const line = cart.items.find((i) => i.itemId === op.itemId);
      if (!line) return new MutationError('CartItemNotFound');
      const after = applyOp(cart, op);
      return after.items.some((i) => i.quantity > CART_MAX_QUANTITY) ? tooBig('quantity') : null;
    }
    case 'removeLine':
      return cart.items.some((i) => i.itemId === op.itemId) ? null : new MutationError('CartItemNotFound');
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

export const cartPath = (companyCode: string) => `/v1/company/${encodeURIComponent(companyCode)}/cart`;

const lineBody = (line: CartAddLine) => ({
  itemId: line.itemId,
  productId: line.product.id,
  quantity: line.quantity,
  unit: line.unit,
});

export function requestOf(op: CartOp): OpRequest {
  const base = cartPath(op.companyCode);
  switch (op.type) {
    case 'addProduct':
      return { method: 'PUT', path: `${base}/product`, body: lineBody(op.line) };
    case 'addProducts':
      return { method: 'PUT', path: `${base}/products`, body: { items: op.lines.map(lineBody) } };
    case 'setQuantity':
      return {
        method: 'PATCH',
        path: `${base}/item/${encodeURIComponent(op.itemId)}`,
        body: { quantity: op.quantity, ...(op.unit ? { unit: op.unit } : {}) },
      };
    case 'removeLine':
      return { method: 'DELETE', path: `${base}/item/${encodeURIComponent(op.itemId)}`, body: null };
    case 'removeLines':
      return { method: 'DELETE', path: `${base}/items`, body: { itemIds: op.itemIds } };
    case 'clear':
      return { method: 'DELETE', path: base, body: null };
    case 'setDeliveryDate':
      return { method: 'PUT', path: `${base}/delivery-date`, body: { deliveryDate: op.date } };
  }
}

/** Which line a change creates and which lines it needs (a change to a line whose add was refused is refused too). */
export function dependenciesOf(op: CartOp): { creates: string | null; dependsOn: string[] } {
  switch (op.type) {
    case 'addProduct':
      return { creates: op.line.itemId, dependsOn: [] };
    case 'setQuantity':
    case 'removeLine':
      return { creates: null, dependsOn: [op.itemId] };
    default:
      return { creates: null, dependsOn: [] };
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

function resolveLine(input: CartAddInput, newId: () => string, prefix = ''): CartAddLine {
  const itemId = input.itemId ?? newId();
  const unit = input.unit ?? input.product.unit;
  const result = cartProductInput.safeParse({ itemId, productId: input.product.id, quantity: input.quantity, unit });
  if (!result.success) {
    throw new MutationError(
      'ValidationError',
      messageFor('ValidationError'),
      result.error.issues.map((i) => ({ path: `${prefix}${i.path.join('.')}`, message: i.message })),
    );
  }
  return { itemId, product: input.product, quantity: result.data.quantity, unit, price: input.price ?? null };
}

export function resolveChange(change: CartChange, at: string, newId: () => string = uuidv7): CartOp {
  const { companyCode } = change;
  if (!companyCode) throw new MutationError('ValidationError');
  switch (change.type) {
    case 'addProduct':
      return { kind: 'cart', type: 'addProduct', companyCode, line: resolveLine(change, newId), at };
    case 'addProducts': {
      if (change.items.length === 0 || change.items.length > CART_MAX_LINES) {
        throw new MutationError('ValidationError', messageFor('ValidationError'), [
          { path: 'items', message: change.items.length === 0 ? 'validation.required' : 'validation.tooBig' },
        ]);
      }
      const lines = change.items.map((item, k) => resolveLine(item, newId, `items.${k}.`));
      return { kind: 'cart', type: 'addProducts', companyCode, lines, at };
    }
    case 'setQuantity': {
      const body = parsed(patchCartItemBody.safeParse({ quantity: change.quantity, unit: change.unit }));
      return {
        kind: 'cart',
        type: 'setQuantity',
        companyCode,
        itemId: change.itemId,
        quantity: body.quantity,
        unit: body.unit ?? null,
        at,
      };
    }
    case 'removeLine':
      return { kind: 'cart', type: 'removeLine', companyCode, itemId: change.itemId, at };
    case 'removeLines': {
      const body = parsed(deleteCartItemsBody.safeParse({ itemIds: change.itemIds }));
      return { kind: 'cart', type: 'removeLines', companyCode, itemIds: body.itemIds ?? [], at };
    }
    case 'clear':
      return { kind: 'cart', type: 'clear', companyCode, at };
    case 'setDeliveryDate': {
      const body = parsed(putDeliveryDateBody.safeParse({ deliveryDate: change.date }));
      return {
        kind: 'cart',
        type: 'setDeliveryDate',
        companyCode,
        date: body.deliveryDate,
        delivery: change.delivery ?? null,
        at,
      };
    }
  }
}
