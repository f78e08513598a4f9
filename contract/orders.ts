import { z } from 'zod';
import { isoDate, isoDateTime, paged, pageQuery, plainText } from './common';
import { cart, cartProduct, vatLine } from './cart';
import { PRICE_KINDS, PRODUCT_UNITS } from './catalog';

/**
 * Orders, checkout, popular articles and re-order. Money is integer öre (excl. VAT unless said otherwise).
 *
 * - POST /v1/checkout/company/{companyCode}/cart (`checkoutBody`) → 201 `checkoutResponse`: the user's cart for the
 *   company becomes an order and the cart is emptied. Send an `Idempotency-Key`: a resend with the same key answers
 *   the same order and never places a second one. Errors (409 unless said, Swedish texts): CartEmpty, NoDeliveryDate,
 *   DeliveryDeadlinePassed (the cart's date has just passed its deadline; the message names the next date, choose
 *   it and send again), NoDeliveryRoutes, CompanyHasNoUsers, CompanyInactive, ProductExpired /
 *   ProductExpiredWithReplacement, ProductDiscontinued / ProductDiscontinuedWithReplacement (`fields` lists each
 *   blocked line as `items.{lineNumber}` with a message naming the product), 500 OrderNotCreated, 500 InternalError
 *   ("kontakta din säljare").
 * - POST /v1/admin-checkout/cart (`adminCheckoutBody`, staff only, else 403): places a customer's cart for a company on
 *   their behalf (docs/decisions/0022-admin-checkout.md). Same answer and errors; 404 CustomerNotFound when the
 *   customer is not a user of the company.
 * - GET /v1/company/{companyCode}/order-history (`orderHistoryQuery`) → `orderHistoryResponse`, newest first.
 * - GET /v1/company/{companyCode}/order/{orderNumber} → `orderDetail`; 404 OrderDocumentNotFound (also for an order
 *   of another company).
 * - GET /v1/order/{orderNumber}/export/pdf → application/pdf (attachment `order-{orderNumber}.pdf`); 404
 *   OrderDocumentNotFound when the user may not see the order's company.
 * - POST /v1/company/{companyCode}/order/{orderNumber}/reorder → 200 `cart` (the whole cart, with a ReorderSkipped
 *   message per row left out). Honours `Idempotency-Key`.
 * - GET /v1/company/{companyCode}/popular-articles (`popularArticlesQuery`) → `popularArticlesResponse`.
 */

