import { apiError, companyCodeParam } from '../../common';
import { popularArticlesQuery, popularArticlesResponse } from '../../orders';
import { popular as calls } from '../popular';
import { describe } from './describe';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const popular = describe(calls, {
  popular: {
    tags: ['orders'],
    summary: "The company's most ordered products (by orders, then quantity) with current product data and price",
    security: [{ bearer: [] }],
    params: companyCodeParam,
    querystring: popularArticlesQuery,
    response: { 200: popularArticlesResponse, ...errors },
  },
});
