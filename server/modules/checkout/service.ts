import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, orderRows, orders, userCompanies } from '../../db/schema';
import type { CheckoutBody, CheckoutResponse } from '../../../contract/orders';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import { blockedLine, fillText, type CartContext, type CartService } from '../cart/service';
import { nextOrderable, orderableOn, swedishDay } from '../cart/delivery';
import type { OrderService } from '../orders/service';

type Placement = {
  ctx: CartContext;
  body: CheckoutBody;
  orderType: 'web' | 'sale';
  /** The staff member placing the order for the cart's owner (admin checkout), else null. */
  placedBy: string | null;
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Checkout: a cart becomes an order (SPEC §7, §8). Runs inside the idempotency transaction of the route, so a resend
 * with the same Idempotency-Key answers the same order; the cart row is locked first, so two checkouts of one cart
 * without a key place one order and the second finds the cart empty.
 *
 * It receives the company the route's access hook established (decision 0052) and checks no access itself; the cart
 * and the order are found inside that company.
 */
export function createCheckoutService(db: DbOrTx, cartService: CartService, orderService: OrderService) {
  /**
   * The deadline at order time, outside the order's transaction: when the cart's date can no longer be ordered for,
   * the date is moved to the next available one (saved) and checkout is refused with 409 DeliveryDeadlinePassed naming
   * both dates, so that the user confirms the new date instead of getting it silently.
   */
  async function refuseLateDate(ctx: CartContext): Promise<void> {
    const row = await cartService.findCart(ctx, false);
    const chosen = row?.deliveryDate ?? null;
    if (!row || chosen === null || !ctx.calendar.hasRoutes || orderableOn(ctx.calendar, chosen, ctx.now)) return;
    const moved = await cartService.view(ctx, row);
    throw deadlinePassed(chosen, moved.deliveryDate);
  }

  function deadlinePassed(previous: string, next: string | null): AppError {
    return new AppError(
      409,
      'DeliveryDeadlinePassed',
      fillText('DeliveryDeadlinePassed', { previous: swedishDay(previous), date: next ? swedishDay(next) : '–' }),
    );
  }

  async function place({ ctx, body, orderType, placedBy }: Placement): Promise<CheckoutResponse> {
    const { company, calendar } = ctx;
    if (!company.active) throw conflict('CompanyInactive');
    if (!calendar.hasRoutes) throw conflict('NoDeliveryRoutes');
    if (ctx.usersCount === 0) throw conflict('CompanyHasNoUsers');

    const row = await cartService.findCart(ctx, true);
    if (!row) throw conflict('CartEmpty');
    const date = row.deliveryDate;
    // Read without the date: moving it is refuseLateDate's job (this transaction's changes are undone on refusal).
    const cart = await cartService.view(ctx, { ...row, deliveryDate: null });
    if (cart.items.length === 0) throw conflict('CartEmpty');
    if (date === null) throw conflict('NoDeliveryDate');
    // The deadline is checked again now, at order time.
    const delivery = orderableOn(calendar, date, ctx.now);
    if (!delivery) throw deadlinePassed(date, nextOrderable(calendar, ctx.now, date)?.date ?? null);
    const blocked = cart.items
      .map((item) => ({ item, notice: blockedLine(item) }))
      .filter(
        (b): b is { item: (typeof cart.items)[number]; notice: NonNullable<ReturnType<typeof blockedLine>> } =>
          b.notice !== null,
      );
    const first = blocked[0];
    if (first) {
      // Expired products first: the spec names them; discontinued ones block the same way.
      const lead = blocked.find((b) => b.notice.code.startsWith('ProductExpired')) ?? first;
      throw new AppError(
        409,
        lead.notice.code as 'ProductExpired',
        lead.notice.message,
        blocked.map((b) => ({ path: `items.${b.item.lineNumber}`, message: b.notice.message })),
      );
    }

    let orderId: string;
    try {
      const orderNumber = await orderService.nextOrderNumber();
      const address = body.address ?? {
        name: company.name,
        street: company.street,
        postalCode: company.postalCode,
        city: company.city,
      };
      const { totals } = cart;
      const [inserted] = await db
        .insert(orders)
        .values({
          orderNumber,
          companyId: company.id,
          userId: ctx.ownerId,
          placedBy,
          orderType,
          status: 'pending',
          orderDate: ctx.now,
          deliveryDate: delivery.date,
          reference: body.reference ?? null,
          theirReference: body.theirReference ?? null,
          addressName: address.name,
          street: address.street,
          postalCode: address.postalCode,
          city: address.city,
          subtotal: totals.subtotal,
          vatLines: totals.vatLines,
          vat: totals.vat,
          discount: totals.discount,
          shipping: totals.shipping,
          otherCosts: totals.otherCosts,
          total: totals.total,
          createdAt: ctx.now,
        })
        .returning({ id: orders.id });
      if (!inserted) throw new Error('order insert returned nothing');
      orderId = inserted.id;
      await db.insert(orderRows).values(
        cart.items.map((item, i) => ({
          orderId,
          lineNumber: i + 1,
          productId: item.productId,
          sku: item.product.sku,
          name: item.product.name,
          quantity: String(item.quantity),
          unit: item.unit,
          aPrice: item.aPrice,
          rowTotal: item.rowTotal,
          vatRate: item.product.vatRate,
        })),
      );
      await cartService.empty(ctx, row);
      await cartService.touch(row, ctx);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(500, 'OrderNotCreated', errorText('OrderNotCreated'));
    }
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.companyId, company.id)));
    const emptied = await cartService.findCart(ctx, false);
    return {
      order: await orderService.detailOf(order!, company),
      cart: await cartService.view(ctx, emptied!),
    };
  }

  return {
    refuseLateDate,

    /** The user's own cart for the company becomes an order placed by them. */
    async checkout(company: CompanyRow, userId: string, body: CheckoutBody): Promise<CheckoutResponse> {
      const ctx = await cartService.context(company, userId);
      return place({ ctx, body, orderType: 'web', placedBy: null });
    },

    /**
     * The company an admin checkout names (staff only, checked by the route's access: staff may act for every
     * company), else 404 CompanyNotFound.
     */
    async namedCompany(code: string): Promise<CompanyRow> {
      const [company] = await db.select().from(companies).where(eq(companies.code, code)).limit(1);
      if (!company) throw notFound('CompanyNotFound');
      return company;
    },

    /** The context of an admin checkout: the customer must be a user of the company. */
    async adminContext(company: CompanyRow, customerId: string): Promise<CartContext> {
      const ctx = await cartService.context(company, customerId.toLowerCase());
      const [link] = await db
        .select({ userId: userCompanies.userId })
        .from(userCompanies)
        .where(and(eq(userCompanies.companyId, ctx.company.id), eq(userCompanies.userId, ctx.ownerId)))
        .limit(1);
      if (!link) throw notFound('CustomerNotFound');
      return ctx;
    },

    /** Staff place a customer's cart on their behalf: a sale order of the customer, marked as placed by `staffId`. */
    async adminCheckout(staffId: string, ctx: CartContext, body: CheckoutBody): Promise<CheckoutResponse> {
      return place({ ctx, body, orderType: 'sale', placedBy: staffId });
    },
  };
}
