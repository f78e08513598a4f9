import { del, get, patch, post } from './call';

const list = '/v1/purchase-lists/:id';

/** SPEC §7 purchase lists. */
export const purchaseLists = {
  lists: get('/v1/purchase-lists'),
  create: post('/v1/purchase-lists'),
  detail: get(list),
  rename: patch(list),
  remove: del(list),
  items: get(`${list}/items`),
  addItem: post(`${list}/items`),
  reset: post(`${list}/items/reset`),
  updateItem: patch(`${list}/items/:itemId`),
  removeItem: del(`${list}/items/:itemId`),
};
