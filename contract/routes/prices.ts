import { get } from './call';

export const prices = {
  prices: get('/v1/products/prices'),
};
