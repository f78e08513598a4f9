import type { orderRows, orders } from '../schema';
import type { CompanyInfo } from './companies';
import { SALES_STAFF } from './data/people';
import { priceOn, type PriceBook } from './prices';
import type { ProductInfo } from './products';
import type { Rng } from './rng';
import type { UserInfo } from './users';
import { addDays, DAY_MS, isoDate, isoWeekday, startOfUtcDay } from './util';
import { DeliveryCalendar } from '../../modules/calendar/deliveries';
import { computeOrderTotals, rowTotalOf, shippingFor } from '../../../contract/rules/order-totals';

type OrderRow = typeof orders.$inferInsert & { id: string; orderDate: Date };
type RowRow = typeof orderRows.$inferInsert;

export type OrderResult = { orders: OrderRow[]; rows: RowRow[] };

const calendars = new WeakMap<CompanyInfo, DeliveryCalendar>();

/**
 * The first delivery date the company could get for an order placed at `at`, by the same calendar the server uses
 * (deadline 14:00 Stockholm time one working day before). 10026 has no routes now but had deliveries before: any
 * working day then.
 */
export function deliveryDateFor(company: CompanyInfo, at: Date): Date {
  let calendar = calendars.get(company);
  if (!calendar) {
    const weekdays = company.routeWeekdays.length > 0 ? company.routeWeekdays : [1, 2, 3, 4, 5];
    const routes = weekdays.map((weekday) => ({ weekday, deadlineDaysBefore: 1, deadlineTime: '14:00' }));
    calendar = new DeliveryCalendar(routes, company.exceptionDates);
    calendars.set(company, calendar);
  }
  const next = calendar.next(at);
  return next ? new Date(`${next.date}T00:00:00Z`) : addDays(startOfUtcDay(at), 1);
}

function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 4 - isoWeekday(d));
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / DAY_MS + 1) / 7);
}

function quantity(rng: Rng, product: ProductInfo): number {
  if (!product.wholeUnitsOnly) return Math.round(rng.float(0.5, 8) * 10) / 10;
  if (product.publicPrice > 100_000) return rng.int(1, 2);
  return product.unit === 'carton' ? rng.int(1, 4) : rng.int(1, 12);
}

/**
 * A year of order history for every company with users: 20–120 orders each, 3–25 rows, priced with the company's
 * prices valid on the order date. Deliveries in the past are received (a recent few only delivered); deliveries
 * from today on are pending. Order numbers are '4' + 7 digits, increasing with the order date.
 */
