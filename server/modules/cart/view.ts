import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { carts } from '../../db/schema';
import type { Cart, CartMessage } from '../../../contract/cart';
import { computeCartTotals } from '../../../contract/rules/order-totals';
import type { Contents } from './contents';
import type { CartContext } from './context';
import { nextOrderable, orderableOn, swedishDay, toDeliveryDto } from './delivery';
import { blockedLine, message } from './messages';
import { pricedItems } from './pricing';
import { nextVersion, type CartRow, type CartStore } from './store';

export type CartView = ReturnType<typeof createCartView>;

/** The whole cart as every cart call (and re-order and checkout) answers it. */
export function createCartView(db: DbOrTx, store: CartStore) {
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
      .where(and(store.ownCartRow(ctx, row.id), eq(carts.deliveryDate, chosen)));
    if (moved) {
      messages.push(message('DeliveryDateMoved', 'info', { previous: swedishDay(chosen), date: swedishDay(moved) }));
    }
    return moved;
  }

  /**
   * The whole cart as every call answers it. `messages` are the notices of this call; the standing ones are added.
   * `contents` when the caller read them with the row (GET), else they are read here. Totals by the rule the phone
   * estimates them with (contract/rules/order-totals.ts).
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
      contents ?? store.contentsOf(ctx, row.id),
    ]);
    const items = pricedItems(ctx, read);
    const blocked = items.map(blockedLine).filter((m): m is CartMessage => m !== null);
    const standing: CartMessage[] = [];
    if (!ctx.calendar.hasRoutes) standing.push(message('NoDeliveryRoutes', 'warning'));
    if (ctx.usersCount === 0) standing.push(message('CompanyHasNoUsers', 'warning'));
    if (!ctx.company.active) standing.push(message('CompanyInactive', 'warning'));
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
      totals: computeCartTotals(items.map((i) => ({ rowTotal: i.rowTotal, vatRate: i.product.vatRate }))),
      canCheckout: items.length > 0 && deliveryDate !== null && standing.length === 0 && blocked.length === 0,
      messages: [...notices, ...standing, ...blocked],
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return view;
}
