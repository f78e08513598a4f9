import { z } from 'zod';
import { isoDate, isoDateTime, plainText } from './common';
import { deliveryDate } from './calendar';
import { PRICE_KINDS, PRODUCT_UNITS, STOCK_STATUSES } from './catalog';

/**
 * The cart ("varukorg"): one per user and company, kept on the server. Every call is under
 * `/v1/company/{companyCode}/cart` and every answer — reads and changes alike — is the whole cart (`Cart` below),
 * with Swedish `messages` about what the server did or what stands in the way of ordering. Money is integer öre
 * excluding VAT unless said otherwise; every sum is computed by the server.
 *
 * Calls (all need a Bearer token; 403 Forbidden for a company the user may not act for):
 * - GET    …/cart                  the cart (created empty on first use)
 * - POST   …/cart                  create the cart (body `createCartBody`); an existing cart is answered as it is (200)
 * - DELETE …/cart                  empty the cart: every line and the chosen delivery date go (answers the empty cart)
 * - PUT    …/cart/product          add one product (`putCartProductBody`)
 * - PUT    …/cart/products         add several products at once (`putCartProductsBody`)
 * - PATCH  …/cart/item/{itemId}    set a line's quantity and/or unit (`patchCartItemBody`); quantity 0 removes it
 * - DELETE …/cart/item/{lineNumber} remove one line (an itemId uuid is accepted in the same place)
 * - DELETE …/cart/items            remove several lines or all (`deleteCartItemsBody`)
 * - PUT    …/cart/delivery-date    choose the delivery date (`putDeliveryDateBody`)
 *
 * Every change honours `Idempotency-Key` (a replay gets the stored answer; docs/decisions/0006). Errors: 400
 * ValidationError with Swedish field messages (an unknown product names its id in the field message), 404
 * CartItemNotFound for a line that is not in this cart (also a line of another user's or company's cart), 409
 * ClientIdTaken for a client item id used for something else, 409 CartFull, 409 NoDeliveryRoutes,
 * 400 DeliveryDateNotAvailable.
 */

/** Largest quantity of one line (in the line's unit). */
export const CART_MAX_QUANTITY = 10_000;
/** Most lines a cart may hold (and most products one PUT …/products may carry). */
export const CART_MAX_LINES = 500;

export const CART_UNITS = PRODUCT_UNITS;
export type CartUnit = (typeof CART_UNITS)[number];

/**
 * Codes of `messages` (notices, not errors; Swedish texts in locales/sv/errors.json):
 * - QuantityRounded: a quantity of a product sold in whole units only was rounded (this answer only).
 * - ProductDiscontinued / ProductDiscontinuedWithReplacement: a line's product is no longer sold (every answer while
 *   the line is there; `replacement` on the line says what to buy instead). Such a line blocks checkout.
 * - ProductExpired / ProductExpiredWithReplacement: a line's product is past its date; blocks checkout.
 * - DeliveryDateMoved: the chosen date's order deadline had passed, so the next available date was chosen (in the
 *   answer where that happened; the move is saved).
 * - NoDeliveryRoutes: the company has no delivery routes and cannot order (every answer).
 * - CompanyHasNoUsers: the company has no users linked and cannot shop (every answer; only staff see such a cart).
 * - CompanyInactive: the company is not active and cannot order (every answer).
 * - ReorderSkipped: a row of a re-ordered order was left out (discontinued product or product gone).
 */
export const CART_MESSAGE_CODES = [
  'QuantityRounded',
  'ProductDiscontinued',
  'ProductDiscontinuedWithReplacement',
  'ProductExpired',
  'ProductExpiredWithReplacement',
  'DeliveryDateMoved',
  'NoDeliveryRoutes',
  'CompanyHasNoUsers',
  'CompanyInactive',
  'ReorderSkipped',
] as const;
export type CartMessageCode = (typeof CART_MESSAGE_CODES)[number];

/** A Swedish notice with the answer; `productId`/`lineNumber` when it is about one line. */
export const cartMessage = z.object({
  code: z.enum(CART_MESSAGE_CODES),
  message: z.string(),
  /** 'info' for something the server did (rounded, date moved); 'warning' for something that blocks the order. */
  severity: z.enum(['info', 'warning']),
  productId: z.string().optional(),
  lineNumber: z.number().int().optional(),
});
export type CartMessage = z.infer<typeof cartMessage>;

