import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../contract/common';
import {
  currentUser as currentUserSchema,
  customerCompaniesResponse,
  setCompanyBody,
  updateCurrentUserBody,
} from '../../../contract/customer';
import type { Mailer, OutgoingMail } from '../../adapters/mail';
import type { Config } from '../../config';
import { currentUser, publicUser } from '../../plugins/authenticate';
import type { SessionCache } from '../../plugins/session-cache';
import type { DbOrTx } from '../../db/client';
import type { Idempotency } from '../../plugins/idempotency';
import { emailChangedMail } from '../auth/mails';
import type { PasswordGuard } from '../auth/password-guard';
import type { CompanyService } from '../companies/service';
import type { CustomerService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = {
  companies: CompanyService;
  idempotency: Idempotency;
  /** The customer service on a transaction, for changes that go through the idempotency store. */
  customersIn: (tx: DbOrTx) => CustomerService;
  sessionCache: SessionCache;
  config: Config;
  mailer: Mailer;
  passwords: PasswordGuard;
};

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 429: apiError };

export function customerRoutes({ companies, idempotency, customersIn, sessionCache, config, mailer, passwords }: Deps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.get('/v1/customer/', {
      config: { access: access.user },
      schema: {
        tags: ['customer'],
        summary: 'The logged-in user',
        security,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: (req) => publicUser(currentUser(req)),
    });

    app.put('/v1/customer/', {
      // Per address, as login; the account's own limit is the guard's (decision 0050).
      config: { access: access.user, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['customer'],
        summary: 'Update the logged-in user (a new e-mail address or password needs the current password)',
        security,
        body: updateCurrentUserBody,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: async (req, reply) => {
        const user = currentUser(req);
        // Counted outside the transaction: a wrong password rolls that back, and the count must stay.
        const attempt = req.body.currentPassword ? await passwords.attempt(user.id) : undefined;
        let mail: OutgoingMail | undefined;
        const body = await idempotency.run(req, reply, async (tx) => {
          const change = await customersIn(tx).updateCurrentUser(user.id, req.body, user.sessionId);
          if (change.previousEmail) {
            const { firstName, email } = change.user;
            mail = emailChangedMail(
              { firstName, oldEmail: change.previousEmail, newEmail: email },
              new Date(),
              config.customerServiceEmail,
            );
          }
          return { status: 200, body: change.user };
        });
        sessionCache.forgetUser(user.id);
        await attempt?.passed();
        // Only once the change committed, and not again for a replayed request.
        if (mail) await mailer.send(mail);
        return body;
      },
    });

    app.patch('/v1/customer/company', {
      config: { access: access.company('body.companyCode') },
      schema: {
        tags: ['customer'],
        summary: 'Choose the default company',
        security,
        body: setCompanyBody,
        response: { 200: currentUserSchema, ...errors },
      },
      handler: async (req, reply) => {
        const user = currentUser(req);
        const body = await idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await customersIn(tx).setDefaultCompany(user, scopedCompany(req)),
        }));
        sessionCache.forgetUser(user.id);
        return body;
      },
    });

    app.get('/v1/customer/companies', {
      config: { access: access.user },
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
