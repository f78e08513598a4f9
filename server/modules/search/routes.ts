import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { search as routes } from '../../../contract/routes/schemas/search';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import {
  createSearchEngine,
  EMBEDDED_SEARCH_PATH,
  SearchError,
  type SearchEngine,
  type EmbeddedParams,
  type MultiSearchItem,
  type SearchParams,
} from '../../adapters/search';
import { AppError, unauthorized } from '../../lib/errors';
import { sharedSecret } from '../../lib/secrets';
import { checkSearchLimits } from './limits';
import { createSearchIndexer, type SearchIndexer } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = { db: DbOrTx; config: Config };

const KEY_HEADER = 'x-typesense-api-key';

/**
 * Search: builds the index from the database once the server listens, decorates the app with `searchIndex`
 * for other modules, and serves the key calls and — unless browsers reach a Typesense cluster directly — the
 * Typesense search subset under /v1/search (the embedded engine, or the cluster behind this server).
 */
export function searchRoutes({ db, config }: Deps): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    // One parent key for every instance on this database: a key from one is good on all (decision 0048).
    const searchOnlyKey = await sharedSecret(db, 'search-parent-key', config.search.searchOnlyKey);
    const { engine, nodes } = createSearchEngine(config, searchOnlyKey);
    const indexer = createSearchIndexer(db, engine, {
      nodes,
      keyTtlSeconds: config.search.keyTtlSeconds,
      log: app.log,
      bus: app.services.bus,
    });
    app.decorate('searchIndex', indexer);
    app.addHook('onClose', () => indexer.close());
    // Build once the server listens, so start-up is not held up (PGlite answers one query at a time); a search
    // that comes first (or an app that is only injected into, as in tests) starts it and waits for it.
    app.addHook('onListen', async () => {
      void indexer.start().catch(() => {});
    });

    const rateLimit = { max: config.rateLimit.searchPerMinute, timeWindow: '1 minute' };
    await app.register(keyRoutes(indexer, rateLimit));
    if (!nodes) await app.register(subsetRoutes(engine, indexer, rateLimit));
  };
  // Not encapsulated: `searchIndex` is for the whole app.
  return fp(plugin);
}

type RateLimit = { max: number; timeWindow: string };

function keyRoutes(indexer: SearchIndexer, rateLimit: RateLimit) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.publicKey, {
      access: access.public,
      config: { rateLimit },
      handler: async (_req, reply) => {
        reply.header('cache-control', 'no-cache');
        return indexer.publicKey();
      },
    });

    register(app, routes.companyKey, {
      access: access.company('params.companyId', { by: 'codeOrId' }),
      config: { rateLimit },
      // The company by id (as the spec names the call) or by code, established by the access hook.
      handler: async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return indexer.companyKey(scopedCompany(req).id);
      },
    });
  };
}

/** The API key of a request: the header, else the query parameter (the browser client sends it that way). */
function requestKey(req: FastifyRequest): string | undefined {
  const header = req.headers[KEY_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = req.query as Record<string, unknown> | undefined;
  const param = query?.[KEY_HEADER];
  return typeof param === 'string' && param ? param : undefined;
}

function flatten(query: Record<string, string | string[]>): SearchParams {
  const out: SearchParams = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === KEY_HEADER) continue;
    out[name] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return out;
}

function asAppError(error: unknown): never {
  if (error instanceof SearchError) {
    const code = error.status === 404 ? 'NotFound' : 'ValidationError';
    throw new AppError(error.status, code, error.message);
  }
  throw error;
}

function subsetRoutes(engine: SearchEngine, indexer: SearchIndexer, rateLimit: RateLimit) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The browser client posts multi_search as text/plain (no CORS preflight): it is JSON all the same.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError(400, 'ValidationError', 'Bad JSON.'), undefined);
      }
    });

    const authorize = (req: FastifyRequest, key = requestKey(req)): EmbeddedParams | null => {
      const embedded = engine.authorize(key);
      if (embedded === undefined) throw unauthorized('InvalidSearchKey');
      return embedded;
    };
    const whenReady = async () => {
      try {
        await indexer.ready();
      } catch {
        throw new AppError(503, 'InternalError');
      }
    };

    register(app, routes.health, {
      access: access.public,
      handler: async () => ({ ok: indexer.state === 'ready' }),
    });

    register(app, routes.search, {
      access: access.public,
      config: { rateLimit },
      handler: async (req) => {
        const embedded = authorize(req);
        const params = flatten(req.query);
        checkSearchLimits([params]);
        await whenReady();
        try {
          return await engine.search(req.params.collection, params, embedded);
        } catch (error) {
          asAppError(error);
        }
      },
    });

    register(app, routes.multiSearch, {
      access: access.public,
      config: { rateLimit },
      handler: async (req) => {
        const common = flatten(req.query);
        const requestEmbedded = requestKey(req) === undefined ? undefined : authorize(req);
        if ((req.body as { union?: unknown }).union === true)
          throw new AppError(400, 'ValidationError', 'Union search is not supported by the embedded engine.');
        // A search may carry its own key (Typesense allows it); without any key the request is refused.
        const searches = req.body.searches.map((search) => {
          const { collection, [KEY_HEADER]: own, ...rest } = search;
          let embedded: EmbeddedParams | null;
          if (typeof own === 'string') embedded = authorize(req, own);
          else if (requestEmbedded === undefined) throw unauthorized('InvalidSearchKey');
          else embedded = requestEmbedded;
          const params: SearchParams = { ...common };
          for (const [name, value] of Object.entries(rest)) {
            if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
              params[name] = value;
          }
          return { collection, params, embedded };
        });
        checkSearchLimits(searches.map((search) => search.params));
        await whenReady();
        const results: MultiSearchItem[] = [];
        for (const { collection, params, embedded } of searches) {
          try {
            if (typeof collection !== 'string' || !collection)
              throw new SearchError(400, 'Parameter `collection` is required.');
            results.push(await engine.search(collection, params, embedded));
          } catch (error) {
            if (!(error instanceof SearchError)) throw error;
            results.push({ code: error.status, error: error.message });
          }
        }
        return { results };
      },
    });
  };
}

export { EMBEDDED_SEARCH_PATH };
