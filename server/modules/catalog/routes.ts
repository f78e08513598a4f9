import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../contract/common';
import {
  categoryDetail,
  categoryTree,
  productDetail,
  productLookup,
  productLookupQuery,
  slugParam,
} from '../../../contract/catalog';
import type { DbOrTx } from '../../db/client';
import { createCatalogService } from './service';
import { access } from '../../plugins/access';

const errors = { 400: apiError, 404: apiError };
/** Public catalogue answers may be cached briefly by the browser and the service worker. */
const CACHE = 'public, max-age=60';

/** The public catalogue: category tree, one category, one product, a product by number. No token needed. */
export function catalogRoutes(db: DbOrTx) {
  const catalog = createCatalogService(db);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/categories', {
      config: { access: access.public },
      schema: {
        tags: ['catalog'],
        summary: 'The category tree with product counts',
        response: { 200: categoryTree, ...errors },
      },
      handler: async (_req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.tree();
      },
    });

    app.get('/v1/categories/:slug', {
      config: { access: access.public },
      schema: {
        tags: ['catalog'],
        summary: 'One category: its path, sub-categories and the search filter for its products',
        params: slugParam,
        response: { 200: categoryDetail, ...errors },
      },
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.category(req.params.slug);
      },
    });

    // A static path: find-my-way matches it before the slug route (no product slug is "lookup").
    app.get('/v1/products/lookup', {
      config: { access: access.public },
      schema: {
        tags: ['catalog'],
        summary: 'One product by article number or EAN (piece or carton GTIN), for adding it to a list',
        querystring: productLookupQuery,
        response: { 200: productLookup, ...errors },
      },
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.lookup(req.query);
      },
    });

    app.get('/v1/products/:slug', {
      config: { access: access.public },
      schema: {
        tags: ['catalog'],
        summary: 'One product with every attribute',
        params: slugParam,
        response: { 200: productDetail, ...errors },
      },
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.product(req.params.slug);
      },
    });
  };
}
