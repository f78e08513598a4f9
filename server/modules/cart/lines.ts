import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems, products } from '../../db/schema';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type CartMessage,
  type CartProductInput,
  type CartUnit,
  type DeleteCartItemsBody,
  type PatchCartItemBody,
} from '../../../contract/cart';
import { settleRequest } from '../../../contract/rules/quantity';
import { roundQuantity } from '../../../contract/rules/units';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import type { CartContext } from './context';
import { fillText, message, tooBig } from './messages';
import type { CartRow, CartStore } from './store';
import { UUID } from '../../lib/ids';

type Line = { id: string; lineNumber: number; productId: string; unit: CartUnit; quantity: number };

export type CartLines = ReturnType<typeof createCartLines>;

/**
 * The changes to a cart's lines, each on the cart row its caller has locked; each returns its notices. Quantities are
 * settled by the rule the phone applies too (contract/rules/quantity.ts).
 */
export function createCartLines(db: DbOrTx, store: CartStore) {
  const { ownLines } = store;

  async function linesOf(ctx: CartContext, cartId: string): Promise<Line[]> {
    const rows = await db
      .select({
        id: cartItems.id,
        lineNumber: cartItems.lineNumber,
        productId: cartItems.productId,
        unit: cartItems.unit,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(ownLines(ctx, cartId));
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  }

  /**
   * Adds products: each quantity goes to the line of the same product and unit, or a new line. `paths` name the body
   * fields for errors ('' for PUT …/product, 'items.3.' for PUT …/products). Returns the notices.
   */
  async function addProducts(
    ctx: CartContext,
    row: CartRow,
    inputs: (CartProductInput & { path: string })[],
    options: { skipUnknown?: boolean } = {},
  ): Promise<CartMessage[]> {
    const wantedIds = [...new Set(inputs.map((i) => i.productId.toLowerCase()))];
    const found = wantedIds.length
      ? await db
          .select({ id: products.id, unit: products.unit, wholeUnitsOnly: products.wholeUnitsOnly })
          .from(products)
          .where(inArray(products.id, wantedIds))
      : [];
    const productById = new Map(found.map((p) => [p.id, p]));
    const unknown = inputs.filter((i) => !productById.has(i.productId.toLowerCase()));
    if (unknown.length > 0 && !options.skipUnknown) {
      throw new AppError(
        400,
        'UnknownProduct',
        fillText('UnknownProduct', { productId: unknown[0]!.productId }),
        unknown.map((i) => ({
          path: `${i.path}productId`,
          message: fillText('UnknownProduct', { productId: i.productId }),
        })),
      );
    }

    // Client ids are checked across every cart, not only this company's: a line id is unique in the whole table (its
    // primary key), so one taken anywhere is 409 ClientIdTaken rather than a failed insert. Nothing of that line is read.
    const clientIds = inputs.map((i) => i.itemId?.toLowerCase()).filter((id): id is string => id !== undefined);
    const taken = clientIds.length
      ? await db
          .select({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId, unit: cartItems.unit })
          .from(cartItems)
          .where(inArray(cartItems.id, clientIds))
      : [];
    const takenById = new Map(taken.map((t) => [t.id, t]));

    const lines = await linesOf(ctx, row.id);
    const byKey = new Map(lines.map((l) => [`${l.productId}|${l.unit}`, l]));
    let nextLine = lines.reduce((max, l) => Math.max(max, l.lineNumber), 0) + 1;
    const inserts: Line[] = [];
    const updates = new Map<string, Line>();
    const messages: CartMessage[] = [];

    for (const input of inputs) {
      const product = productById.get(input.productId.toLowerCase());
      if (!product) continue;
      const unit = input.unit ?? product.unit;
      const itemId = input.itemId?.toLowerCase();
      if (itemId) {
        const existing = takenById.get(itemId);
        if (existing) {
          // A resend of the add that made this line: nothing more to do.
          if (existing.cartId === row.id && existing.productId === product.id && existing.unit === unit) continue;
          throw new AppError(409, 'ClientIdTaken', undefined, [
            { path: `${input.path}itemId`, message: errorText('ClientIdTaken') },
          ]);
        }
      }
      const { quantity, rounded } = settleRequest(product.wholeUnitsOnly, input.quantity);
      const key = `${product.id}|${unit}`;
      const line = byKey.get(key);
      if (line) {
        line.quantity = roundQuantity(line.quantity + quantity);
        if (line.quantity > CART_MAX_QUANTITY) throw tooBig(`${input.path}quantity`);
        if (!inserts.includes(line)) updates.set(line.id, line);
        if (rounded) messages.push(message('QuantityRounded', 'info', { quantity }, line));
      } else {
        const created: Line = {
          id: itemId ?? randomUUID(),
          lineNumber: nextLine++,
          productId: product.id,
          unit,
          quantity,
        };
        inserts.push(created);
        byKey.set(key, created);
        if (itemId) takenById.set(itemId, { id: itemId, cartId: row.id, productId: product.id, unit });
        if (rounded) messages.push(message('QuantityRounded', 'info', { quantity }, created));
      }
    }
    if (lines.length + inserts.length > CART_MAX_LINES) throw conflict('CartFull');
    if (inserts.length > 0) {
      await db.insert(cartItems).values(
        inserts.map((l) => ({
          id: l.id,
          cartId: row.id,
          lineNumber: l.lineNumber,
          productId: l.productId,
          unit: l.unit,
          quantity: String(l.quantity),
          createdAt: ctx.now,
        })),
      );
    }
    for (const line of updates.values()) {
      await db
        .update(cartItems)
        .set({ quantity: String(line.quantity) })
        .where(and(eq(cartItems.id, line.id), ownLines(ctx, row.id)));
    }
    return messages;
  }

  /** The line of the context's own cart an item id or line number points at, else 404 CartItemNotFound. */
  async function lineOf(ctx: CartContext, cartId: string, ref: { itemId?: string; lineNumber?: number }) {
    const where =
      ref.itemId !== undefined
        ? UUID.test(ref.itemId)
          ? eq(cartItems.id, ref.itemId)
          : undefined
        : ref.lineNumber !== undefined && Number.isSafeInteger(ref.lineNumber)
          ? eq(cartItems.lineNumber, ref.lineNumber)
          : undefined;
    if (!where) throw notFound('CartItemNotFound');
    const [line] = await db
      .select({
        id: cartItems.id,
        lineNumber: cartItems.lineNumber,
        productId: cartItems.productId,
        unit: cartItems.unit,
        quantity: cartItems.quantity,
        wholeUnitsOnly: products.wholeUnitsOnly,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(ownLines(ctx, cartId), where))
      .limit(1);
    if (!line) throw notFound('CartItemNotFound');
    return line;
  }

  /** A new quantity (0 removes the line) and unit for a line; a unit the product already has a line in merges into it. */
  async function patchItem(
    ctx: CartContext,
    row: CartRow,
    itemId: string,
    body: PatchCartItemBody,
  ): Promise<CartMessage[]> {
    const line = await lineOf(ctx, row.id, { itemId });
    const thisLine = and(eq(cartItems.id, line.id), ownLines(ctx, row.id));
    if (body.quantity === 0) {
      await db.delete(cartItems).where(thisLine);
      return [];
    }
    const { quantity, rounded } = settleRequest(line.wholeUnitsOnly, body.quantity);
    const messages = rounded ? [message('QuantityRounded', 'info', { quantity }, line)] : [];
    const unit = body.unit ?? line.unit;
    if (unit !== line.unit) {
      const [other] = await db
        .select({ id: cartItems.id, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(ownLines(ctx, row.id), eq(cartItems.productId, line.productId), eq(cartItems.unit, unit)));
      if (other) {
        const merged = roundQuantity(Number(other.quantity) + quantity);
        if (merged > CART_MAX_QUANTITY) throw tooBig('quantity');
        await db
          .update(cartItems)
          .set({ quantity: String(merged) })
          .where(and(eq(cartItems.id, other.id), ownLines(ctx, row.id)));
        await db.delete(cartItems).where(thisLine);
        return messages;
      }
    }
    await db
      .update(cartItems)
      .set({ quantity: String(quantity), unit })
      .where(thisLine);
    return messages;
  }

  /** Removes one line by its line number (or its item id). */
  async function removeLine(ctx: CartContext, row: CartRow, ref: string): Promise<void> {
    const line = await lineOf(
      ctx,
      row.id,
      UUID.test(ref) ? { itemId: ref } : { lineNumber: /^\d{1,9}$/.test(ref) ? Number(ref) : Number.NaN },
    );
    await db.delete(cartItems).where(and(eq(cartItems.id, line.id), ownLines(ctx, row.id)));
  }

  async function removeLines(ctx: CartContext, row: CartRow, body: DeleteCartItemsBody): Promise<void> {
    if (body.all) {
      await db.delete(cartItems).where(ownLines(ctx, row.id));
      return;
    }
    const refs = [
      ...(body.lineNumbers?.length ? [inArray(cartItems.lineNumber, body.lineNumbers)] : []),
      ...(body.itemIds?.length
        ? [
            inArray(
              cartItems.id,
              body.itemIds.map((id) => id.toLowerCase()),
            ),
          ]
        : []),
    ];
    await db.delete(cartItems).where(and(ownLines(ctx, row.id), or(...refs)));
  }

  return { addProducts, patchItem, removeLine, removeLines };
}
