import { del, get, patch, post, put } from './call';

export const inventory = {
  lists: get('/v1/company/:companyCode/inventory-lists'),
  create: post('/v1/company/:companyCode/inventory-list'),
  detail: get('/v1/company/:companyCode/inventory-list/:id'),
  events: get('/v1/company/:companyCode/inventory-list/:id/events'),
  update: put('/v1/company/:companyCode/inventory-list/:id'),
  remove: del('/v1/company/:companyCode/inventory-list/:id'),
  items: get('/v1/company/:companyCode/inventory-list/:listId/items'),
  groups: get('/v1/company/:companyCode/inventory-list/:listId/items/group-by/:group'),
  addItem: post('/v1/company/:companyCode/inventory-list/:listId/item'),
  updateItem: patch('/v1/company/:companyCode/inventory-list/:listId/item/:itemId'),
  removeItem: del('/v1/company/:companyCode/inventory-list/:listId/item/:itemId'),
  count: post('/v1/company/:companyCode/inventory-list/:listId/item/:itemId/count'),
  counts: get('/v1/company/:companyCode/inventory-list/:listId/item/:itemId/counts'),
  shortfall: get('/v1/company/:companyCode/inventory-list/:id/shortfall'),
  exportExcel: get('/v1/company/:companyCode/inventory-list/:id/export/excel'),
  exportPdf: get('/v1/company/:companyCode/inventory-list/:id/export/pdf'),
  chartOfAccounts: get('/v1/company/:companyCode/chart-of-account'),
  zones: get('/v1/company/:companyCode/zones'),
  articleIndex: get('/v1/company/:companyCode/article-index'),
};
