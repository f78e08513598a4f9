// The UI's change → the stored op: ids and time fixed, validated with the API's own schemas.
import { v7 as uuidv7 } from 'uuid';
import {
  CART_MAX_LINES,
  cartProductInput,
  deleteCartItemsBody,
  patchCartItemBody,
  putDeliveryDateBody,
} from '../../../contract/cart';
import { MutationError, messageFor, parsedOrRefused } from '../engine/messages';
import type { CartAddInput, CartAddLine, CartChange, CartOp } from './operations';

function resolveLine(input: CartAddInput, newId: () => string, prefix = ''): CartAddLine {
  const itemId = input.itemId ?? newId();
  const unit = input.unit ?? input.product.unit;
  const result = cartProductInput.safeParse({ itemId, productId: input.product.id, quantity: input.quantity, unit });
  if (!result.success) {
    throw new MutationError(
      'ValidationError',
      messageFor('ValidationError'),
      result.error.issues.map((i) => ({ path: `${prefix}${i.path.join('.')}`, message: i.message })),
    );
  }
  return { itemId, product: input.product, quantity: result.data.quantity, unit, price: input.price ?? null };
}

export function resolveChange(change: CartChange, at: string, newId: () => string = uuidv7): CartOp {
  const { companyCode } = change;
  if (!companyCode) throw new MutationError('ValidationError');
  switch (change.type) {
    case 'addProduct':
      return { kind: 'cart', type: 'addProduct', companyCode, line: resolveLine(change, newId), at };
    case 'addProducts': {
      if (change.items.length === 0 || change.items.length > CART_MAX_LINES) {
        throw new MutationError('ValidationError', messageFor('ValidationError'), [
          { path: 'items', message: change.items.length === 0 ? 'validation.required' : 'validation.tooBig' },
        ]);
      }
      const lines = change.items.map((item, k) => resolveLine(item, newId, `items.${k}.`));
      return { kind: 'cart', type: 'addProducts', companyCode, lines, at };
    }
    case 'setQuantity': {
      const body = parsedOrRefused(patchCartItemBody.safeParse({ quantity: change.quantity, unit: change.unit }));
      return {
        kind: 'cart',
        type: 'setQuantity',
        companyCode,
        itemId: change.itemId,
        quantity: body.quantity,
        unit: body.unit ?? null,
        at,
      };
    }
    case 'removeLine':
      return { kind: 'cart', type: 'removeLine', companyCode, itemId: change.itemId, at };
    case 'removeLines': {
      const body = parsedOrRefused(deleteCartItemsBody.safeParse({ itemIds: change.itemIds }));
      return { kind: 'cart', type: 'removeLines', companyCode, itemIds: body.itemIds ?? [], at };
    }
    case 'clear':
      return { kind: 'cart', type: 'clear', companyCode, at };
    case 'setDeliveryDate': {
      const body = parsedOrRefused(putDeliveryDateBody.safeParse({ deliveryDate: change.date }));
      return {
        kind: 'cart',
        type: 'setDeliveryDate',
        companyCode,
        date: body.deliveryDate,
        delivery: change.delivery ?? null,
        at,
      };
    }
  }
}