export const productRef = z.object({ id: z.string(), sku: z.string(), slug: z.string(), name: z.string() });
export type ProductRef = z.infer<typeof productRef>;

/** The product of a line as the catalogue has it now. */
export const cartProduct = z.object({
  id: z.string(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  brandName: z.string(),
  imageUrl: z.string().nullable(),
  /** The unit the product is sold and list-priced in. */
  unit: z.enum(PRODUCT_UNITS),
  piecesPerCarton: z.number().int(),
  wholeUnitsOnly: z.boolean(),
  stockStatus: z.enum(STOCK_STATUSES),
  discontinued: z.boolean(),
  /** Past its expiry date (Stockholm calendar day). */
  expired: z.boolean(),
  expiresAt: isoDate.nullable(),
  /** What to buy instead of a discontinued or expired product, when there is something. */
  replacement: productRef.nullable(),
  /** 12 (food) or 25 (other goods and alcohol), percent. */
  vatRate: z.number().int(),
});
export type CartProduct = z.infer<typeof cartProduct>;

/**
 * One line. `lineNumber` is stable: removing a line does not renumber the others; a new line gets the highest number
 * so far + 1. `itemId` is the line's uuid (the client's own id when it sent one).
 */
export const cartItem = z.object({
  itemId: z.string(),
  lineNumber: z.number().int(),
  productId: z.string(),
  product: cartProduct,
  /** In `unit`; whole for products sold in whole units only, else up to three decimals. */
  quantity: z.number(),
  unit: z.enum(PRODUCT_UNITS),
  /**
   * A-price: what the company pays per `unit` today — the lowest of the list price and its valid agreement,
   * campaign and tender prices. A carton of a product priced per piece costs piecesPerCarton pieces; a piece of a
   * product priced per carton costs the carton price / piecesPerCarton, rounded to the öre.
   */
  aPrice: z.number().int(),
  /** The list price per `unit`, to show a discount against. */
  listPrice: z.number().int(),
  priceKind: z.enum(PRICE_KINDS),
  /** round(aPrice × quantity). */
  rowTotal: z.number().int(),
  addedAt: isoDateTime,
});
export type CartItem = z.infer<typeof cartItem>;

/** VAT of one rate: base (amount excl. VAT the rate applies to, fees apportioned) and the VAT on it. */
export const vatLine = z.object({ rate: z.number().int(), base: z.number().int(), vat: z.number().int() });
export type VatLineDto = z.infer<typeof vatLine>;

/**
 * Totals in öre: subtotal = Σ rowTotal; shipping 295 kr when 0 < subtotal < 3 000 kr (`freeShippingFrom`), else 0;
 * discount and other costs (0 in the web shop today) — all excl. VAT; VAT per rate on the rows plus the fees spread
 * over the rates by amount; total = subtotal − discount + shipping + otherCosts + vat (incl. VAT).
 */
export const cartTotals = z.object({
  subtotal: z.number().int(),
  vatLines: z.array(vatLine),
  vat: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  otherCosts: z.number().int(),
  total: z.number().int(),
  /** Subtotal from which shipping is free, and how much is missing to get there (0 when reached). */
  freeShippingFrom: z.number().int(),
  leftToFreeShipping: z.number().int(),
});
export type CartTotals = z.infer<typeof cartTotals>;

/** The whole cart: the answer of every cart call (and of re-order). */
export const cart = z.object({
  id: z.string(),
  companyCode: z.string(),
  /** The chosen delivery date, or null (checkout is blocked without one). */
  deliveryDate: isoDate.nullable(),
  /** The order deadline of the chosen date. */
  deadline: deliveryDate.nullable(),
  /** The first date that can be ordered for now (a suggestion when none is chosen); null without routes. */
  nextDeliveryDate: deliveryDate.nullable(),
  items: z.array(cartItem),
  /** Number of lines. */
  itemCount: z.number().int(),
  totals: cartTotals,
  /** True when nothing stands in the way of checkout (lines, a date, routes, users, no blocked products). */
  canCheckout: z.boolean(),
  messages: z.array(cartMessage),
  updatedAt: isoDateTime,
});
export type Cart = z.infer<typeof cart>;

const required = { message: 'validation.required' };

/** A JSON number: missing → required, anything else → "must be a number". */
const numberField = () =>
  z.number({
    error: (issue) =>
      issue.code === 'invalid_type'
        ? issue.input === undefined
          ? 'validation.required'
          : 'validation.numeric'
        : undefined,
  });

const quantity = numberField()
  .gt(0, { message: 'validation.tooSmall' })
  .max(CART_MAX_QUANTITY, { message: 'validation.tooBig' });

/** POST …/cart: `id` a client-generated uuid for a new cart (ignored when the cart exists). */
export const createCartBody = z.object({ id: z.uuid().optional() }).optional();
export type CreateCartBody = z.infer<typeof createCartBody>;

/**
 * One product to add. The quantity is added to the line with the same product and unit, or a new line is made.
 * `unit` defaults to the product's own unit. `itemId` (uuid, e.g. made offline) is the id of the NEW line: when a
 * line with that id is already in this cart, the call is a resend of that add and changes nothing; an id used by
 * another cart or another product is 409 ClientIdTaken. To change an existing line's quantity use PATCH.
 */
export const cartProductInput = z.object({
  itemId: z.uuid().optional(),
  productId: z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
  quantity,
  unit: z.enum(CART_UNITS).optional(),
});
export type CartProductInput = z.infer<typeof cartProductInput>;

/** PUT …/cart/product */
export const putCartProductBody = cartProductInput;
export type PutCartProductBody = z.infer<typeof putCartProductBody>;

/** PUT …/cart/products: 1–CART_MAX_LINES products, applied in order as PUT …/product would. */
export const putCartProductsBody = z.object({
  items: z.array(cartProductInput).min(1, required).max(CART_MAX_LINES, { message: 'validation.tooBig' }),
});
export type PutCartProductsBody = z.infer<typeof putCartProductsBody>;

/**
 * PATCH …/cart/item/{itemId}: the line's new quantity (0 removes the line) and optionally a new unit. A unit that
 * another line of the same product already has merges the two lines (quantities added, the other line kept).
 */
export const patchCartItemBody = z.object({
  quantity: numberField().min(0, { message: 'validation.tooSmall' }).max(CART_MAX_QUANTITY, {
    message: 'validation.tooBig',
  }),
  unit: z.enum(CART_UNITS).optional(),
});
export type PatchCartItemBody = z.infer<typeof patchCartItemBody>;

export const cartItemIdParams = z.object({ companyCode: plainText.min(1).max(32), itemId: plainText.max(100) });
/** `lineNumber` is a line number; a uuid in its place is taken as an itemId (for lines made offline). */
export const cartLineParams = z.object({ companyCode: plainText.min(1).max(32), lineNumber: plainText.max(100) });

/**
 * DELETE …/cart/items: `all: true`, or the lines to remove by `lineNumbers` and/or `itemIds`. Lines that are not in
 * the cart are ignored (removing is a set operation, safe to resend).
 */
export const deleteCartItemsBody = z
  .object({
    all: z.boolean().optional(),
    lineNumbers: z.array(z.number().int().positive()).max(CART_MAX_LINES).optional(),
    itemIds: z.array(z.uuid()).max(CART_MAX_LINES).optional(),
  })
  .refine((b) => b.all === true || (b.lineNumbers?.length ?? 0) + (b.itemIds?.length ?? 0) > 0, {
    path: ['lineNumbers'],
    message: 'validation.required',
  });
export type DeleteCartItemsBody = z.infer<typeof deleteCartItemsBody>;

/**
 * PUT …/cart/delivery-date: a date from GET …/calendar. A day the company gets no delivery on is 400
 * DeliveryDateNotAvailable; a delivery day whose deadline has just passed is replaced by the next available date with
 * a DeliveryDateMoved message; a company without routes gets 409 NoDeliveryRoutes.
 */
export const putDeliveryDateBody = z.object({ deliveryDate: isoDate });
export type PutDeliveryDateBody = z.infer<typeof putDeliveryDateBody>;
