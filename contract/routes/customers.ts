import { del, get, post, put } from './call';

export const customers = {
  ofCompany: get('/v1/company/:companyCode/customers'),
  create: post('/v1/customers'),
  detail: get('/v1/customers/:id'),
  update: put('/v1/customers/:id'),
  addToCompany: post('/v1/customers/:id'),
  removeFromCompany: del('/v1/customers/:companyId/customer/:customerId'),
  changePassword: put('/v1/customer/password'),
};
