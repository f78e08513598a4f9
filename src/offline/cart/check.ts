// The server's rules the device can see, so a change bound to be refused is never queued (its MutationError is
// shown at once instead).
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '../../../contract/cart';
import { MutationError, messageFor } from '../engine/messages';
import { applyOp, addLine, type CartOp } from './operations';
import type { MirrorCart } from './tables';

const tooBig = (path: string) =>
  new MutationError('ValidationError', messageFor('ValidationError'), [{ path, message: 'validation.tooBig' }]);

export function checkOp(cart: MirrorCart, op: CartOp): MutationError | null {
  switch (op.type) {
    case 'addProduct':
    case 'addProducts': {
      const lines = op.type === 'addProduct' ? [op.line] : op.lines;
      let items = cart.items;
      for (const [k, line] of lines.entries()) {
        items = addLine(items, line, op.at);
        const path = op.type === 'addProduct' ? 'quantity' : `items.${k}.quantity`;
        if (items.some((i) => i.quantity > CART_MAX_QUANTITY)) return tooBig(path);
      }
      return items.length > CART_MAX_LINES ? new MutationError('CartFull') : null;
    }
    case 'setQuantity': {
      const line = cart.items.find((i) => i.itemId === op.itemId);
      if (!line) return new MutationError('CartItemNotFound');
      const after = applyOp(cart, op);
      return after.items.some((i) => i.quantity > CART_MAX_QUANTITY) ? tooBig('quantity') : null;
    }
    case 'removeLine':
      return cart.items.some((i) => i.itemId === op.itemId) ? null : new MutationError('CartItemNotFound');
    default:
      return null;
  }
}
