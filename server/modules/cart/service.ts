import type { DbOrTx } from '../../db/client';
import { carts } from '../../db/schema';
import type {
  Cart,
  CartMessage,
  CartProductInput,
  DeleteCartItemsBody,
  PatchCartItemBody,
} from '../../../contract/cart';
import { AppError, conflict } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CompanyRow } from '../../plugins/access';
import type { CartStamp } from './cache';
import { loadContext, type CartContext, type PricingContext } from './context';
import { nextOrderable, orderableOn, swedishDay, todayIn } from './delivery';
import { createCartLines } from './lines';
import { message } from './messages';
import { snapshots } from './pricing';
import { createCartStore, type CartRow } from './store';
import { createCartView } from './view';

// What other modules use of the cart, where it has always been imported from.
export type { CartContext } from './context';
export type { LineRow } from './contents';
export { blockedLine, fillText } from './messages';

export type CartService = ReturnType<typeof createCartService>;

/**
 * The cart of a user for a company (SPEC §3, §4, §7). Written against `DbOrTx`: the routes build it on the idempotency
 * transaction for changes. Every change locks the cart row first, so changes to one cart happen one after the other.
 *
 * Company scope by construction (decision 0052): every call receives the company the route's access hook established
 * (`scopedCompany`) and the user whose cart it is; nothing here checks access again (store.ts keeps every query inside
 * the owner's cart). The parts: context.ts (company and calendar), store.ts (the cart row), lines.ts (changes to
 * lines), pricing.ts (today's prices), view.ts (the answer), all assembled here.
 */
export function createCartService(db: DbOrTx, clock: () => Date) {
  const store = createCartStore(db);
  const lines = createCartLines(db, store);
  const view = createCartView(db, store);
  const { findCart, ensureCart, touch, empty, ownCartRow } = store;

  /** The company's context for a cart call; `ownerId` is whose cart (the user, or the customer of an admin checkout). */
  const context = (company: CompanyRow, ownerId: string): Promise<CartContext> =>
    loadContext(db, company, ownerId, clock());

  /** The cart as `get` answers it, with the row's id and version it was computed from (for the answer cache). */
  async function read(company: CompanyRow, userId: string): Promise<{ cart: Cart; stamp: CartStamp }> {
    const ctx = await context(company, userId);
    const found = await store.readCart(ctx);
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

  return {
    context,
    view,
    snapshots: (ctx: PricingContext, productIds: string[]) => snapshots(db, ctx, productIds),
    addProducts: lines.addProducts,
    findCart,
    ensureCart,
    touch,
    empty,

    /** The cart as it is now: the row, its lines and prices in one query (made empty on first use). */
    async get(company: CompanyRow, userId: string): Promise<Cart> {
      return (await read(company, userId)).cart;
    },

    read,

    stamp: store.stamp,

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
        lines.addProducts(
          ctx,
          row,
          inputs.map((input, i) => ({ ...input, path: single ? '' : `items.${i}.` })),
        ),
      );
    },

    async patchItem(company: CompanyRow, userId: string, itemId: string, body: PatchCartItemBody): Promise<Cart> {
      return changeOwn(company, userId, (ctx, row) => lines.patchItem(ctx, row, itemId, body));
    },

    /** Removes one line by its line number (or its item id). */
    async removeLine(company: CompanyRow, userId: string, ref: string): Promise<Cart> {
      return changeOwn(company, userId, (ctx, row) => lines.removeLine(ctx, row, ref));
    },

    async removeLines(company: CompanyRow, userId: string, body: DeleteCartItemsBody): Promise<Cart> {
      return changeOwn(company, userId, (ctx, row) => lines.removeLines(ctx, row, body));
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
