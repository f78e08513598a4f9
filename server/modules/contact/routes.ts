import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../../contract/common';
import { contactBody, contactResponse, contactTokenResponse } from '../../../contract/contact';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../adapters/mail';
import { bearerToken } from '../../plugins/authenticate';
import { verifyCaptcha } from '../captcha/service';
import { createContactService, submissionFailed } from './service';
import { contactTokens } from './token';
import { access } from '../../plugins/access';

const errors = { 400: apiError, 401: apiError, 429: apiError };

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

    app.get('/v1/contact-us/token', {
      config: { access: access.public, rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'A short-lived token for one contact message, and what the form needs for bot protection',
        response: { 200: contactTokenResponse, 429: apiError },
      },
      handler: async (_req, reply) => {
        reply.header('cache-control', 'no-store');
        const { token, validTo } = tokens.issue();
        return { token, validTo: validTo.toISOString(), captcha: fastify.captcha.config };
      },
    });

    app.post('/v1/contact-us', {
      config: { access: access.public, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to customer service (Authorization: Bearer <contact token>)',
        body: contactBody,
        response: { 201: contactResponse, ...errors },
      },
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
