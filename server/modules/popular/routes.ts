import type { FastifyInstance } from 'fastify';
import { popular as routes } from '../../../contract/routes/schemas/popular';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { access, scopedCompany } from '../../plugins/access';
import { createCartService } from '../cart/service';
import { createPopularService } from './service';

type Deps = { db: Db; now?: (() => Date) | undefined };

/** The company's most ordered products over a period (SPEC §6 "popular articles"). */
export function popularRoutes({ db, now = () => new Date() }: Deps) {
  const popular = createPopularService(db, createCartService(db, now), now);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.popular, {
      access: access.company('params.companyCode'),
      handler: (req) => popular.forCompany(scopedCompany(req), req.query),
    });
  };
}
