import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../contract/common';
import { pricesQuery, pricesResponse } from '../../../contract/catalog';
import type { DbOrTx } from '../../db/client';
import { createPriceService } from './service';
import { access, scopedCompany } from '../../plugins/access';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** GET /v1/products/prices: a company's own prices, only for a user who may act for that company. */
export function priceRoutes({ db }: { db: DbOrTx }) {
  const prices = createPriceService(db);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/products/prices', {
      config: { access: access.company('query.company') },
      schema: {
        tags: ['prices'],
        summary: "The company's prices of up to 200 products (lowest valid agreement, campaign or tender price)",
        security: [{ bearer: [] }],
        querystring: pricesQuery,
        response: { 200: pricesResponse, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        reply.header('cache-control', 'private, no-store');
        return { data: await prices.forCompany(company.id, req.query.ids) };
      },
    });
  };
}
