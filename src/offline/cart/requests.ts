// The request each cart change becomes in the outbox, and which lines it creates or needs.
import { cart, pathTo } from '../../../contract/routes';
import type { HttpMethod } from '../engine/database';
import type { CartAddLine, CartOp } from './operations';

export interface OpRequest {
  method: HttpMethod;
  path: string;
  body: unknown;
}

export const cartPath = (companyCode: string) => pathTo(cart.get, { companyCode });

const lineBody = (line: CartAddLine) => ({
  itemId: line.itemId,
  productId: line.product.id,
  quantity: line.quantity,
  unit: line.unit,
});

export function requestOf(op: CartOp): OpRequest {
  const { companyCode } = op;
  switch (op.type) {
    case 'addProduct':
      return { method: 'PUT', path: pathTo(cart.putProduct, { companyCode }), body: lineBody(op.line) };
    case 'addProducts':
      return {
        method: 'PUT',
        path: pathTo(cart.putProducts, { companyCode }),
        body: { items: op.lines.map(lineBody) },
      };
    case 'setQuantity':
      return {
        method: 'PATCH',
        path: pathTo(cart.patchItem, { companyCode, itemId: op.itemId }),
        body: { quantity: op.quantity, ...(op.unit ? { unit: op.unit } : {}) },
      };
    case 'removeLine':
      return { method: 'DELETE', path: pathTo(cart.removeLine, { companyCode, lineNumber: op.itemId }), body: null };
    case 'removeLines':
      return { method: 'DELETE', path: pathTo(cart.removeLines, { companyCode }), body: { itemIds: op.itemIds } };
    case 'clear':
      return { method: 'DELETE', path: cartPath(companyCode), body: null };
    case 'setDeliveryDate':
      return { method: 'PUT', path: pathTo(cart.deliveryDate, { companyCode }), body: { deliveryDate: op.date } };
  }
}

/** Which line a change creates and which lines it needs (a change to a line whose add was refused is refused too). */
export function dependenciesOf(op: CartOp): { creates: string | null; dependsOn: string[] } {
  switch (op.type) {
    case 'addProduct':
      return { creates: op.line.itemId, dependsOn: [] };
    case 'setQuantity':
    case 'removeLine':
      return { creates: null, dependsOn: [op.itemId] };
    default:
      return { creates: null, dependsOn: [] };
  }
}
