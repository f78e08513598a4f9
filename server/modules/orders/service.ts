import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orderRows, orders, products, users } from '../../db/schema';
import type { OrderDetail, OrderRow } from '../../../contract/orders';
import { notFound } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import { fullName } from '../../lib/text';

type OrderRowDb = typeof orders.$inferSelect;

const placers = alias(users, 'placer');

export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Order documents of a company (SPEC §3 Order, §7 Orders; the history pages are in history.ts). Every call receives the company the
 * route's access hook established (decision 0052) and checks no access itself; an order is always looked up inside
 * that company, so another company's order number is not found, like an unknown one.
 */
export function createOrderService(db: DbOrTx) {
  const documentNotFound = () => notFound('OrderDocumentNotFound');

  /** The order with this id, if it is the company's. */
  const companyOrder = (company: CompanyRow, orderId: string) =>
    and(eq(orders.id, orderId), eq(orders.companyId, company.id));
  /** The rows of the order with this id, if it is the company's (rows have no company: through their order). */
  const companyOrderRows = (company: CompanyRow, orderId: string) =>
    inArray(orderRows.orderId, db.select({ id: orders.id }).from(orders).where(companyOrder(company, orderId)));

  /** The full order as GET …/order/{orderNumber} answers it. */
  async function detailOf(order: OrderRowDb, company: CompanyRow): Promise<OrderDetail> {
    if (order.companyId !== company.id) throw documentNotFound();
    const [[people], rows] = await Promise.all([
      db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          placerFirst: placers.firstName,
          placerLast: placers.lastName,
          rowCount: sql<number>`(select count(*)::int from ${orderRows} where ${orderRows.orderId} = ${orders.id})`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(placers, eq(placers.id, orders.placedBy))
        .where(companyOrder(company, order.id)),
      db
        .select({
          lineNumber: orderRows.lineNumber,
          productId: orderRows.productId,
          sku: orderRows.sku,
          name: orderRows.name,
          quantity: orderRows.quantity,
          unit: orderRows.unit,
          aPrice: orderRows.aPrice,
          rowTotal: orderRows.rowTotal,
          vatRate: orderRows.vatRate,
          slug: products.slug,
          images: products.images,
          discontinued: products.discontinued,
        })
        .from(orderRows)
        .leftJoin(products, eq(products.id, orderRows.productId))
        .where(companyOrderRows(company, order.id))
        .orderBy(asc(orderRows.lineNumber)),
    ]);
    return {
      orderNumber: order.orderNumber,
      orderType: order.orderType,
      status: order.status,
      orderDate: order.orderDate.toISOString(),
      deliveryDate: order.deliveryDate,
      reference: order.reference,
      theirReference: order.theirReference,
      userName: fullName(people?.firstName ?? null, people?.lastName ?? null),
      rowCount: people?.rowCount ?? rows.length,
      total: order.total,
      companyCode: company.code,
      companyName: company.name,
      address: { name: order.addressName, street: order.street, postalCode: order.postalCode, city: order.city },
      placedBy: fullName(people?.placerFirst ?? null, people?.placerLast ?? null),
      rows: rows.map((r): OrderRow => ({
        lineNumber: r.lineNumber,
        productId: r.productId,
        sku: r.sku,
        name: r.name,
        quantity: Number(r.quantity),
        unit: r.unit,
        aPrice: r.aPrice,
        rowTotal: r.rowTotal,
        vatRate: r.vatRate,
        product:
          r.slug === null
            ? null
            : {
                slug: r.slug,
                imageUrl: (r.images as { url: string }[] | null)?.[0]?.url ?? null,
                discontinued: r.discontinued ?? false,
              },
      })),
      totals: {
        subtotal: order.subtotal,
        vatLines: order.vatLines,
        vat: order.vat,
        discount: order.discount,
        shipping: order.shipping,
        otherCosts: order.otherCosts,
        total: order.total,
      },
    };
  }

  /** The company's order with this number, else 404 OrderDocumentNotFound (also for another company's order). */
  async function orderOf(company: CompanyRow, orderNumber: string): Promise<OrderRowDb> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, company.id), eq(orders.orderNumber, orderNumber)))
      .limit(1);
    if (!order) throw documentNotFound();
    return order;
  }

  return {
    detailOf,

    /** One order of the company; another company's order number is 404 OrderDocumentNotFound, like an unknown one. */
    async detail(company: CompanyRow, orderNumber: string): Promise<OrderDetail> {
      return detailOf(await orderOf(company, orderNumber), company);
    },

    /**
     * An order named by number alone (the PDF export), in the company its route's access hook found for it: a number
     * of a company the user may not act for is 404 OrderDocumentNotFound there, so order numbers cannot be probed.
     */
    async document(company: CompanyRow, orderNumber: string): Promise<{ order: OrderDetail; company: CompanyRow }> {
      return { order: await detailOf(await orderOf(company, orderNumber), company), company };
    },

    /** The rows of one of the company's orders (for re-order). */
    async rowsOf(company: CompanyRow, orderNumber: string) {
      const order = await orderOf(company, orderNumber);
      return db
        .select({
          lineNumber: orderRows.lineNumber,
          productId: orderRows.productId,
          sku: orderRows.sku,
          name: orderRows.name,
          quantity: orderRows.quantity,
          unit: orderRows.unit,
          discontinued: products.discontinued,
        })
        .from(orderRows)
        .leftJoin(products, eq(products.id, orderRows.productId))
        .where(companyOrderRows(company, order.id))
        .orderBy(asc(orderRows.lineNumber));
    },

    /** The next order number: one above the highest so far, taken under a transaction-wide lock. */
    async nextOrderNumber(): Promise<string> {
      await db.execute(sql`select pg_advisory_xact_lock(4711001)`);
      const [row] = await db
        .select({ n: sql<string>`coalesce(max(${orders.orderNumber}::bigint), 40999999) + 1` })
        .from(orders);
      return String(row?.n ?? '41000000');
    },
  };
}
