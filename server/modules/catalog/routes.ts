import type { FastifyInstance } from 'fastify';
import { catalog as routes } from '../../../contract/routes/schemas/catalog';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { createCatalogService } from './service';
import { access } from '../../plugins/access';
/** Public catalogue answers may be cached briefly by the browser and the service worker. */
const CACHE = 'public, max-age=60';

/** The public catalogue: category tree, one category, one product, a product by number. No token needed. */
export function catalogRoutes(db: DbOrTx) {
  const catalog = createCatalogService(db);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.categories, {
      access: access.public,
      handler: async (_req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.tree();
      },
    });

    register(app, routes.category, {
      access: access.public,
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.category(req.params.slug);
      },
    });

    // A static path: find-my-way matches it before the slug route (no product slug is "lookup").
    register(app, routes.lookup, {
      access: access.public,
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.lookup(req.query);
      },
    });

    register(app, routes.product, {
      access: access.public,
      handler: async (req, reply) => {
        reply.header('cache-control', CACHE);
        return catalog.product(req.params.slug);
      },
    });
  };
}
