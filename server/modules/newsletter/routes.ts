import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NewsletterLinkStatus } from '../../../contract/newsletter';
import { newsletter as routes } from '../../../contract/routes/schemas/newsletter';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../adapters/mail';
import { verifyCaptcha } from '../captcha/service';
import { createNewsletterService } from './service';
import { access } from '../../plugins/access';

/** The app's page for each outcome of a link (src/features/content/forms/NewsletterResultPage.tsx). */
export const newsletterPage = (status: NewsletterLinkStatus) => `/nyhetsbrev/${status}`;

/** A browser that opened a link from a mail goes on to the app's page; a client asking for JSON gets the status. */
function answer(req: FastifyRequest, reply: FastifyReply, status: NewsletterLinkStatus) {
  reply.header('cache-control', 'no-store');
  const wantsJson = (req.headers.accept ?? '').includes('application/json');
  if (wantsJson) return reply.send({ status });
  return reply.redirect(newsletterPage(status), 303);
}

export function newsletterRoutes(deps: { db: Db; config: Config; mailer: Mailer }) {
  const newsletter = createNewsletterService(deps.db, deps.config, deps.mailer);
  const perMinute = deps.config.rateLimit.newsletterPerMinute;

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.subscribe, {
      access: access.public,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        await verifyCaptcha(req, req.body.captcha, 'newsletter');
        await newsletter.subscribe(req.body.email);
        return reply.status(202).send({ ok: true as const });
      },
    });

    register(app, routes.confirm, {
      access: access.public,
      config: { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      handler: async (req, reply) => answer(req, reply, await newsletter.confirm(req.query.token)),
    });

    register(app, routes.unsubscribe, {
      access: access.public,
      config: { rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      handler: async (req, reply) => answer(req, reply, await newsletter.unsubscribe(req.query.token)),
    });
  };
}
