import { apiError } from '../../common';
import {
  categoryDetail,
  categoryTree,
  productDetail,
  productLookup,
  productLookupQuery,
  slugParam,
} from '../../catalog';
import { catalog as calls } from '../catalog';
import { describe } from './describe';

const errors = { 400: apiError, 404: apiError };

export const catalog = describe(calls, {
  categories: {
    tags: ['catalog'],
    summary: 'The category tree with product counts',
    response: { 200: categoryTree, ...errors },
  },
  category: {
    tags: ['catalog'],
    summary: 'One category: its path, sub-categories and the search filter for its products',
    params: slugParam,
    response: { 200: categoryDetail, ...errors },
  },
  lookup: {
    tags: ['catalog'],
    summary: 'One product by article number or EAN (piece or carton GTIN), for adding it to a list',
    querystring: productLookupQuery,
    response: { 200: productLookup, ...errors },
  },
  product: {
    tags: ['catalog'],
    summary: 'One product with every attribute',
    params: slugParam,
    response: { 200: productDetail, ...errors },
  },
});
