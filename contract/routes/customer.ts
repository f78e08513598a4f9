import { get, patch, put } from './call';

export const customer = {
  me: get('/v1/customer/'),
  updateMe: put('/v1/customer/'),
  setCompany: patch('/v1/customer/company'),
  companies: get('/v1/customer/companies'),
};
