import type { FastifyInstance } from 'fastify';
import { contact as routes } from '../../../contract/routes/schemas/contact';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../adapters/mail';
import { bearerToken } from '../../plugins/authenticate';
import { verifyCaptcha } from '../captcha/service';
import { createContactService, submissionFailed } from './service';
import { contactTokens } from './token';
import { access } from '../../plugins/access';

/**
 * The contact form: GET /v1/contact-us/token, then POST /v1/contact-us with it as Bearer, the message and the
 * bot-protection proof. Anonymous, so no Idempotency-Key: the single-use token makes a resend harmless.
 */
export function contactRoutes(deps: { db: Db; config: Config; mailer: Mailer }) {
  const tokens = contactTokens(deps.config.captcha.hmacKey, deps.config.contact.tokenTtlMinutes);
  const perMinute = deps.config.rateLimit.contactPerMinute;
  const contact = createContactService({
    db: deps.db,
    mailer: deps.mailer,
    customerServiceEmail: deps.config.customerServiceEmail,
  });

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.token, {
      access: access.public,
      config: { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      handler: async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        const { token, validTo } = tokens.issue();
        return { token, validTo: validTo.toISOString(), captcha: fastify.captcha.config };
      },
    });

    register(app, routes.send, {
      access: access.public,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const token = bearerToken(req);
        const validTo = token ? tokens.check(token) : null;
        if (!token || !validTo) throw submissionFailed();
        await verifyCaptcha(req, req.body.captcha, 'contact');
        const { captcha: _captcha, ...message } = req.body;
        const result = await contact.send(message, { value: token, validTo });
        return reply.status(201).send({ ok: true as const, id: result.id });
      },
    });
  };
}
