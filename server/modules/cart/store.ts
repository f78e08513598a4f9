import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/ambient';
import { cartItems, carts } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { CompanyRow } from '../../plugins/access';
import type { CartStamp } from './cache';
import { linesJson, pricesJson, type Contents } from './contents';
import type { CartContext } from './context';

export type CartRow = typeof carts.$inferSelect;

/** Every change to a cart or its lines raises its version (what cached answers are checked against). */
export const nextVersion = sql`${carts.version} + 1`;

export type CartStore = ReturnType<typeof createCartStore>;

/**
 * The cart row of a context's owner, and the conditions that keep every query inside it (decision 0052): a cart is
 * one user's in one company, and every query that finds a cart or a line has that company and user in its condition
 * (`ownCart`, `ownLines`), so an id of another company's or user's cart or line is not found.
 */
export function createCartStore(db: DbOrTx) {
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

  async function touch(row: CartRow, ctx: CartContext): Promise<CartRow> {
    const [updated] = await db
      .update(carts)
      .set({ updatedAt: ctx.now, version: nextVersion })
      .where(ownCartRow(ctx, row.id))
      .returning();
    return updated ?? row;
  }

  /** Empties the cart: every line and the chosen date go (the row's version is raised by the caller's touch). */
  async function empty(ctx: CartContext, row: CartRow): Promise<void> {
    await db.delete(cartItems).where(ownLines(ctx, row.id));
    await db.update(carts).set({ deliveryDate: null }).where(ownCartRow(ctx, row.id));
    row.deliveryDate = null;
  }

  /** Built once, on first use (it runs on every GET): the id and version of a user's cart in a company. */
  const buildStampQuery = () =>
    db
      .select({ cartId: carts.id, version: carts.version })
      .from(carts)
      .where(and(eq(carts.companyId, sql.placeholder('companyId')), eq(carts.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('cart_stamp');
  const stampQuery = preparedOnce(buildStampQuery);

  /**
   * The id and version of the user's cart in the company (undefined while there is none) — one small query: what a
   * cached answer is checked against on every GET.
   */
  async function stamp(company: CompanyRow, userId: string): Promise<CartStamp | undefined> {
    const [found] = await stampQuery().execute({ companyId: company.id, userId });
    return found ? { cartId: found.cartId, version: found.version } : undefined;
  }

  return { ownCart, ownCartRow, ownLines, findCart, ensureCart, contentsOf, readCart, touch, empty, stamp };
}
