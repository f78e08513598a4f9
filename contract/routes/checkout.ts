import { post } from './call';

export const checkout = {
  checkout: post('/v1/checkout/company/:companyCode/cart'),
  adminCheckout: post('/v1/admin-checkout/cart'),
};
