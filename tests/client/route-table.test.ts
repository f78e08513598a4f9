import { describe, expect, it } from 'vitest';
import { cart, companyProducts, content, inventory, pathTo, purchaseLists } from '../../contract/routes';

/** The paths the app and the outbox send (decision 0055): the same strings the hand-written helpers built. */
describe('pathTo', () => {
  it('fills each :param, encoded as one path segment', () => {
    expect(pathTo(cart.patchItem, { companyCode: '10001', itemId: 'a/b c' })).toBe(
      '/v1/company/10001/cart/item/a%2Fb%20c',
    );
    expect(pathTo(inventory.count, { companyCode: 'Å 1', listId: 'l', itemId: 'i' })).toBe(
      '/v1/company/%C3%85%201/inventory-list/l/item/i/count',
    );
    expect(pathTo(companyProducts.detail, { companyCode: '10001', id: 7 })).toBe('/v1/company/10001/product/7');
  });

  it('needs no params for a path without any, and appends a query without its empty values', () => {
    expect(pathTo(purchaseLists.create)).toBe('/v1/purchase-lists');
    expect(pathTo(purchaseLists.lists, {}, { company: '10001', q: '', sort: undefined, page: 2 })).toBe(
      '/v1/purchase-lists?company=10001&page=2',
    );
  });

  it('takes a wildcard value as it is', () => {
    expect(pathTo(content.story, { '*': 'sv/om-oss' })).toBe('/v1/content/cdn/stories/sv/om-oss');
  });
});
