import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { altchaChallenge, captchaConfig } from '../../../contract/captcha';
import { apiError } from '../../../contract/common';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCaptcha, type CaptchaProvider } from '../../adapters/captcha';
import { notFound } from '../../lib/errors';
import { access } from '../../plugins/access';

export { verifyCaptcha } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot-protection provider (ALTCHA or reCAPTCHA); routes check proofs with verifyCaptcha(req, proof). */
    captcha: CaptchaProvider;
  }
}

/**
 * Makes the provider available to every route (`req.server.captcha`, through verifyCaptcha) and serves
 * GET /v1/captcha/config and GET /v1/captcha/challenge. Call before registering routes that check proofs.
 */
export async function registerCaptcha(app: FastifyInstance, deps: { config: Config; db: Db; fetch?: typeof fetch }) {
  const provider = createCaptcha(deps.config, deps.db, { fetch: deps.fetch });
  app.decorate('captcha', provider);

  await app.register(async (fastify) => {
    const routes = fastify.withTypeProvider<ZodTypeProvider>();

    routes.get('/v1/captcha/config', {
      config: { access: access.public },
      schema: {
        tags: ['captcha'],
        summary: 'Which bot protection the forms use, and what its widget needs',
        response: { 200: captchaConfig },
      },
      handler: async () => provider.config,
    });

    routes.get('/v1/captcha/challenge', {
      config: { access: access.public, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'A fresh ALTCHA proof-of-work challenge (404 while reCAPTCHA is configured)',
        response: { 200: altchaChallenge, 404: apiError, 429: apiError },
      },
      handler: async (_req, reply) => {
        if (!provider.challenge) throw notFound();
        reply.header('cache-control', 'no-store');
        return provider.challenge();
      },
    });
  });
}
