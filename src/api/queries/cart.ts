import { cart as cartSchema, type Cart } from '../../../contract/cart';
import { api } from '../api';
import { adoptServerCart } from '../../offline/cart';
import { offlineDb } from '../../offline';
import { cart as cartCalls, pathTo } from '../../../contract/routes';

/**
 * The cart is mirrored data (DESIGN.md): the UI reads it from Dexie (`useCart`), and changes go through the outbox
 * (`mutateCart`). This file only has the one direct read the UI may ask for — "read the cart again now" — whose answer
 * becomes the device's server copy, like the sync's own refresh.
 */
export async function reloadCart(companyCode: string): Promise<Cart> {
  const cart = await api.request(pathTo(cartCalls.get, { companyCode }), { schema: cartSchema });
  await adoptServerCart(offlineDb(), cart);
  return cart;
}
