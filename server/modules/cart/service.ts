import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  cartItems,
  carts,
  companies,
  companyPrices,
  deliveryExceptions,
  deliveryRoutes,
  products,
  userCompanies,
} from '../../db/schema';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type Cart,
  type CartItem,
  type CartMessage,
  type CartMessageCode,
  type CartProduct,
  type CartProductInput,
  type CartUnit,
  type DeleteCartItemsBody,
  type PatchCartItemBody,
} from '../../../contract/cart';
import type { PriceKind } from '../../../contract/catalog';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText, validationText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { computeOrderTotals, FREE_SHIPPING_FROM, SHIPPING_FEE } from '../../db/seed/orders';
import { DeliveryCalendar, type Route } from '../calendar/deliveries';
import type { CartStamp } from './cache';
import { customerPrice, type PriceRow } from '../prices/service';
import { nextOrderable, orderableOn, swedishDay, toDeliveryDto, todayIn } from './delivery';

type CartRow = typeof carts.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Swedish text with its {{placeholders}} filled in. */
export function fillText(code: string, values: Record<string, string | number>): string {
  return errorText(code).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/**
 * The company a cart call is about (the one the access hook established: the cart service never checks access), with
 * what decides whether it can order.
 */
export type CartContext = {
  company: CompanyRow;
  calendar: DeliveryCalendar;
  usersCount: number;
  /** Whose cart: the requesting user, or (admin checkout) the customer it is placed for. */
  ownerId: string;
  now: Date;
};

const replacementProducts = alias(products, 'replacement');

/** The first image's address (the cart shows one picture). */
const imageUrl = sql<string | null>`${products.images}->0->>'url'`;

const productColumns = {
  productId: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  brandName: products.brandName,
  imageUrl,
  productUnit: products.unit,
  piecesPerCarton: products.piecesPerCarton,
  wholeUnitsOnly: products.wholeUnitsOnly,
  stockStatus: products.stockStatus,
  discontinued: products.discontinued,
  expiresAt: products.expiresAt,
  publicPrice: products.publicPrice,
  comparisonPrice: products.comparisonPrice,
  priceValidUntil: products.priceValidUntil,
  vatRate: products.vatRate,
  replacementId: replacementProducts.id,
  replacementSku: replacementProducts.sku,
  replacementSlug: replacementProducts.slug,
  replacementName: replacementProducts.name,
};

type ProductColumns = {
  productId: string;
  sku: string;
  slug: string;
  name: string;
  brandName: string;
  imageUrl: string | null;
  productUnit: CartUnit;
  piecesPerCarton: number;
  wholeUnitsOnly: boolean;
  stockStatus: CartProduct['stockStatus'];
  discontinued: boolean;
  expiresAt: string | null;
  publicPrice: number;
  comparisonPrice: number;
  priceValidUntil: string | null;
  vatRate: number;
  replacementId: string | null;
  replacementSku: string | null;
  replacementSlug: string | null;
  replacementName: string | null;
};

/** A cart line with its product, as the lines' JSON carries it (quantity a JSON number, addedAt an ISO string). */
export type LineRow = ProductColumns & {
  itemId: string;
  lineNumber: number;
  quantity: number | string;
  unit: CartUnit;
  addedAt: string;
};

/**
 * The lines of a cart with their products and replacements, in line order, as ONE json value (docs/decisions/0039): a
 * 200-line cart is 5 000 fields, which the drivers (PGlite above all) decode one by one far more slowly than one
 * JSON.parse of the same data. Keys are the LineRow fields. Correlated to the `carts` row of the outer query.
 */
function linesJson() {
  return sql<LineRow[] | null>`(select json_agg(line) from (
      select ci.id as "itemId", ci.line_number as "lineNumber", ci.quantity, ci.unit, ci.created_at as "addedAt",
        p.id as "productId", p.sku, p.slug, p.name, p.brand_name as "brandName", p.images->0->>'url' as "imageUrl",
        p.unit as "productUnit", p.pieces_per_carton as "piecesPerCarton", p.whole_units_only as "wholeUnitsOnly",
        p.stock_status as "stockStatus", p.discontinued, p.expires_at as "expiresAt", p.public_price as "publicPrice",
        p.comparison_price as "comparisonPrice", p.price_valid_until as "priceValidUntil", p.vat_rate as "vatRate",
        r.id as "replacementId", r.sku as "replacementSku", r.slug as "replacementSlug", r.name as "replacementName"
      from ${cartItems} ci
      join ${products} p on p.id = ci.product_id
      left join ${products} r on r.id = p.replacement_product_id
      where ci.cart_id = "carts"."id"
      order by ci.line_number) line)`;
}

/**
 * The company's prices of every product in the cart (of the outer query's `carts` row) as one json value: all kinds and
 * periods; the price of the day is chosen by customerPrice, as everywhere else.
 */
function pricesJson(companyId: string) {
  return sql<PriceRow[] | null>`(select json_agg(json_build_object(
      'productId', cp.product_id, 'kind', cp.kind, 'price', cp.price, 'validFrom', cp.valid_from, 'validTo', cp.valid_to))
    from ${companyPrices} cp
    where cp.company_id = ${companyId}
      and cp.product_id in (select ci.product_id from ${cartItems} ci where ci.cart_id = "carts"."id"))`;
}

/** Every change to a cart or its lines raises its version (what cached answers are checked against). */
const nextVersion = sql`${carts.version} + 1`;

/** Lines and prices of a cart as read in one query. */
type Contents = { lines: LineRow[]; prices: PriceRow[] };

/** What prices are chosen for: the company and the day. */
type PricingContext = Pick<CartContext, 'company' | 'now'>;

function productView(r: ProductColumns, today: string): CartProduct {
  return {
    id: r.productId,
    sku: r.sku,
    slug: r.slug,
    name: r.name,
    brandName: r.brandName,
    imageUrl: r.imageUrl,
    unit: r.productUnit,
    piecesPerCarton: r.piecesPerCarton,
    wholeUnitsOnly: r.wholeUnitsOnly,
    stockStatus: r.stockStatus,
    discontinued: r.discontinued,
    expired: r.expiresAt !== null && r.expiresAt < today,
    expiresAt: r.expiresAt,
    replacement:
      r.replacementId === null
        ? null
        : { id: r.replacementId, sku: r.replacementSku!, slug: r.replacementSlug!, name: r.replacementName! },
    vatRate: r.vatRate,
  };
}

/** A price per sales unit converted to the line's unit (a carton is piecesPerCarton pieces). */
export function pricePerUnit(price: number, productUnit: CartUnit, unit: CartUnit, piecesPerCarton: number): number {
  if (unit === productUnit || piecesPerCarton <= 1) return price;
  return unit === 'carton' ? price * piecesPerCarton : Math.round(price / piecesPerCarton);
}

/** Three decimals at most; whole products rounded to a whole number (at least 1). */
export function settleQuantity(wholeUnitsOnly: boolean, requested: number): { quantity: number; rounded: boolean } {
  if (!wholeUnitsOnly) return { quantity: Math.max(0.001, Math.round(requested * 1000) / 1000), rounded: false };
  const quantity = Math.max(1, Math.round(requested));
  return { quantity, rounded: quantity !== requested };
}

const roundQuantity = (q: number) => Math.round(q * 1000) / 1000;

function message(
  code: CartMessageCode,
  severity: CartMessage['severity'],
  values: Record<string, string | number> = {},
  line?: { productId: string; lineNumber: number },
): CartMessage {
  return {
    code,
    severity,
    message: fillText(code, values),
    ...(line ? { productId: line.productId, lineNumber: line.lineNumber } : {}),
  };
}

/** Why a line cannot be ordered (discontinued or expired), as its message; null when it can. */
export function blockedLine(item: CartItem): CartMessage | null {
  const p = item.product;
  if (!p.discontinued && !p.expired) return null;
  const base = p.discontinued ? 'ProductDiscontinued' : 'ProductExpired';
  const code = (p.replacement ? `${base}WithReplacement` : base) as CartMessageCode;
  return message(
    code,
    'warning',
    { name: p.name, replacement: p.replacement ? `${p.replacement.name} (${p.replacement.sku})` : '' },
    item,
  );
}

export type CartService = ReturnType<typeof createCartService>;

/**
 * The cart of a user for a company (SPEC §3, §4, §7). Written against `DbOrTx`: the routes build it on the idempotency
 * transaction for changes. Every change locks the cart row first, so changes to one cart happen one after the other.
 *
 * Company scope by construction (decision 0052): every call receives the company the route's access hook established
 * (`scopedCompany`) and the user whose cart it is; nothing here checks access again. A cart is one user's in one
 * company, and every query that finds a cart or a line has that company and user in its condition (`ownCart`,
 * `ownLines`), so an id of another company's or user's cart or line is not found.
 */
export function createCartService(db: DbOrTx, clock: () => Date) {
  /**
   * The company's number of users and its delivery calendar, in one query; `ownerId` is whose cart: the requesting
   * user, or (admin checkout) the customer it is placed for.
   */
  async function context(company: CompanyRow, ownerId: string): Promise<CartContext> {
    const rows = await db
      .select({
        usersCount: sql<number>`(select count(*)::int from ${userCompanies} uc where uc.company_id = "companies"."id")`,
        routes: sql<Route[] | null>`(select json_agg(json_build_object('weekday', dr.weekday,
            'deadlineDaysBefore', dr.deadline_days_before, 'deadlineTime', dr.deadline_time))
          from ${deliveryRoutes} dr where dr.company_id = "companies"."id")`,
        closed: sql<string[] | null>`(select json_agg(de.date)
          from ${deliveryExceptions} de where de.company_id = "companies"."id")`,
      })
      .from(companies)
      .where(eq(companies.id, company.id))
      .limit(1);
    const found = rows[0];
    return {
      company,
      calendar: new DeliveryCalendar(found?.routes ?? [], new Set(found?.closed ?? [])),
      usersCount: Number(found?.usersCount ?? 0),
      ownerId,
      now: clock(),
    };
  }

  /** The cart of the context's owner in its company (at most one: carts_company_user_idx). */
  const ownCart = (ctx: CartContext) => and(eq(carts.companyId, ctx.company.id), eq(carts.userId, ctx.ownerId));
  /** The cart with this id, if it is the context's own cart. */
  const ownCartRow = (ctx: CartContext, cartId: string) => and(eq(carts.id, cartId), ownCart(ctx));
  /** Lines of the cart with this id, if it is the context's own cart (lines have no company: through their cart). */
  const ownLines = (ctx: CartContext, cartId: string) =>
    inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(ownCartRow(ctx, cartId)));

  async function findCart(ctx: CartContext, lock: boolean): Promise<CartRow | undefined> {
    const query = db.select().from(carts).where(ownCart(ctx)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The cart row, made when missing (a client id is used for it when given). `created` when this call made it. */
  async function ensureCart(ctx: CartContext, lock: boolean, id?: string): Promise<{ row: CartRow; created: boolean }> {
    const existing = await findCart(ctx, lock);
    if (existing) return { row: existing, created: false };
    const inserted = await db
      .insert(carts)
      .values({ ...(id ? { id } : {}), companyId: ctx.company.id, userId: ctx.ownerId })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return { row: inserted[0], created: true };
    const again = await findCart(ctx, lock);
    // The client id belongs to another user's or company's cart.
    if (!again) throw conflict('ClientIdTaken');
    return { row: again, created: false };
  }

  /** Lines and prices of the cart with this id, in one query. */
  async function contentsOf(ctx: CartContext, cartId: string): Promise<Contents> {
    const [found] = await db
      .select({ lines: linesJson(), prices: pricesJson(ctx.company.id) })
      .from(carts)
      .where(ownCartRow(ctx, cartId));
    return { lines: found?.lines ?? [], prices: found?.prices ?? [] };
  }

  /** The cart row with its lines and prices in one query (a read, without a lock); undefined when there is no cart. */
  async function readCart(ctx: CartContext): Promise<{ row: CartRow; contents: Contents } | undefined> {
    const [found] = await db
      .select({ row: carts, lines: linesJson(), prices: pricesJson(ctx.company.id) })
      .from(carts)
      .where(ownCart(ctx))
      .limit(1);
    if (!found) return undefined;
    return { row: found.row, contents: { lines: found.lines ?? [], prices: found.prices ?? [] } };
  }

  async function pricesOf(companyId: string, productIds: string[]): Promise<PriceRow[]> {
    if (productIds.length === 0) return [];
    return db
      .select({
        productId: companyPrices.productId,
        kind: companyPrices.kind,
        price: companyPrices.price,
        validFrom: companyPrices.validFrom,
        validTo: companyPrices.validTo,
      })
      .from(companyPrices)
      .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, productIds)));
  }

  /** Today's company price of each product (per the product's own unit), by product id. */
  function priceBook(ctx: PricingContext, rows: readonly ProductColumns[], priceRows: readonly PriceRow[]) {
    const byProduct = new Map<string, PriceRow[]>();
    for (const row of priceRows) {
      const list = byProduct.get(row.productId);
      if (list) list.push(row);
      else byProduct.set(row.productId, [row]);
    }
    const today = todayIn(ctx.now);
    const book = new Map<string, { price: number; kind: PriceKind }>();
    for (const r of rows) {
      if (book.has(r.productId)) continue;
      const price = customerPrice(
        {
          id: r.productId,
          publicPrice: r.publicPrice,
          comparisonPrice: r.comparisonPrice,
          priceValidUntil: r.priceValidUntil,
        },
        byProduct.get(r.productId) ?? [],
        today,
      );
      book.set(r.productId, { price: price.price, kind: price.kind });
    }
    return book;
  }

  /** Lines with today's company prices (the A-price per line unit) and row totals. */
  function pricedItems(ctx: CartContext, { lines, prices }: Contents): CartItem[] {
    const book = priceBook(ctx, lines, prices);
    const today = todayIn(ctx.now);
    return lines.map((r) => {
      const price = book.get(r.productId)!;
      const quantity = Number(r.quantity);
      const aPrice = pricePerUnit(price.price, r.productUnit, r.unit, r.piecesPerCarton);
      return {
        itemId: r.itemId,
        lineNumber: r.lineNumber,
        productId: r.productId,
        product: productView(r, today),
        quantity,
        unit: r.unit,
        aPrice,
        listPrice: pricePerUnit(r.publicPrice, r.productUnit, r.unit, r.piecesPerCarton),
        priceKind: price.kind,
        rowTotal: Math.round(aPrice * quantity),
        addedAt: new Date(r.addedAt).toISOString(),
      };
    });
  }

  /**
   * Products (the catalog's, of every company) as a cart line shows them, with today's company price per the product's
   * unit (unknown ids left out).
   */
  async function snapshots(ctx: PricingContext, productIds: string[]) {
    if (productIds.length === 0) return new Map<string, { product: CartProduct; price: number; kind: PriceKind }>();
    const [rows, priceRows] = await Promise.all([
      db
        .select(productColumns)
        .from(products)
        .leftJoin(replacementProducts, eq(replacementProducts.id, products.replacementProductId))
        .where(inArray(products.id, productIds)) as Promise<ProductColumns[]>,
      pricesOf(ctx.company.id, productIds),
    ]);
    const book = priceBook(ctx, rows, priceRows);
    const today = todayIn(ctx.now);
    return new Map(
      rows.map((r) => [r.productId, { product: productView(r, today), ...book.get(r.productId)! }] as const),
    );
  }

  /**
   * The chosen delivery date as it stands at `now`: kept while it can be ordered for; else (deadline passed, the day
   * closed since) moved to the next available date, saved, with a DeliveryDateMoved message.
   */
  async function settleDeliveryDate(ctx: CartContext, row: CartRow, messages: CartMessage[]): Promise<string | null> {
    const chosen = row.deliveryDate;
    if (chosen === null) return null;
    if (orderableOn(ctx.calendar, chosen, ctx.now)) return chosen;
    const next = nextOrderable(ctx.calendar, ctx.now, chosen);
    const moved = next?.date ?? null;
    await db
      .update(carts)
      .set({ deliveryDate: moved, version: nextVersion })
      .where(and(ownCartRow(ctx, row.id), eq(carts.deliveryDate, chosen)));
    if (moved) {
      messages.push(message('DeliveryDateMoved', 'info', { previous: swedishDay(chosen), date: swedishDay(moved) }));
    }
    return moved;
  }

  /**
   * The whole cart as every call answers it. `messages` are the notices of this call; the standing ones are added.
   * `contents` when the caller read them with the row (GET), else they are read here.
   */
  async function view(
    ctx: CartContext,
    row: CartRow,
    messages: CartMessage[] = [],
    contents?: Contents,
  ): Promise<Cart> {
    const notices = [...messages];
    const [deliveryDate, read] = await Promise.all([
      settleDeliveryDate(ctx, row, notices),
      contents ?? contentsOf(ctx, row.id),
    ]);
    const items = pricedItems(ctx, read);
    const blocked = items.map(blockedLine).filter((m): m is CartMessage => m !== null);
    const standing: CartMessage[] = [];
    if (!ctx.calendar.hasRoutes) standing.push(message('NoDeliveryRoutes', 'warning'));
    if (ctx.usersCount === 0) standing.push(message('CompanyHasNoUsers', 'warning'));
    if (!ctx.company.active) standing.push(message('CompanyInactive', 'warning'));
    const subtotal = items.reduce((sum, i) => sum + i.rowTotal, 0);
    const shipping = subtotal > 0 && subtotal < FREE_SHIPPING_FROM ? SHIPPING_FEE : 0;
    const totals = computeOrderTotals(
      items.map((i) => ({ rowTotal: i.rowTotal, vatRate: i.product.vatRate })),
      { discount: 0, shipping, otherCosts: 0 },
    );
    const chosen = deliveryDate === null ? null : ctx.calendar.deliveryOn(deliveryDate);
    const next = nextOrderable(ctx.calendar, ctx.now);
    return {
      id: row.id,
      companyCode: ctx.company.code,
      deliveryDate,
      deadline: chosen ? toDeliveryDto(chosen) : null,
      nextDeliveryDate: next ? toDeliveryDto(next) : null,
      items,
      itemCount: items.length,
      totals: {
        ...totals,
        freeShippingFrom: FREE_SHIPPING_FROM,
        leftToFreeShipping: Math.max(0, FREE_SHIPPING_FROM - subtotal),
      },
      canCheckout: items.length > 0 && deliveryDate !== null && standing.length === 0 && blocked.length === 0,
      messages: [...notices, ...standing, ...blocked],
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function touch(row: CartRow, ctx: CartContext): Promise<CartRow> {
    const [updated] = await db
      .update(carts)
      .set({ updatedAt: ctx.now, version: nextVersion })
      .where(ownCartRow(ctx, row.id))
      .returning();
    return updated ?? row;
  }

  type Line = { id: string; lineNumber: number; productId: string; unit: CartUnit; quantity: number };

  async function linesOf(ctx: CartContext, cartId: string): Promise<Line[]> {
    const rows = await db
      .select({
        id: cartItems.id,
        lineNumber: cartItems.lineNumber,
        productId: cartItems.productId,
        unit: cartItems.unit,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(ownLines(ctx, cartId));
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  }

  function tooBig(path: string): AppError {
    return new AppError(400, 'ValidationError', undefined, [{ path, message: validationText('validation.tooBig')! }]);
  }

  /**
   * Adds products: each quantity goes to the line of the same product and unit, or a new line. `paths` name the body
   * fields for errors ('' for PUT …/product, 'items.3.' for PUT …/products). Returns the notices.
   */
  async function addProducts(
    ctx: CartContext,
    row: CartRow,
    inputs: (CartProductInput & { path: string })[],
    options: { skipUnknown?: boolean } = {},
  ): Promise<CartMessage[]> {
    const wantedIds = [...new Set(inputs.map((i) => i.productId.toLowerCase()))];
    const found = wantedIds.length
      ? await db
          .select({ id: products.id, unit: products.unit, wholeUnitsOnly: products.wholeUnitsOnly })
          .from(products)
          .where(inArray(products.id, wantedIds))
      : [];
    const productById = new Map(found.map((p) => [p.id, p]));
    const unknown = inputs.filter((i) => !productById.has(i.productId.toLowerCase()));
    if (unknown.length > 0 && !options.skipUnknown) {
      throw new AppError(
        400,
        'UnknownProduct',
        fillText('UnknownProduct', { productId: unknown[0]!.productId }),
        unknown.map((i) => ({
          path: `${i.path}productId`,
          message: fillText('UnknownProduct', { productId: i.productId }),
        })),
      );
    }

    // Client ids are checked across every cart, not only this company's: a line id is unique in the whole table (its
    // primary key), so one taken anywhere is 409 ClientIdTaken rather than a failed insert. Nothing of that line is read.
    const clientIds = inputs.map((i) => i.itemId?.toLowerCase()).filter((id): id is string => id !== undefined);
    const taken = clientIds.length
      ? await db
          .select({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId, unit: cartItems.unit })
          .from(cartItems)
          .where(inArray(cartItems.id, clientIds))
      : [];
    const takenById = new Map(taken.map((t) => [t.id, t]));

    const lines = await linesOf(ctx, row.id);
    const byKey = new Map(lines.map((l) => [`${l.productId}|${l.unit}`, l]));
    let nextLine = lines.reduce((max, l) => Math.max(max, l.lineNumber), 0) + 1;
    const inserts: Line[] = [];
    const updates = new Map<string, Line>();
    const messages: CartMessage[] = [];

    for (const input of inputs) {
      const product = productById.get(input.productId.toLowerCase());
      if (!product) continue;
      const unit = input.unit ?? product.unit;
      const itemId = input.itemId?.toLowerCase();
      if (itemId) {
        const existing = takenById.get(itemId);
        if (existing) {
          // A resend of the add that made this line: nothing more to do.
          if (existing.cartId === row.id && existing.productId === product.id && existing.unit === unit) continue;
          throw new AppError(409, 'ClientIdTaken', undefined, [
            { path: `${input.path}itemId`, message: errorText('ClientIdTaken') },
          ]);
        }
      }
      const { quantity, rounded } = settleQuantity(product.wholeUnitsOnly, input.quantity);
      const key = `${product.id}|${unit}`;
      const line = byKey.get(key);
      if (line) {
        line.quantity = roundQuantity(line.quantity + quantity);
        if (line.quantity > CART_MAX_QUANTITY) throw tooBig(`${input.path}quantity`);
        if (!inserts.includes(line)) updates.set(line.id, line);
        if (rounded) messages.push(message('QuantityRounded', 'info', { quantity }, line));
      } else {
        const created: Line = {
          id: itemId ?? randomUUID(),
          lineNumber: nextLine++,
          productId: product.id,
          unit,
          quantity,
        };
        inserts.push(created);
        byKey.set(key, created);
        if (itemId) takenById.set(itemId, { id: itemId, cartId: row.id, productId: product.id, unit });
        if (rounded) messages.push(message('QuantityRounded', 'info', { quantity }, created));
      }
    }
    if (lines.length + inserts.length > CART_MAX_LINES) throw conflict('CartFull');
    if (inserts.length > 0) {
      await db.insert(cartItems).values(
        inserts.map((l) => ({
          id: l.id,
          cartId: row.id,
          lineNumber: l.lineNumber,
          productId: l.productId,
          unit: l.unit,
          quantity: String(l.quantity),
          createdAt: ctx.now,
        })),
      );
    }
    for (const line of updates.values()) {
      await db
        .update(cartItems)
        .set({ quantity: String(line.quantity) })
        .where(and(eq(cartItems.id, line.id), ownLines(ctx, row.id)));
    }
    return messages;
  }

  /** The line of the context's own cart an item id or line number points at, else 404 CartItemNotFound. */
  async function lineOf(ctx: CartContext, cartId: string, ref: { itemId?: string; lineNumber?: number }) {
    const where =
      ref.itemId !== undefined
        ? UUID.test(ref.itemId)
          ? eq(cartItems.id, ref.itemId)
          : undefined
        : ref.lineNumber !== undefined && Number.isSafeInteger(ref.lineNumber)
          ? eq(cartItems.lineNumber, ref.lineNumber)
          : undefined;
    if (!where) throw notFound('CartItemNotFound');
    const [line] = await db
      .select({
        id: cartItems.id,
        lineNumber: cartItems.lineNumber,
        productId: cartItems.productId,
        unit: cartItems.unit,
        quantity: cartItems.quantity,
        wholeUnitsOnly: products.wholeUnitsOnly,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(ownLines(ctx, cartId), where))
      .limit(1);
    if (!line) throw notFound('CartItemNotFound');
    return line;
  }

  /** Built once, on first use (it runs on every GET): the id and version of a user's cart in a company. */
  const buildStampQuery = () =>
    db
      .select({ cartId: carts.id, version: carts.version })
      .from(carts)
      .where(and(eq(carts.companyId, sql.placeholder('companyId')), eq(carts.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('cart_stamp');
  let stampQuery: ReturnType<typeof buildStampQuery> | undefined;

  /** The cart as `get` answers it, with the row's id and version it was computed from (for the answer cache). */
  async function read(company: CompanyRow, userId: string): Promise<{ cart: Cart; stamp: CartStamp }> {
    const ctx = await context(company, userId);
    const found = await readCart(ctx);
    const { row, contents } = found ?? { row: (await ensureCart(ctx, false)).row, contents: undefined };
    return { cart: await view(ctx, row, [], contents), stamp: { cartId: row.id, version: row.version } };
  }

  /** Runs a change on the locked cart and answers the whole cart with the change's notices. */
  async function change(ctx: CartContext, apply: (row: CartRow) => Promise<CartMessage[] | void>): Promise<Cart> {
    const { row } = await ensureCart(ctx, true);
    const messages = (await apply(row)) ?? [];
    return view(ctx, await touch(row, ctx), messages);
  }

  /** Runs a change on the user's cart in the company. */
  async function changeOwn(
    company: CompanyRow,
    userId: string,
    apply: (ctx: CartContext, row: CartRow) => Promise<CartMessage[] | void>,
  ): Promise<Cart> {
    const ctx = await context(company, userId);
    return change(ctx, (row) => apply(ctx, row));
  }

  /** Empties the cart: every line and the chosen date go (the row's version is raised by the caller's touch). */
  async function empty(ctx: CartContext, row: CartRow): Promise<void> {
    await db.delete(cartItems).where(ownLines(ctx, row.id));
    await db.update(carts).set({ deliveryDate: null }).where(ownCartRow(ctx, row.id));
    row.deliveryDate = null;
  }

  return {
    context,
    view,
    snapshots,
    addProducts,
    findCart,
    ensureCart,
    touch,
    empty,

    /** The cart as it is now: the row, its lines and prices in one query (made empty on first use). */
    async get(company: CompanyRow, userId: string): Promise<Cart> {
      return (await read(company, userId)).cart;
    },

    read,

    /**
     * The id and version of the user's cart in the company (undefined while there is none) — one small query: what a
     * cached answer is checked against on every GET.
     */
    async stamp(company: CompanyRow, userId: string): Promise<CartStamp | undefined> {
      stampQuery ??= buildStampQuery();
      const [found] = await stampQuery.execute({ companyId: company.id, userId });
      return found ? { cartId: found.cartId, version: found.version } : undefined;
    },

    async create(company: CompanyRow, userId: string, id?: string): Promise<{ created: boolean; cart: Cart }> {
      const ctx = await context(company, userId);
      const { row, created } = await ensureCart(ctx, true, id);
      return { created, cart: await view(ctx, row) };
    },

    /** Empties the cart: every line and the chosen date go; the cart (and its id) stays. */
    async clear(company: CompanyRow, userId: string): Promise<Cart> {
      return changeOwn(company, userId, (ctx, row) => empty(ctx, row));
    },

    async putProducts(company: CompanyRow, userId: string, inputs: CartProductInput[], single: boolean) {
      return changeOwn(company, userId, (ctx, row) =>
        addProducts(
          ctx,
          row,
          inputs.map((input, i) => ({ ...input, path: single ? '' : `items.${i}.` })),
        ),
      );
    },

    async patchItem(company: CompanyRow, userId: string, itemId: string, body: PatchCartItemBody): Promise<Cart> {
      return changeOwn(company, userId, async (ctx, row) => {
        const line = await lineOf(ctx, row.id, { itemId });
        const thisLine = and(eq(cartItems.id, line.id), ownLines(ctx, row.id));
        if (body.quantity === 0) {
          await db.delete(cartItems).where(thisLine);
          return [];
        }
        const { quantity, rounded } = settleQuantity(line.wholeUnitsOnly, body.quantity);
        const messages = rounded ? [message('QuantityRounded', 'info', { quantity }, line)] : [];
        const unit = body.unit ?? line.unit;
        if (unit !== line.unit) {
          const [other] = await db
            .select({ id: cartItems.id, quantity: cartItems.quantity })
            .from(cartItems)
            .where(and(ownLines(ctx, row.id), eq(cartItems.productId, line.productId), eq(cartItems.unit, unit)));
          if (other) {
            const merged = roundQuantity(Number(other.quantity) + quantity);
            if (merged > CART_MAX_QUANTITY) throw tooBig('quantity');
            await db
              .update(cartItems)
              .set({ quantity: String(merged) })
              .where(and(eq(cartItems.id, other.id), ownLines(ctx, row.id)));
            await db.delete(cartItems).where(thisLine);
            return messages;
          }
        }
        await db
          .update(cartItems)
          .set({ quantity: String(quantity), unit })
          .where(thisLine);
        return messages;
      });
    },

    /** Removes one line by its line number (or its item id). */
    async removeLine(company: CompanyRow, userId: string, ref: string): Promise<Cart> {
      return changeOwn(company, userId, async (ctx, row) => {
        const line = await lineOf(
          ctx,
          row.id,
          UUID.test(ref) ? { itemId: ref } : { lineNumber: /^\d{1,9}$/.test(ref) ? Number(ref) : Number.NaN },
        );
        await db.delete(cartItems).where(and(eq(cartItems.id, line.id), ownLines(ctx, row.id)));
      });
    },

    async removeLines(company: CompanyRow, userId: string, body: DeleteCartItemsBody): Promise<Cart> {
      return changeOwn(company, userId, async (ctx, row) => {
        if (body.all) {
          await db.delete(cartItems).where(ownLines(ctx, row.id));
          return;
        }
        const refs = [
          ...(body.lineNumbers?.length ? [inArray(cartItems.lineNumber, body.lineNumbers)] : []),
          ...(body.itemIds?.length
            ? [
                inArray(
                  cartItems.id,
                  body.itemIds.map((id) => id.toLowerCase()),
                ),
              ]
            : []),
        ];
        await db.delete(cartItems).where(and(ownLines(ctx, row.id), or(...refs)));
      });
    },

    /** Chooses the delivery date (see contract/cart.ts putDeliveryDateBody for the rules). */
    async setDeliveryDate(company: CompanyRow, userId: string, date: string): Promise<Cart> {
      const ctx = await context(company, userId);
      if (!ctx.calendar.hasRoutes) throw conflict('NoDeliveryRoutes');
      const delivery = ctx.calendar.deliveryOn(date);
      const today = todayIn(ctx.now);
      if (!delivery || date < today) {
        throw new AppError(400, 'DeliveryDateNotAvailable', undefined, [
          { path: 'deliveryDate', message: errorText('DeliveryDateNotAvailable') },
        ]);
      }
      return change(ctx, async (row) => {
        if (orderableOn(ctx.calendar, date, ctx.now)) {
          await db.update(carts).set({ deliveryDate: date }).where(ownCartRow(ctx, row.id));
          row.deliveryDate = date;
          return [];
        }
        // A delivery day whose deadline has passed: the next available date instead, and the user is told.
        const next = nextOrderable(ctx.calendar, ctx.now, date);
        await db
          .update(carts)
          .set({ deliveryDate: next?.date ?? null })
          .where(ownCartRow(ctx, row.id));
        row.deliveryDate = next?.date ?? null;
        return next
          ? [message('DeliveryDateMoved', 'info', { previous: swedishDay(date), date: swedishDay(next.date) })]
          : [];
      });
    },
  };
}