export function makeOrders(
  rng: Rng,
  companies: CompanyInfo[],
  usersByCompany: Map<string, UserInfo[]>,
  assortments: Map<string, ProductInfo[]>,
  book: PriceBook,
  now: Date,
): OrderResult {
  const today = startOfUtcDay(now);
  const todayIso = isoDate(today);
  const recentIso = isoDate(addDays(today, -7));
  const allOrders: OrderRow[] = [];
  const rowsByOrder = new Map<string, RowRow[]>();

  for (const company of companies) {
    const users = usersByCompany.get(company.id) ?? [];
    const assortment = assortments.get(company.id) ?? [];
    if (users.length === 0 || assortment.length === 0) continue;
    const profile = company.profile;
    const end = company.closedAt ?? now;
    const startMs = addDays(today, -365).getTime();
    const span = end.getTime() - startMs;

    const times: Date[] = [];
    const count = rng.int(profile.orders[0], profile.orders[1]);
    for (let i = 0; i < count; i++) {
      const day = startOfUtcDay(new Date(startMs + rng.next() * span));
      // Mostly on weekdays, in working hours.
      const shifted = isoWeekday(day) >= 6 && rng.chance(0.8) ? addDays(day, isoWeekday(day) === 6 ? -1 : 1) : day;
      times.push(new Date(shifted.getTime() + rng.int(6 * 60, 20 * 60) * 60_000 + rng.int(0, 59) * 1000));
    }
    // Active companies that can order have something on its way: one or two orders from the last 20 hours.
    if (company.active && company.routeWeekdays.length > 0) {
      for (let i = rng.int(1, 2); i > 0; i--) times.push(new Date(now.getTime() - rng.int(10, 20 * 60) * 60_000));
    }
    const valid = times.filter((t) => t.getTime() <= end.getTime()).sort((a, b) => a.getTime() - b.getTime());

    for (const at of valid) {
      const id = rng.uuid();
      const sale = rng.chance(0.2);
      const user = rng.pick(users);
      const delivery = deliveryDateFor(company, at);
      const deliveryIso = isoDate(delivery);
      const orderIso = isoDate(at);
      const status =
        deliveryIso >= todayIso ? 'pending' : deliveryIso >= recentIso || rng.chance(0.08) ? 'delivered' : 'received';

      const rowCount = Math.min(assortment.length, rng.int(profile.rows[0], profile.rows[1]));
      const rows: RowRow[] = rng.sample(assortment, rowCount).map((product, i) => {
        const qty = quantity(rng, product);
        const aPrice = priceOn(book, company.id, product, orderIso);
        return {
          id: rng.uuid(),
          orderId: id,
          lineNumber: i + 1,
          productId: product.id,
          sku: product.sku,
          name: product.name,
          quantity: String(qty),
          unit: product.unit,
          aPrice,
          rowTotal: rowTotalOf(aPrice, qty),
          vatRate: product.vatRate,
        };
      });
      const subtotal = rows.reduce((sum, r) => sum + (r.rowTotal ?? 0), 0);
      const totals = computeOrderTotals(
        rows.map((r) => ({ rowTotal: r.rowTotal ?? 0, vatRate: r.vatRate ?? 0 })),
        {
          discount: rng.chance(0.08) ? Math.round(subtotal * rng.pick([0.02, 0.03, 0.05])) : 0,
          // Every demo order has rows with a price, so its subtotal is above 0: the cart's rule, as at checkout.
          shipping: shippingFor(subtotal),
          otherCosts: rng.chance(0.05) ? rng.pick([4_900, 9_900, 15_000]) : 0,
        },
      );

      let reference: string | null = null;
      if (rng.chance(0.75)) {
        const ref = rng.pick(profile.references);
        reference = ref.endsWith('v.')
          ? `${ref} ${isoWeek(delivery)}`
          : rng.chance(0.3)
            ? `${ref} – ${user.firstName}`
            : ref;
      }
      allOrders.push({
        id,
        orderNumber: '',
        companyId: company.id,
        userId: sale ? null : user.id,
        orderType: sale ? 'sale' : 'web',
        status,
        orderDate: at,
        deliveryDate: deliveryIso,
        reference,
        theirReference: sale ? rng.pick(SALES_STAFF.slice(0, -1)) : rng.chance(0.25) ? rng.pick(SALES_STAFF) : null,
        addressName: company.def.name,
        street: company.street,
        postalCode: company.postalCode,
        city: company.city,
        subtotal: totals.subtotal,
        vatLines: totals.vatLines,
        vat: totals.vat,
        discount: totals.discount,
        shipping: totals.shipping,
        otherCosts: totals.otherCosts,
        total: totals.total,
        createdAt: at,
      });
      rowsByOrder.set(id, rows);
    }
  }

  // Order numbers follow the order date across all companies, with gaps for the wholesaler's other customers.
  allOrders.sort((a, b) => a.orderDate.getTime() - b.orderDate.getTime() || (a.id < b.id ? -1 : 1));
  let number = 41_000_000 + rng.int(0, 99_999);
  const rows: RowRow[] = [];
  for (const order of allOrders) {
    number += rng.int(1, 4);
    order.orderNumber = String(number);
    rows.push(...(rowsByOrder.get(order.id) ?? []));
  }
  return { orders: allOrders, rows };
}
