import type { EntityTable } from 'dexie';
import type { Cart, CartItem } from '../../../contract/cart';

/**
 * A line of the cart as the UI shows it: the server's line, or one added on the device that the server has not
 * answered yet. Prices are null until the server (or the price the add-to-cart control knew) says.
 */
export interface MirrorCartItem extends Omit<CartItem, 'aPrice' | 'listPrice' | 'priceKind' | 'rowTotal'> {
  aPrice: number | null;
  listPrice: number | null;
  priceKind: CartItem['priceKind'] | null;
  rowTotal: number | null;
  /** A waiting change of the current user touches the line. */
  pending: boolean;
}

/**
 * The cart of one company as the UI shows it (`useCart`): the server's cart as last seen with the current user's
 * waiting changes on top. One row per company (the mirror holds the current user's carts only).
 */
export interface MirrorCart extends Omit<Cart, 'items'> {
  items: MirrorCartItem[];
  /** A waiting change touches the cart: totals are the device's estimate until the server answers. */
  pending: boolean;
  /** The server's cart has been read for this company (SPEC §3: status success); false = idle. */
  loaded: boolean;
}

/** The server's cart of one user and company as last seen (from an answer or a read). */
export interface ServerCart {
  /** `${userId}|${companyCode}` */
  key: string;
  userId: string;
  companyCode: string;
  cart: Cart;
  /** The cart must be read again (a refused change, a replayed answer). */
  stale: boolean;
}

/** The mirror's row of a cart without its lines (they are rows of their own, so a change writes one line). */
export type MirrorCartRow = Omit<MirrorCart, 'items'>;

/** The mirror's row of a line: the line and the company whose cart it is in. */
export type MirrorCartItemRow = MirrorCartItem & { companyCode: string };

/**
 * The cart's Dexie tables (mirror and server copy), added in schema version 2. Index specs as Dexie writes them. The
 * mirror keeps a cart's row and its lines apart (a change to one line writes that line and the cart's small row); the
 * server copy keeps the whole answer.
 */
export const CART_STORES = {
  carts: 'companyCode',
  cartItems: 'itemId, companyCode',
  serverCarts: 'key, userId, companyCode',
} as const;

/** The cart's tables on the database object. */
export type CartTables = {
  carts: EntityTable<MirrorCartRow, 'companyCode'>;
  cartItems: EntityTable<MirrorCartItemRow, 'itemId'>;
  serverCarts: EntityTable<ServerCart, 'key'>;
};

export const serverCartKey = (userId: string, companyCode: string) => `${userId}|${companyCode}`;
