import type { FastifyInstance } from 'fastify';
import { captcha as routes } from '../../../contract/routes/schemas/captcha';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCaptcha, type CaptchaProvider } from '../../adapters/captcha';
import { notFound } from '../../lib/errors';
import { access } from '../../plugins/access';
import { register } from '../../plugins/route';

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
    register(fastify, routes.config, {
      access: access.public,
      handler: async () => provider.config,
    });

    register(fastify, routes.challenge, {
      access: access.public,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      handler: async (_req, reply) => {
        if (!provider.challenge) throw notFound();
        reply.header('cache-control', 'no-store');
        return provider.challenge();
      },
    });
  });
}
