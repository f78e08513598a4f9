// The request each cart change becomes in the outbox, and which lines it creates or needs.
import type { HttpMethod } from '../db';
import type { CartAddLine, CartOp } from './operations';

export interface OpRequest {
  method: HttpMethod;
  path: string;
  body: unknown;
}

export const cartPath = (companyCode: string) => `/v1/company/${encodeURIComponent(companyCode)}/cart`;

const lineBody = (line: CartAddLine) => ({
  itemId: line.itemId,
  productId: line.product.id,
  quantity: line.quantity,
  unit: line.unit,
});

export function requestOf(op: CartOp): OpRequest {
  const base = cartPath(op.companyCode);
  switch (op.type) {
    case 'addProduct':
      return { method: 'PUT', path: `${base}/product`, body: lineBody(op.line) };
    case 'addProducts':
      return { method: 'PUT', path: `${base}/products`, body: { items: op.lines.map(lineBody) } };
    case 'setQuantity':
      return {
        method: 'PATCH',
        path: `${base}/item/${encodeURIComponent(op.itemId)}`,
        body: { quantity: op.quantity, ...(op.unit ? { unit: op.unit } : {}) },
      };
    case 'removeLine':
      return { method: 'DELETE', path: `${base}/item/${encodeURIComponent(op.itemId)}`, body: null };
    case 'removeLines':
      return { method: 'DELETE', path: `${base}/items`, body: { itemIds: op.itemIds } };
    case 'clear':
      return { method: 'DELETE', path: base, body: null };
    case 'setDeliveryDate':
      return { method: 'PUT', path: `${base}/delivery-date`, body: { deliveryDate: op.date } };
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
