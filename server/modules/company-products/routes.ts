import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, companyCodeParam } from '../../../contract/common';
import {
  companyProduct,
  companyProductParams,
  companyProductsQuery,
  createCompanyProductBody,
  pagedCompanyProducts,
  updateCompanyProductBody,
} from '../../../contract/company-products';
import type { Db, DbOrTx } from '../../db/client';
import type { Idempotency } from '../../plugins/idempotency';
import { createCompanyProductService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = { db: Db; idempotency: Idempotency };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tags = ['company-products'];
const security = [{ bearer: [] }];
const base = '/v1/company/:companyCode';

/** SPEC §7 company products ("mina artiklar"). Changes go through the idempotency store (docs/decisions/0006). */
export function companyProductRoutes({ db, idempotency }: Deps) {
  const serviceOn = (on: DbOrTx) => createCompanyProductService(on);
  const reads = serviceOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(`${base}/products`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The company's own articles, by name, searchable, paged",
        security,
        params: companyCodeParam,
        querystring: companyProductsQuery,
        response: { 200: pagedCompanyProducts, ...errors },
      },
      handler: (req) => reads.list(scopedCompany(req), req.query),
    });

    app.post(`${base}/product`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Create an own article (client uuid id; article number unique per company)',
        security,
        params: companyCodeParam,
        body: createCompanyProductBody,
        response: { 201: companyProduct, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).create(company, req.body),
        }));
      },
    });

    app.get(`${base}/product/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'One own article',
        security,
        params: companyProductParams,
        response: { 200: companyProduct, ...errors },
      },
      handler: (req) => reads.get(scopedCompany(req), req.params.id),
    });

    app.put(`${base}/product/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Replace an own article',
        security,
        params: companyProductParams,
        body: updateCompanyProductBody,
        response: { 200: companyProduct, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).update(company, req.params.id, req.body),
        }));
      },
    });

    app.delete(`${base}/product/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Delete an own article (inventory items made from it keep their copy)',
        security,
        params: companyProductParams,
        response: { 204: z.null(), ...errors },
      },
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
