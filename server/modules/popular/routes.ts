import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError, companyCodeParam } from '../../../contract/common';
import { popularArticlesQuery, popularArticlesResponse } from '../../../contract/orders';
import type { Db } from '../../db/client';
import { access, scopedCompany } from '../../plugins/access';
import { createCartService } from '../cart/service';
import { createPopularService } from './service';

type Deps = { db: Db; now?: (() => Date) | undefined };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The company's most ordered products over a period (SPEC §6 "popular articles"). */
export function popularRoutes({ db, now = () => new Date() }: Deps) {
  const popular = createPopularService(db, createCartService(db, now), now);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/company/:companyCode/popular-articles', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags: ['orders'],
        summary: "The company's most ordered products (by orders, then quantity) with current product data and price",
        security: [{ bearer: [] }],
        params: companyCodeParam,
        querystring: popularArticlesQuery,
        response: { 200: popularArticlesResponse, ...errors },
      },
      handler: (req) => popular.forCompany(scopedCompany(req), req.query),
    });
  };
}
