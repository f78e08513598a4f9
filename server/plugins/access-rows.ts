import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, purchaseLists, userCompanies } from '../db/schema';
import type { ErrorCode } from '../../contract/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RowScope = {
  /** Whether a request's name of the row has the row's shape (else validation answers first, with its own 400). */
  wellFormed(value: string): boolean;
  /** The companies the row belongs to (none: no such row). */
  companiesOf(db: Db, value: string): Promise<string[]>;
  /** What the caller hears for a row that is missing or not theirs. */
  notFound: ErrorCode;
  /** Customers hear 403 for a missing row as for another company's (staff hear `notFound`), as for companies. */
  hiddenFromCustomers?: boolean;
};

/**
 * Rows that routes name without their company (decision 0052): how the access hook finds the company a row
 * belongs to. Routes under `/v1/company/:companyCode` need none of these: their rows are looked up inside it.
 */
export const ROW_SCOPES = {
  purchaseList: {
    wellFormed: (id) => UUID.test(id),
    async companiesOf(db, id) {
      if (!UUID.test(id)) return [];
      const rows = await db
        .select({ companyId: purchaseLists.companyId })
        .from(purchaseLists)
        .where(eq(purchaseLists.id, id));
      return rows.map((r) => r.companyId);
    },
    notFound: 'PurchaseListNotFound',
  },
  order: {
    wellFormed: (orderNumber) => orderNumber.trim() !== '' && orderNumber.length <= 64,
    async companiesOf(db, orderNumber) {
      const rows = await db
        .select({ companyId: orders.companyId })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      return rows.map((r) => r.companyId);
    },
    notFound: 'OrderDocumentNotFound',
  },
  /** A user, through the companies they belong to (managing users). */
  customer: {
    wellFormed: (id) => UUID.test(id),
    async companiesOf(db, userId) {
      if (!UUID.test(userId)) return [];
      const rows = await db
        .select({ companyId: userCompanies.companyId })
        .from(userCompanies)
        .where(eq(userCompanies.userId, userId));
      return rows.map((r) => r.companyId);
    },
    notFound: 'CustomerNotFound',
    hiddenFromCustomers: true,
  },
} satisfies Record<string, RowScope>;

export type RowKind = keyof typeof ROW_SCOPES;
