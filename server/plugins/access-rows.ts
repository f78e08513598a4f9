import { eq, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, purchaseLists, userCompanies } from '../db/schema';
import type { ErrorCode } from '../../contract/common';
import { UUID } from '../lib/ids';

export type RowScope = {
  /** Whether a request's name of the row has the row's shape (else validation answers first, with its own 400). */
  wellFormed(value: string): boolean;
  /**
   * The ids of the companies the row belongs to (none: no such row), as a subquery of the access query: the row and
   * its companies are read in one round trip, by one prepared statement (decision 0068). `value` is the row's name as
   * the request gives it (a placeholder), checked `wellFormed` first.
   */
  companyIds(db: Db, value: Placeholder): SQLWrapper;
  /** What the caller hears for a row that is missing or not theirs. */
  notFound: ErrorCode;
  /** Customers hear 403 for a missing row as for another company's (staff hear `notFound`), as for companies. */
  hiddenFromCustomers?: boolean;
  /**
   * The row never moves to another company, so a session's allowed outcome for it may be kept with the session
   * (decision 0068, second round). A row deleted since is then missed by the handler instead, which looks it up inside
   * the company and answers the same 404 (or, for a resent change, its stored answer).
   */
  fixedCompany?: boolean;
};

/**
 * Rows that routes name without their company (decision 0052): how the access hook finds the company a row
 * belongs to. Routes under `/v1/company/:companyCode` need none of these: their rows are looked up inside it.
 */
export const ROW_SCOPES = {
  purchaseList: {
    wellFormed: (id) => UUID.test(id),
    companyIds: (db, id) =>
      db.select({ companyId: purchaseLists.companyId }).from(purchaseLists).where(eq(purchaseLists.id, id)),
    notFound: 'PurchaseListNotFound',
    fixedCompany: true,
  },
  order: {
    wellFormed: (orderNumber) => orderNumber.trim() !== '' && orderNumber.length <= 64,
    companyIds: (db, orderNumber) =>
      db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.orderNumber, orderNumber)),
    notFound: 'OrderDocumentNotFound',
    fixedCompany: true,
  },
  /** A user, through the companies they belong to (managing users); these change, so nothing is kept. */
  customer: {
    wellFormed: (id) => UUID.test(id),
    companyIds: (db, userId) =>
      db.select({ companyId: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, userId)),
    notFound: 'CustomerNotFound',
    hiddenFromCustomers: true,
  },
} satisfies Record<string, RowScope>;

export type RowKind = keyof typeof ROW_SCOPES;
