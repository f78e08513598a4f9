import { apiError } from '../../common';
import { pricesQuery, pricesResponse } from '../../catalog';
import { prices as calls } from '../prices';
import { describe } from './describe';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const prices = describe(calls, {
  prices: {
    tags: ['prices'],
    summary: "The company's prices of up to 200 products (lowest valid agreement, campaign or tender price)",
    security: [{ bearer: [] }],
    querystring: pricesQuery,
    response: { 200: pricesResponse, ...errors },
  },
});
