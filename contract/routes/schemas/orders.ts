import { z } from 'zod';
import { companyCodeParam } from '../../common';
import { cart } from '../../cart';
import { orderDetail, orderHistoryQuery, orderHistoryResponse, orderNumberParam, orderParams } from '../../orders';
import { orders as calls } from '../orders';
import { describe, errors, security } from './describe';

const tags = ['orders'];

export const orders = describe(calls, {
  history: {
    tags,
    summary: "The company's orders, newest first, paged and filtered",
    security,
    params: companyCodeParam,
    querystring: orderHistoryQuery,
    response: { 200: orderHistoryResponse, ...errors },
  },
  detail: {
    tags,
    summary: 'One order with address, rows and totals',
    security,
    params: orderParams,
    response: { 200: orderDetail, ...errors },
  },
  pdf: {
    tags,
    summary: 'The order as a PDF',
    security,
    params: orderNumberParam,
    produces: ['application/pdf'],
    response: { 200: z.any(), ...errors },
  },
  reorder: {
    tags,
    summary: "Put an order's rows into the cart (discontinued or removed products are left out, with a message)",
    security,
    params: orderParams,
    response: { 200: cart, ...errors },
  },
});