export const ORDER_TYPES = ['web', 'sale'] as const;
/** web: ordered in the web shop by the user; sale: placed by the wholesaler's staff (admin checkout, phone orders). */
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['pending', 'delivered', 'received'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Longest reference / their reference. */
export const ORDER_REFERENCE_MAX = 50;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 100;
export const POPULAR_MAX_LIMIT = 100;

const optionalText = (max: number) =>
  plainText
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .optional()
    .transform((v) => (v ? v : undefined));

/** A delivery address other than the company's own (every field required when given). */
export const orderAddress = z.object({
  name: plainText.trim().min(1, { message: 'validation.required' }).max(100, { message: 'validation.tooLong' }),
  street: plainText.trim().min(1, { message: 'validation.required' }).max(100, { message: 'validation.tooLong' }),
  postalCode: plainText.trim().regex(/^\d{3} ?\d{2}$/, { message: 'validation.invalid' }),
  city: plainText.trim().min(1, { message: 'validation.required' }).max(60, { message: 'validation.tooLong' }),
});
export type OrderAddress = z.infer<typeof orderAddress>;

/**
 * POST /v1/checkout/company/{companyCode}/cart. `reference`: the customer's own reference ("Er referens" on the
 * delivery note, e.g. "Köket v. 47"); `theirReference`: the wholesaler-side reference (salesperson). Both optional,
 * at most 50 characters. `address` defaults to the company's address.
 */
export const checkoutBody = z.object({
  reference: optionalText(ORDER_REFERENCE_MAX),
  theirReference: optionalText(ORDER_REFERENCE_MAX),
  address: orderAddress.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /v1/admin-checkout/cart: `customerId` is the user whose cart for `companyCode` is ordered. */
export const adminCheckoutBody = checkoutBody.extend({
  companyCode: plainText.trim().min(1, { message: 'validation.required' }).max(32),
  customerId: z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
});
export type AdminCheckoutBody = z.infer<typeof adminCheckoutBody>;

export const orderRow = z.object({
  lineNumber: z.number().int(),
  /** Null when the product has since been removed from the catalogue. */
  productId: z.string().nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.enum(PRODUCT_UNITS),
  /** A-price: the price per unit the order was placed at. */
  aPrice: z.number().int(),
  rowTotal: z.number().int(),
  vatRate: z.number().int(),
  /** The product now (for links and images), null when gone. */
  product: z.object({ slug: z.string(), imageUrl: z.string().nullable(), discontinued: z.boolean() }).nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const orderTotals = z.object({
  subtotal: z.number().int(),
  vatLines: z.array(vatLine),
  vat: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  otherCosts: z.number().int(),
  total: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotals>;

/** One order in the history list. */
export const orderSummary = z.object({
  orderNumber: z.string(),
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  orderDate: isoDateTime,
  deliveryDate: isoDate,
  reference: z.string().nullable(),
  theirReference: z.string().nullable(),
  /** Full name of the user the order was placed for; null for sale orders without a user or a removed user. */
  userName: z.string().nullable(),
  rowCount: z.number().int(),
  /** Total incl. VAT. */
  total: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderDetail = orderSummary.extend({
  companyCode: z.string(),
  companyName: z.string(),
  address: z.object({
    name: z.string().nullable(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** Full name of the staff member who placed the order on the user's behalf (admin checkout), else null. */
  placedBy: z.string().nullable(),
  rows: z.array(orderRow),
  totals: orderTotals,
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const checkoutResponse = z.object({ order: orderDetail, cart });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/**
 * GET …/order-history. `from`/`to`: order dates (Stockholm days, inclusive). `q`: an order number (or its start) or
 * words of the reference / their reference. Newest first.
 */
export const orderHistoryQuery = z.object({
  ...pageQuery(20, ORDER_HISTORY_MAX_PAGE_SIZE),
  status: z.enum(ORDER_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: plainText.trim().max(100).optional(),
});
export type OrderHistoryQuery = z.input<typeof orderHistoryQuery>;

export const orderHistoryResponse = paged(orderSummary);
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponse>;

export const orderParams = z.object({ companyCode: plainText.min(1).max(32), orderNumber: plainText.max(40) });
export const orderNumberParam = z.object({ orderNumber: plainText.max(40) });

/** GET …/popular-articles: order dates from/to (default: the last 365 days up to today), `limit` 1–100 (20). */
export const popularArticlesQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(POPULAR_MAX_LIMIT).default(20),
});
export type PopularArticlesQuery = z.input<typeof popularArticlesQuery>;

/** One of the company's most ordered products, most ordered first (by number of orders, then quantity). */
export const popularArticle = z.object({
  product: cartProduct,
  /** Quantity ordered over the period in the product's own unit (cartons and pieces converted by piecesPerCarton). */
  quantity: z.number(),
  unit: z.enum(PRODUCT_UNITS),
  /** Number of orders it was on. */
  orderCount: z.number().int(),
  lastOrdered: isoDateTime,
  /** The company's price per product unit today. */
  price: z.number().int(),
  priceKind: z.enum(PRICE_KINDS),
});
export type PopularArticle = z.infer<typeof popularArticle>;

export const popularArticlesResponse = z.object({
  from: isoDate,
  to: isoDate,
  data: z.array(popularArticle),
});
export type PopularArticlesResponse = z.infer<typeof popularArticlesResponse>;
