import type { FastifyInstance } from 'fastify';
import { prices as routes } from '../../../contract/routes/schemas/prices';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { createPriceService } from './service';
import { access, scopedCompany } from '../../plugins/access';

/** GET /v1/products/prices: a company's own prices, only for a user who may act for that company. */
export function priceRoutes({ db }: { db: DbOrTx }) {
  const prices = createPriceService(db);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.prices, {
      access: access.company('query.company'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        reply.header('cache-control', 'private, no-store');
        return { data: await prices.forCompany(company.id, req.query.ids) };
      },
    });
  };
}
