import { companyCodeParam } from '../../common';
import {
  cart as cartAnswer,
  cartItemIdParams,
  cartLineParams,
  createCartBody,
  deleteCartItemsBody,
  patchCartItemBody,
  putCartProductBody,
  putCartProductsBody,
  putDeliveryDateBody,
} from '../../cart';
import { cart as calls } from '../cart';
import { describe, errors, security } from './describe';

const tags = ['cart'];

export const cart = describe(calls, {
  get: {
    tags,
    summary: "The user's cart for the company (made empty on first use)",
    security,
    params: companyCodeParam,
    response: { 200: cartAnswer, ...errors },
  },
  create: {
    tags,
    summary: 'Create the cart (201), or answer the existing one (200)',
    security,
    params: companyCodeParam,
    body: createCartBody,
    response: { 200: cartAnswer, 201: cartAnswer, ...errors },
  },
  clear: {
    tags,
    summary: 'Empty the cart (lines and delivery date)',
    security,
    params: companyCodeParam,
    response: { 200: cartAnswer, ...errors },
  },
  putProduct: {
    tags,
    summary: 'Add a product (to the line of the same product and unit, or a new line)',
    security,
    params: companyCodeParam,
    body: putCartProductBody,
    response: { 200: cartAnswer, ...errors },
  },
  putProducts: {
    tags,
    summary: 'Add several products at once',
    security,
    params: companyCodeParam,
    body: putCartProductsBody,
    response: { 200: cartAnswer, ...errors },
  },
  patchItem: {
    tags,
    summary: "Set a line's quantity (0 removes it) and unit",
    security,
    params: cartItemIdParams,
    body: patchCartItemBody,
    response: { 200: cartAnswer, ...errors },
  },
  removeLine: {
    tags,
    summary: 'Remove a line by its line number (or item id)',
    security,
    params: cartLineParams,
    response: { 200: cartAnswer, ...errors },
  },
  removeLines: {
    tags,
    summary: 'Remove several lines, or all',
    security,
    params: companyCodeParam,
    body: deleteCartItemsBody,
    response: { 200: cartAnswer, ...errors },
  },
  deliveryDate: {
    tags,
    summary: 'Choose the delivery date',
    security,
    params: companyCodeParam,
    body: putDeliveryDateBody,
    response: { 200: cartAnswer, ...errors },
  },
});
