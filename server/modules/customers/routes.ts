import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../contract/common';
import {
  currentUser as currentUserSchema,
  customerCompaniesResponse,
  setCompanyBody,
  updateCurrentUserBody,
} from '../../../contract/customer';
import { currentUser } from '../../plugins/authenticate';
import type { DbOrTx } from '../../db/client';
import type { Idempotency } from '../../plugins/idempotency';
import type { CompanyService } from '../companies/service';
import type { CustomerService } from './service';

type Deps = {
  customers: CustomerService;
  companies: CompanyService;
  idempotency: Idempotency;
  /** The customer service on a transaction, for changes that go through the idempotency store. */
  customersIn: (tx: DbOrTx) => CustomerService;
};

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

export function customerRoutes({ customers, companies, idempotency, customersIn }: Deps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', app.authenticate);
    const security = [{ bearer: [] }];

    app.get('/v1/customer/', {
      schema: {
        tags: ['customer'],
        summary: 'The logged-in user',
        security,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: (req) => customers.currentUser(currentUser(req).id),
    });

    app.put('/v1/customer/', {
      schema: {
        tags: ['customer'],
        summary: 'Update the logged-in user (a new password needs the current one)',
        security,
        body: updateCurrentUserBody,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: (req, reply) =>
        idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await customersIn(tx).updateCurrentUser(currentUser(req).id, req.body),
        })),
    });

    app.patch('/v1/customer/company', {
      schema: {
        tags: ['customer'],
        summary: 'Choose the default company',
        security,
        body: setCompanyBody,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: (req, reply) =>
        idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await customersIn(tx).setDefaultCompany(currentUser(req), req.body.companyCode),
        })),
    });

    app.get('/v1/customer/companies', {
      schema: {
        tags: ['customer'],
        summary: "The user's own companies",
        security,
        response: { 200: customerCompaniesResponse, ...errors },
      },
      handler: async (req) => ({ data: await companies.linkedCompanies(currentUser(req).id) }),
    });
  };
}
