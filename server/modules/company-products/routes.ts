import type { FastifyInstance } from 'fastify';
import { companyProducts as routes } from '../../../contract/routes/schemas/company-products';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Idempotency } from '../../plugins/idempotency';
import { createCompanyProductService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = { db: Db; idempotency: Idempotency };

/** SPEC §7 company products ("mina artiklar"). Changes go through the idempotency store (docs/decisions/0006). */
export function companyProductRoutes({ db, idempotency }: Deps) {
  const serviceOn = (on: DbOrTx) => createCompanyProductService(on);
  const reads = serviceOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.list, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.list(scopedCompany(req), req.query),
    });

    register(app, routes.create, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).create(company, req.body),
        }));
      },
    });

    register(app, routes.detail, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.get(scopedCompany(req), req.params.id),
    });

    register(app, routes.update, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).update(company, req.params.id, req.body),
        }));
      },
    });

    register(app, routes.remove, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        await idempotency.run(req, reply, async (tx) => {
          await serviceOn(tx).remove(company, req.params.id);
          return { status: 204, body: null };
        });
        return reply.status(204).send(null);
      },
    });
  };
}
