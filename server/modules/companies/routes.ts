import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError, companyCodeParam } from '../../../contract/common';
import { companiesQuery, companyDetail, pagedCompanies } from '../../../contract/customer';
import { forbidden } from '../../lib/errors';
import { currentUser, isStaff } from '../../plugins/authenticate';
import type { CompanyService } from './service';
import { access, scopedCompany } from '../../plugins/access';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export function companyRoutes(companies: CompanyService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/companies', {
      config: { access: access.staff },
      schema: {
        tags: ['companies'],
        summary: 'All companies, searchable and paged (staff administrators only)',
        security: [{ bearer: [] }],
        querystring: companiesQuery,
        response: { 200: pagedCompanies, ...errors },
      },
      handler: (req) => {
        if (!isStaff(currentUser(req))) throw forbidden();
        return companies.search(req.query);
      },
    });

    app.get('/v1/company/:companyCode', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags: ['companies'],
        summary: 'One company the user may act for',
        security: [{ bearer: [] }],
        params: companyCodeParam,
        response: { 200: companyDetail, ...errors },
      },
      handler: (req) => companies.detail(scopedCompany(req)),
    });
  };
}
