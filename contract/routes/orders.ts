import { get, post } from './call';

export const orders = {
  history: get('/v1/company/:companyCode/order-history'),
  detail: get('/v1/company/:companyCode/order/:orderNumber'),
  pdf: get('/v1/order/:orderNumber/export/pdf'),
  reorder: post('/v1/company/:companyCode/order/:orderNumber/reorder'),
};
