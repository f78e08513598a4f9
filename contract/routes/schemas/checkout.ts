import { apiError, companyCodeParam } from '../../common';
import { adminCheckoutBody, checkoutBody, checkoutResponse } from '../../orders';
import { checkout as calls } from '../checkout';
import { describe, security } from './describe';

const errors = {
  400: apiError,
  401: apiError,
  403: apiError,
  404: apiError,
  409: apiError,
  422: apiError,
  500: apiError,
};
const tags = ['checkout'];

export const checkout = describe(calls, {
  checkout: {
    tags,
    summary: "Order the user's cart for the company (send an Idempotency-Key: a resend never orders twice)",
    security,
    params: companyCodeParam,
    body: checkoutBody,
    response: { 201: checkoutResponse, ...errors },
  },
  adminCheckout: {
    tags,
    summary: "Staff: order a customer's cart for a company on the customer's behalf (a sale order)",
    security,
    body: adminCheckoutBody,
    response: { 201: checkoutResponse, ...errors },
  },
});
