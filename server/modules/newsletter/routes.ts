import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, okResponse } from '../../../contract/common';
import {
  newsletterLinkResponse,
  newsletterSubscribeBody,
  newsletterTokenQuery,
  type NewsletterLinkStatus,
} from '../../../contract/newsletter';
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

    app.post('/v1/newsletter/subscribe', {
      config: { access: access.public, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Sign up for the newsletter: mails a confirmation link (double opt-in); the same answer for any address',
        body: newsletterSubscribeBody,
        response: { 202: okResponse, 400: apiError, 429: apiError },
      },
      handler: async (req, reply) => {
        await verifyCaptcha(req, req.body.captcha, 'newsletter');
        await newsletter.subscribe(req.body.email);
        return reply.status(202).send({ ok: true as const });
      },
    });

    const linkSchema = (summary: string) => ({
      tags: ['newsletter'],
      summary,
      querystring: newsletterTokenQuery,
      response: { 200: newsletterLinkResponse, 303: z.null().optional(), 400: apiError, 429: apiError },
    });

    app.get('/v1/newsletter/confirm', {
      config: { access: access.public, rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      schema: linkSchema('The link in the confirmation mail: starts the subscription, then shows the app page'),
      handler: async (req, reply) => answer(req, reply, await newsletter.confirm(req.query.token)),
    });

    app.get('/v1/newsletter/unsubscribe', {
      config: { access: access.public, rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      schema: linkSchema('The link in every newsletter mail: ends the subscription, then shows the app page'),
      handler: async (req, reply) => answer(req, reply, await newsletter.unsubscribe(req.query.token)),
    });
  };
}
