import type { FastifyInstance } from 'fastify';
import { prices as routes } from '../../../contract/routes/schemas/prices';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { createPriceService } from './service';
import { access, scopedCompany } from '../../plugins/access';
import type { ReadAnswers } from '../../lib/read-cache-answer';
import { readTags } from '../../lib/read-cache';
import { stockholmToday } from '../catalog/service';

/**
 * GET /v1/products/prices: a company's own prices, only for a user who may act for that company. Answers are kept per
 * company, day and ids asked (decision 0076) until a product or one of the company's prices changes.
 */
export function priceRoutes({ db, answers }: { db: DbOrTx; answers: ReadAnswers }) {
  const prices = createPriceService(db);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.prices, {
      access: access.company('query.company'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        reply.header('cache-control', 'private, no-store');
        // The day is part of the key: a price valid until yesterday is not served today.
        const now = new Date();
        const key = `prices|${company.id}|${stockholmToday(now)}|${req.query.ids.join(',')}`;
        const tags = [readTags.company(company.id), readTags.prices(company.id), readTags.products];
        return answers.serve(req, reply, key, tags, async () => ({
          data: await prices.forCompany(company.id, req.query.ids, now),
        }));
      },
      onSend: answers.keep,
    });
  };
}
