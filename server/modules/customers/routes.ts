import type { FastifyInstance } from 'fastify';
import { customer as routes } from '../../../contract/routes/schemas/customer';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

export function customerRoutes({ companies, idempotency, customersIn, sessionCache, config, mailer, passwords }: Deps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.me, {
      access: access.user,
      handler: (req) => publicUser(currentUser(req)),
    });

    register(app, routes.updateMe, {
      // Per address, as login; the account's own limit is the guard's (decision 0050).
      access: access.user,
      config: { rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' } },
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

    register(app, routes.setCompany, {
      access: access.company('body.companyCode'),
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

    register(app, routes.companies, {
      access: access.user,
      handler: async (req) => ({ data: await companies.linkedCompanies(currentUser(req).id) }),
    });
  };
}
