import type { FastifyInstance } from 'fastify';
import { customers as routes } from '../../../contract/routes/schemas/customers';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer, OutgoingMail } from '../../adapters/mail';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionCache } from '../../plugins/session-cache';
import type { PasswordGuard } from '../auth/password-guard';
import { createCompanyService } from '../companies/service';
import { createCustomerAdminService } from './manage';
import { createCustomerService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = {
  db: Db;
  config: Config;
  idempotency: Idempotency;
  mailer: Mailer;
  sessionCache: SessionCache;
  passwords: PasswordGuard;
};

/**
 * Managing the users of a company (customer administrators and staff) and changing one's own password.
 * See docs/decisions/0028-managing-users.md and 0029-registration-and-password-change.md.
 */
export function customerManagementRoutes({ db, config, idempotency, mailer, sessionCache, passwords }: Deps) {
  const adminOn = (on: DbOrTx) => createCustomerAdminService(on, createCompanyService(on), config);
  const reader = adminOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /** Mail goes out only after the change committed; a replayed request sends nothing again. */
    const send = async (mail: OutgoingMail | undefined) => {
      if (mail) await mailer.send(mail);
    };

    register(app, routes.ofCompany, {
      access: access.company('params.companyCode', { manager: true }),
      handler: async (req) => ({ data: await reader.listForCompany(scopedCompany(req)) }),
    });

    register(app, routes.create, {
      access: access.company('body.companyCodes', { many: true, manager: true }),
      handler: async (req, reply) => {
        const actor = currentUser(req);
        let mail: OutgoingMail | undefined;
        const body = await idempotency.run(req, reply, async (tx) => {
          const created = await adminOn(tx).create(actor, req.companies, req.body);
          mail = created.mail;
          return { status: 201, body: created.result };
        });
        await send(mail);
        return body;
      },
    });

    register(app, routes.detail, {
      access: access.row('customer', 'params.id', { manager: true }),
      handler: (req) => reader.get(currentUser(req), req.params.id),
    });

    register(app, routes.update, {
      access: access.row('customer', 'params.id', { manager: true }),
      handler: async (req, reply) => {
        const actor = currentUser(req);
        let mail: OutgoingMail | undefined;
        const body = await idempotency.run(req, reply, async (tx) => {
          const updated = await adminOn(tx).update(actor, req.params.id, req.body);
          mail = updated.mail;
          return { status: 200, body: updated.result };
        });
        sessionCache.forgetUser(req.params.id);
        await send(mail);
        return body;
      },
    });

    register(app, routes.addToCompany, {
      access: access.company('body.companyCode', { manager: true }),
      handler: async (req, reply) => {
        const actor = currentUser(req);
        const body = await idempotency.run(req, reply, async (tx) => {
          const { detail, added } = await adminOn(tx).addToCompany(actor, req.params.id, scopedCompany(req), req.body);
          return { status: added ? 201 : 200, body: detail };
        });
        sessionCache.forgetUser(req.params.id);
        return body;
      },
    });

    register(app, routes.removeFromCompany, {
      access: access.company('params.companyId', { by: 'id', manager: true }),
      handler: async (req, reply) => {
        const actor = currentUser(req);
        await idempotency.run(req, reply, async (tx) => {
          await adminOn(tx).removeFromCompany(actor, scopedCompany(req), req.params.customerId);
          return { status: 204, body: null };
        });
        sessionCache.forgetUser(req.params.customerId);
        return reply.status(204).send(null);
      },
    });

    register(app, routes.changePassword, {
      access: access.user,
      config: { rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const user = currentUser(req);
        // Counted outside the transaction: a wrong password rolls that back, and the count must stay (decision 0050).
        const attempt = await passwords.attempt(user.id);
        const body = await idempotency.run(req, reply, async (tx) => {
          await createCustomerService(tx).changePassword(
            user.id,
            user.sessionId,
            req.body.currentPassword,
            req.body.password,
          );
          return { status: 200, body: { ok: true as const } };
        });
        sessionCache.forgetUser(user.id);
        await attempt.passed();
        return body;
      },
    });
  };
}
