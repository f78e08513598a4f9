import { del, get, post, put } from './call';

export const companyProducts = {
  list: get('/v1/company/:companyCode/products'),
  create: post('/v1/company/:companyCode/product'),
  detail: get('/v1/company/:companyCode/product/:id'),
  update: put('/v1/company/:companyCode/product/:id'),
  remove: del('/v1/company/:companyCode/product/:id'),
};
