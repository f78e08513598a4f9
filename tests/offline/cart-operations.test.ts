import { describe, expect, it } from 'vitest';
import { checkOp } from '../../src/offline/cart/check';
import {
  applyOp,
  applyPending,
  emptyCart,
  estimateTotals,
  type CartOp,
  type CartProductSnapshot,
} from '../../src/offline/cart/operations';
import { requestOf } from '../../src/offline/cart/requests';
import { resolveChange } from '../../src/offline/cart/resolve';

const AT = '2026-11-21T10:00:00.000Z';
let n = 0;
const ids = () => `0190a000-0000-7000-8000-${String(++n).padStart(12, '0')}`;

function product(patch: Partial<CartProductSnapshot> = {}): CartProductSnapshot {
  return {
    id: ids(),
    sku: '100200',
    slug: 'mellanmjolk',
    name: 'Mellanmjölk 1,5 %',
    brandName: 'Arla',
    imageUrl: null,
    unit: 'piece',
    piecesPerCarton: 10,
    wholeUnitsOnly: true,
    stockStatus: 'in_stock',
    discontinued: false,
    expired: false,
    expiresAt: null,
    replacement: null,
    vatRate: 12,
    ...patch,
  };
}

const op = (change: Parameters<typeof resolveChange>[0]) => resolveChange(change, AT, ids);
const price = { price: 1_500, listPrice: 1_800, kind: 'agreement' as const };

describe('cart operations', () => {
  it('adds to the line of the same product and unit, as the server does, and is idempotent for a resend', () => {
    const milk = product();
    const first = op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 2, price });
    let cart = applyOp(emptyCart('10001'), first);
    cart = applyOp(cart, first); // the same entry applied again (rebase after a lost answer)
    expect(cart.items).toHaveLength(1);
    cart = applyOp(cart, op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 2.4, price }));
    expect(cart.items.map((i) => [i.quantity, i.aPrice, i.rowTotal])).toEqual([[4, 1_500, 6_000]]);
    // A carton is another line, priced per carton.
    cart = applyOp(
      cart,
      op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 1, unit: 'carton', price }),
    );
    expect(cart.items.map((i) => [i.lineNumber, i.unit, i.aPrice])).toEqual([
      [1, 'piece', 1_500],
      [2, 'carton', 15_000],
    ]);
  });

  it('a unit change onto a unit the product already has merges the lines; 0 removes a line', () => {
    const milk = product();
    let cart = emptyCart('10001');
    const piece = op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 3, price });
    const carton = op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 1, unit: 'carton', price });
    cart = applyOp(applyOp(cart, piece), carton);
    const pieceId = (piece as Extract<CartOp, { type: 'addProduct' }>).line.itemId;
    cart = applyOp(
      cart,
      op({ type: 'setQuantity', companyCode: '10001', itemId: pieceId, quantity: 2, unit: 'carton' }),
    );
    expect(cart.items.map((i) => [i.unit, i.quantity])).toEqual([['carton', 3]]);
    cart = applyOp(cart, op({ type: 'setQuantity', companyCode: '10001', itemId: cart.items[0]!.itemId, quantity: 0 }));
    expect(cart.items).toEqual([]);
  });

  it('estimates totals with the server rules while changes wait', () => {
    const food = product({ vatRate: 12 });
    const wine = product({ vatRate: 25, wholeUnitsOnly: false });
    let cart = applyPending(
      emptyCart('10001'),
      op({ type: 'addProduct', companyCode: '10001', product: food, quantity: 10, price }),
    );
    cart = applyPending(
      cart,
      op({ type: 'addProduct', companyCode: '10001', product: wine, quantity: 1, price: { ...price, price: 10_000 } }),
    );
    expect(cart.pending).toBe(true);
    expect(cart.items.every((i) => i.pending)).toBe(true);
    expect(cart.totals).toMatchObject({ subtotal: 25_000, shipping: 29_500, leftToFreeShipping: 275_000 });
    // Shipping spread over the rates by amount: 15 000 / 10 000.
    expect(cart.totals.vatLines).toEqual([
      { rate: 12, base: 15_000 + 17_700, vat: 3_924 },
      { rate: 25, base: 10_000 + 11_800, vat: 5_450 },
    ]);
    expect(cart.totals.total).toBe(25_000 + 29_500 + 3_924 + 5_450);
    expect(estimateTotals([], 300_000)).toMatchObject({ subtotal: 0, shipping: 0, total: 0 });
  });

  it('refuses on the device what the server would refuse, before anything is queued', () => {
    const milk = product({ wholeUnitsOnly: false });
    const cart = applyOp(
      emptyCart('10001'),
      op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 9_999, price }),
    );
    expect(
      checkOp(cart, op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 2, price })),
    ).toMatchObject({
      code: 'ValidationError',
      fields: [{ path: 'quantity', message: 'validation.tooBig' }],
    });
    expect(() => op({ type: 'addProduct', companyCode: '10001', product: milk, quantity: 0, price })).toThrow();
    expect(checkOp(cart, op({ type: 'setQuantity', companyCode: '10001', itemId: ids(), quantity: 1 }))).toMatchObject({
      code: 'CartItemNotFound',
    });
  });

  it('becomes the contract’s requests, lines addressed by their client ids', () => {
    const milk = product();
    const add = op({
      type: 'addProduct',
      companyCode: '10001',
      product: milk,
      quantity: 2,
      itemId: '0190a000-0000-7000-8000-00000000abcd',
    });
    expect(requestOf(add)).toEqual({
      method: 'PUT',
      path: '/v1/company/10001/cart/product',
      body: { itemId: '0190a000-0000-7000-8000-00000000abcd', productId: milk.id, quantity: 2, unit: 'piece' },
    });
    expect(
      requestOf(op({ type: 'removeLine', companyCode: '10001', itemId: '0190a000-0000-7000-8000-00000000abcd' })),
    ).toEqual({
      method: 'DELETE',
      path: '/v1/company/10001/cart/item/0190a000-0000-7000-8000-00000000abcd',
      body: null,
    });
    expect(requestOf(op({ type: 'setDeliveryDate', companyCode: '10001', date: '2026-11-24' }))).toMatchObject({
      method: 'PUT',
      path: '/v1/company/10001/cart/delivery-date',
      body: { deliveryDate: '2026-11-24' },
    });
    expect(requestOf(op({ type: 'clear', companyCode: '10001' }))).toMatchObject({
      method: 'DELETE',
      path: '/v1/company/10001/cart',
    });
  });
});
