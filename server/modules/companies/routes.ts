import type { FastifyInstance } from 'fastify';
import { companies as routes } from '../../../contract/routes/schemas/companies';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { currentUser, isStaff } from '../../plugins/authenticate';
import type { CompanyService } from './service';
import { access, scopedCompany } from '../../plugins/access';

export function companyRoutes(companies: CompanyService) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.list, {
      access: access.staff,
      handler: (req) => {
        if (!isStaff(currentUser(req))) throw forbidden();
        return companies.search(req.query);
      },
    });

    register(app, routes.detail, {
      access: access.company('params.companyCode'),
      handler: (req) => companies.detail(scopedCompany(req)),
    });
  };
}
