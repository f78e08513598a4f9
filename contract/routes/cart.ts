import { del, get, patch, post, put } from './call';

const base = '/v1/company/:companyCode/cart';

/** SPEC §7 cart calls; every answer is the whole cart. */
export const cart = {
  get: get(base),
  create: post(base),
  clear: del(base),
  putProduct: put(`${base}/product`),
  putProducts: put(`${base}/products`),
  patchItem: patch(`${base}/item/:itemId`),
  removeLine: del(`${base}/item/:lineNumber`),
  removeLines: del(`${base}/items`),
  deliveryDate: put(`${base}/delivery-date`),
};
