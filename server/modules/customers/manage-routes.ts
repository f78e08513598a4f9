import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, companyCodeParam, okResponse } from '../../../contract/common';
import {
  addCustomerToCompanyBody,
  changePasswordBody,
  companyCustomersResponse,
  createCustomerBody,
  customerDetail,
  customerIdParam,
  removeCustomerParams,
  updateCustomerBody,
} from '../../../contract/customer';
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

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };

/**
 * Managing the users of a company (customer administrators and staff) and changing one's own password.
 * See docs/decisions/0028-managing-users.md and 0029-registration-and-password-change.md.
 */
export function customerManagementRoutes({ db, config, idempotency, mailer, sessionCache, passwords }: Deps) {
  const adminOn = (on: DbOrTx) => createCustomerAdminService(on, createCompanyService(on), config);
  const reader = adminOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];
    const tags = ['customers'];

    /** Mail goes out only after the change committed; a replayed request sends nothing again. */
    const send = async (mail: OutgoingMail | undefined) => {
      if (mail) await mailer.send(mail);
    };

    app.get('/v1/company/:companyCode/customers', {
      config: { access: access.company('params.companyCode', { manager: true }) },
      schema: {
        tags,
        summary: 'The users of a company, with roles and status (customer administrators of it, and staff)',
        security,
        params: companyCodeParam,
        response: { 200: companyCustomersResponse, ...errors },
      },
      handler: async (req) => ({ data: await reader.listForCompany(scopedCompany(req)) }),
    });

    app.post('/v1/customers', {
      config: { access: access.company('body.companyCodes', { many: true, manager: true }) },
      schema: {
        tags,
        summary: "Create a user in some of the administrator's companies; mails an activation link",
        security,
        body: createCustomerBody,
        response: { 201: customerDetail, ...errors },
      },
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

    app.get('/v1/customers/:id', {
      config: { access: access.row('customer', 'params.id', { manager: true }) },
      schema: {
        tags,
        summary: "One user of the administrator's companies",
        security,
        params: customerIdParam,
        response: { 200: customerDetail, ...errors },
      },
      handler: (req) => reader.get(currentUser(req), req.params.id),
    });

    app.put('/v1/customers/:id', {
      config: { access: access.row('customer', 'params.id', { manager: true }) },
      schema: {
        tags,
        summary: "Change a user's name, e-mail, phone and roles",
        security,
        params: customerIdParam,
        body: updateCustomerBody,
        response: { 200: customerDetail, ...errors },
      },
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

    app.post('/v1/customers/:id', {
      config: { access: access.company('body.companyCode', { manager: true }) },
      schema: {
        tags,
        summary: "Add a user to another of the administrator's companies",
        security,
        params: customerIdParam,
        body: addCustomerToCompanyBody,
        response: { 200: customerDetail, 201: customerDetail, ...errors },
      },
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

    app.delete('/v1/customers/:companyId/customer/:customerId', {
      config: { access: access.company('params.companyId', { by: 'id', manager: true }) },
      schema: {
        tags,
        summary: 'Remove a user from a company (the account stays); a company keeps at least one administrator',
        security,
        params: removeCustomerParams,
        response: { 204: z.null(), ...errors },
      },
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

    app.put('/v1/customer/password', {
      config: { access: access.user, rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['customer'],
        summary: "Change the logged-in user's password; the user's other sessions end, this one stays",
        security,
        body: changePasswordBody,
        response: { 200: okResponse, ...errors, 429: apiError },
      },
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
