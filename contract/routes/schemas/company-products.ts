import { z } from 'zod';
import { companyCodeParam } from '../../common';
import {
  companyProduct,
  companyProductParams,
  companyProductsQuery,
  createCompanyProductBody,
  pagedCompanyProducts,
  updateCompanyProductBody,
} from '../../company-products';
import { companyProducts as calls } from '../company-products';
import { describe, errors, security } from './describe';

const tags = ['company-products'];

export const companyProducts = describe(calls, {
  list: {
    tags,
    summary: "The company's own articles, by name, searchable, paged",
    security,
    params: companyCodeParam,
    querystring: companyProductsQuery,
    response: { 200: pagedCompanyProducts, ...errors },
  },
  create: {
    tags,
    summary: 'Create an own article (client uuid id; article number unique per company)',
    security,
    params: companyCodeParam,
    body: createCompanyProductBody,
    response: { 201: companyProduct, ...errors },
  },
  detail: {
    tags,
    summary: 'One own article',
    security,
    params: companyProductParams,
    response: { 200: companyProduct, ...errors },
  },
  update: {
    tags,
    summary: 'Replace an own article',
    security,
    params: companyProductParams,
    body: updateCompanyProductBody,
    response: { 200: companyProduct, ...errors },
  },
  remove: {
    tags,
    summary: 'Delete an own article (inventory items made from it keep their copy)',
    security,
    params: companyProductParams,
    response: { 204: z.null(), ...errors },
  },
});
