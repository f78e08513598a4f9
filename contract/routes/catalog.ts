import { get } from './call';

export const catalog = {
  categories: get('/v1/categories'),
  category: get('/v1/categories/:slug'),
  lookup: get('/v1/products/lookup'),
  product: get('/v1/products/:slug'),
};
