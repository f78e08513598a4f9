import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CDN_NOT_FOUND } from '../../../contract/content';
import { content as routes } from '../../../contract/routes/schemas/content';
import { register } from '../../plugins/route';
import { createHash } from 'node:crypto';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { LocalContent, type ContentSource } from '../../adapters/content';
import { CdnParamError, filterClauses, findStory, listLinks, listStories } from '../../adapters/content/local';
import { AppError } from '../../lib/errors';
import { errorText, validationText } from '../../lib/i18n';
import { validationFields } from '../../plugins/errors';
import { contentConfig } from './service';
import { sitemapRoutes } from './sitemap';
import { access } from '../../plugins/access';

type Deps = { db: DbOrTx; config: Config; source: ContentSource };

/**
 * Content: GET /v1/content/config (where the browser's content client reads stories), the Storyblok-compatible CDN
 * subset over the story files (when no Storyblok space is configured), and /sitemap.xml. The app makes the source
 * (app.ts), since the start page's story reader reads the same one.
 */
export function contentRoutes({ db, config, source }: Deps): FastifyPluginAsync {
  return async (app) => {
    await app.register(configRoute(config));
    if (source instanceof LocalContent) await app.register(cdnRoutes(source));
    await app.register(sitemapRoutes({ db, config, source }));
  };
}

function configRoute(config: Config) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    register(app, routes.config, {
      access: access.public,
      handler: async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return contentConfig(config);
      },
    });
  };
}

/** Matches an If-None-Match header against an ETag (lists and the weak prefix allowed). */
function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

const badRequestAnswer = (fields: { path: string; message: string }[]) => ({
  code: 'ValidationError',
  message: errorText('ValidationError'),
  fields,
});

function badParam(param: string, message: string) {
  return {
    error: `${param}: ${message}`,
    ...badRequestAnswer([{ path: param, message: validationText('validation.invalid')! }]),
  };
}

/**
 * The CDN subset storyblok-js-client talks to: GET {endpoint}/cdn/stories, /cdn/stories/{slug|id|uuid} and
 * /cdn/links, in the Content Delivery API v2's shapes. Any token is accepted. Answers are public and short-lived
 * (max-age 60) with an ETag; the data is public, so any origin may read it (as from Storyblok).
 */
function cdnRoutes(content: LocalContent) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // A malformed parameter: 400 with `error` (what storyblok-js-client reports) and our code and fields.
    app.setErrorHandler((error, _req, reply) => {
      if (error instanceof CdnParamError) return reply.status(400).send(badParam(error.param, error.detail));
      // `error` keeps the English detail storyblok-js-client reports; the fields' texts are Swedish as everywhere.
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = validationFields(error);
        const details = error.validation.map((issue, i) => `${fields[i]!.path}: ${issue.message ?? 'is not valid'}`);
        return reply.status(400).send({ ...badRequestAnswer(fields), error: details.join('; ') });
      }
      // The edge's refusal (a control character in a parameter, decision 0049).
      if (error instanceof AppError && error.statusCode === 400 && error.fields)
        return reply.status(400).send({
          ...badRequestAnswer(error.fields),
          error: error.fields.map((f) => `${f.path}: is not valid`).join('; '),
        });
      throw error; // The app's own handler answers the rest.
    });

    app.addHook('onSend', async (req, reply, payload) => {
      reply.header('access-control-allow-origin', '*');
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'public, max-age=60');
      if (fresh(req.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    register(app, routes.stories, {
      access: access.public,
      handler: async (req, reply) => {
        const snap = await content.snapshot();
        const page = listStories(snap, req.query, filterClauses(req.query));
        reply.header('total', String(page.total)).header('per-page', String(page.perPage));
        return { stories: page.stories, cv: snap.cv, rels: [], links: page.links };
      },
    });

    register(app, routes.story, {
      access: access.public,
      handler: async (req, reply) => {
        const snap = await content.snapshot();
        const found = findStory(snap, req.params['*'], req.query);
        if (!found) return reply.status(404).send(CDN_NOT_FOUND);
        return { story: found.story, cv: snap.cv, rels: [], links: found.links };
      },
    });

    register(app, routes.links, {
      access: access.public,
      handler: async (req, reply) => {
        const page = listLinks(await content.snapshot(), req.query);
        reply.header('total', String(page.total)).header('per-page', String(page.perPage));
        return { links: page.links };
      },
    });
  };
}
