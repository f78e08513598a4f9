import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedOnce, type DbOrTx } from '../../db/client';
import { orderRows, orders, products, users } from '../../db/schema';
import type { OrderDetail, OrderHistoryResponse, OrderRow, OrderStatus, OrderSummary } from '../../../contract/orders';
import { notFound } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import { plusDays, stockholmInstant } from '../cart/delivery';

type OrderRowDb = typeof orders.$inferSelect;

export type HistoryQuery = {
  page: number;
  pageSize: number;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};

const placers = alias(users, 'placer');

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** The columns of an order in the history (the page CTE); who ordered and the row count are joined to it. */
const pageColumns = {
  id: orders.id,
  userId: orders.userId,
  orderNumber: orders.orderNumber,
  orderType: orders.orderType,
  status: orders.status,
  orderDate: orders.orderDate,
  deliveryDate: orders.deliveryDate,
  reference: orders.reference,
  theirReference: orders.theirReference,
  orderTotal: orders.total,
};

type SummaryRow = {
  orderNumber: string;
  orderType: OrderSummary['orderType'];
  status: OrderSummary['status'];
  orderDate: Date;
  deliveryDate: string;
  reference: string | null;
  theirReference: string | null;
  orderTotal: number;
  firstName: string | null;
  lastName: string | null;
  rowCount: number;
};

function toSummary(r: SummaryRow): OrderSummary {
  return {
    orderNumber: r.orderNumber,
    orderType: r.orderType,
    status: r.status,
    orderDate: r.orderDate.toISOString(),
    deliveryDate: r.deliveryDate,
    reference: r.reference,
    theirReference: r.theirReference,
    userName: fullName(r.firstName, r.lastName),
    rowCount: r.rowCount,
    total: r.orderTotal,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Order history and order documents of a company (SPEC §3 Order, §7 Orders). Every call receives the company the
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

  /**
   * One query (docs/decisions/0039): the page of orders as a CTE, served in order by orders_company_history_idx
   * (company_id, order_date desc, order_number desc) without a sort; its row counts by one grouped scan of those
   * orders' rows; the filtered total as an uncorrelated subquery, computed once. Limit and offset are placeholders.
   */
  function historyPage(where: SQL) {
    const page = db
      .$with('page')
      .as(
        db
          .select(pageColumns)
          .from(orders)
          .where(where)
          .orderBy(desc(orders.orderDate), desc(orders.orderNumber))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      );
    const counted = db
      .select({ orderId: orderRows.orderId, n: sql<number>`count(*)::int`.as('n') })
      .from(orderRows)
      // = any(array(…)): one index scan of order_rows for the page's ids, whatever the statistics say.
      .where(sql`${orderRows.orderId} = any(array(select ${page.id} from ${page}))`)
      .groupBy(orderRows.orderId)
      .as('counted');
    return db
      .with(page)
      .select({
        orderNumber: page.orderNumber,
        orderType: page.orderType,
        status: page.status,
        orderDate: page.orderDate,
        deliveryDate: page.deliveryDate,
        reference: page.reference,
        theirReference: page.theirReference,
        orderTotal: page.orderTotal,
        firstName: users.firstName,
        lastName: users.lastName,
        rowCount: sql<number>`coalesce(${counted.n}, 0)`,
        total: sql<number>`(select count(*)::int from ${orders} where ${where})`,
      })
      .from(page)
      .leftJoin(users, eq(users.id, page.userId))
      .leftJoin(counted, eq(counted.orderId, page.id))
      .orderBy(desc(page.orderDate), desc(page.orderNumber));
  }
  const firstPages = preparedOnce(() =>
    historyPage(eq(orders.companyId, sql.placeholder('companyId'))).prepare('order_history'),
  );

  return {
    detailOf,

    /** A page of the company's orders, newest first. */
    async history(company: CompanyRow, query: HistoryQuery): Promise<OrderHistoryResponse> {
      const filters: SQL[] = [eq(orders.companyId, company.id)];
      if (query.status) filters.push(eq(orders.status, query.status));
      if (query.from) filters.push(gte(orders.orderDate, stockholmInstant(`${query.from}T00:00:00`)));
      if (query.to) filters.push(lt(orders.orderDate, stockholmInstant(`${plusDays(query.to, 1)}T00:00:00`)));
      const q = query.q?.trim();
      if (q) {
        const text = `%${escapeLike(q)}%`;
        filters.push(
          or(
            like(orders.orderNumber, `${escapeLike(q)}%`),
            ilike(orders.reference, text),
            ilike(orders.theirReference, text),
          )!,
        );
      }
      // Without filters — what the history screen opens on — by a statement prepared once (decision 0068).
      const place = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const rows =
        filters.length === 1
          ? await firstPages().execute({ ...place, companyId: company.id })
          : await historyPage(and(...filters)!).execute(place);
      const where = and(...filters);
      // No row on the page: the total is 0 on the first page, else counted on its own (a page past the end).
      const totalRecords =
        rows[0]?.total ??
        (query.page === 1 ? 0 : ((await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0));
      return {
        data: rows.map((r) => toSummary({ ...r, rowCount: Number(r.rowCount) })),
        totalRecords: Number(totalRecords),
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(totalRecords / query.pageSize)),
      };
    },

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
