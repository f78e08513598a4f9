import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/ambient';
import { orderRows, orders, users } from '../../db/schema';
import type { OrderHistoryResponse, OrderStatus, OrderSummary } from '../../../contract/orders';
import type { CompanyRow } from '../../plugins/access';
import { plusDays, stockholmInstant } from '../cart/delivery';
import { escapeLike, fullName, likeContaining } from '../../lib/text';

export type HistoryQuery = {
  page: number;
  pageSize: number;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};

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

/** The values of a history query's filters, by the names its statement's placeholders have. */
type FilterValues = { companyId: string; status?: string; from?: Date; to?: Date; prefix?: string; text?: string };
type Filter = Exclude<keyof FilterValues, 'companyId' | 'text'>;

function filterValues(company: CompanyRow, query: HistoryQuery): FilterValues {
  const values: FilterValues = { companyId: company.id };
  if (query.status) values.status = query.status;
  if (query.from) values.from = stockholmInstant(`${query.from}T00:00:00`);
  if (query.to) values.to = stockholmInstant(`${plusDays(query.to, 1)}T00:00:00`);
  const q = query.q?.trim();
  if (q) {
    values.prefix = `${escapeLike(q)}%`;
    values.text = likeContaining(q);
  }
  return values;
}

/**
 * The condition of the filters given, each value as `bind` gives it: a placeholder of a prepared statement, or the
 * value itself. Which filters are given decides the statement's shape; their values do not.
 */
function whereOf(values: FilterValues, bind: (name: keyof FilterValues) => SQL): SQL {
  const filters: SQL[] = [eq(orders.companyId, bind('companyId'))];
  if (values.status !== undefined) filters.push(eq(orders.status, bind('status')));
  if (values.from !== undefined) filters.push(gte(orders.orderDate, bind('from')));
  if (values.to !== undefined) filters.push(lt(orders.orderDate, bind('to')));
  if (values.prefix !== undefined) {
    const text = bind('text');
    filters.push(
      or(like(orders.orderNumber, bind('prefix')), ilike(orders.reference, text), ilike(orders.theirReference, text))!,
    );
  }
  return and(...filters)!;
}

export type OrderHistory = ReturnType<typeof createOrderHistory>;

/** A company's order history, page by page (SPEC §7 Orders), for the company the access hook established. */
export function createOrderHistory(db: DbOrTx) {
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
  /**
   * One statement per set of filters given, prepared once (decision 0068; the filtered pages in its second round): the
   * unfiltered first page the screen opens on, and each combination of status, dates and text a user filters by.
   */
  const prepared = new Map<string, () => ReturnType<ReturnType<typeof historyPage>['prepare']>>();
  function statementFor(values: FilterValues) {
    const given = (['status', 'from', 'to', 'prefix'] as Filter[]).filter((name) => values[name] !== undefined);
    const key = given.join('_');
    let statement = prepared.get(key);
    if (!statement) {
      const where = whereOf(values, (name) => sql`${sql.placeholder(name)}`);
      const name = key ? `order_history_${key}` : 'order_history';
      prepared.set(key, (statement = preparedOnce(() => historyPage(where).prepare(name))));
    }
    return statement();
  }

  return {
    /** A page of the company's orders, newest first. */
    async page(company: CompanyRow, query: HistoryQuery): Promise<OrderHistoryResponse> {
      const values = filterValues(company, query);
      const place = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const rows = await statementFor(values).execute({ ...values, ...place });
      // No row on the page: the total is 0 on the first page, else counted on its own (a page past the end).
      const totalRecords =
        rows[0]?.total ??
        (query.page === 1
          ? 0
          : ((
              await db
                .select({ n: count() })
                .from(orders)
                .where(whereOf(values, (name) => sql`${values[name]}`))
            )[0]?.n ?? 0));
      return {
        data: rows.map((r) => toSummary({ ...r, rowCount: Number(r.rowCount) })),
        totalRecords: Number(totalRecords),
        currentPage: query.page,
        totalPages: Math.max(1, Math.ceil(totalRecords / query.pageSize)),
      };
    },
  };
}
