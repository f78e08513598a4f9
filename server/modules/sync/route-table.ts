import type { FastifyInstance, FastifySchema, FastifySerializerCompiler, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import { isSyncable } from './syncable';

/** Route-level hooks the direct path does not run (it runs onRequest, preValidation and preHandler, direct.ts): a
 * route with any of them goes through `app.inject`. */
const OTHER_HOOKS = ['preParsing', 'preSerialization', 'onSend', 'onResponse', 'onError', 'onTimeout'] as const;

/** A syncable route as it was registered, once every plugin's `onRoute` hook had added its own. */
export type SyncRoute = {
  method: string;
  url: string;
  options: RouteOptions;
  /** One encoder per answer status, made on first use as Fastify makes its own (decision 0081). */
  serializers: Map<number, (data: unknown) => string>;
  /** One check per part of the request (params, body, …), made on first use: Fastify compiles its own once too. */
  validators: Map<string, Validator>;
};

/** A part's schema check with the app's validator compiler (zod). */
export type Validator = (data: unknown) => { error?: unknown; value?: unknown };

export type RouteTable = {
  /** The route a change's method and concrete path name, with its params as the router decodes them; `undefined`
   * when the change must take `app.inject` instead (see `direct`). */
  find(method: string, path: string): { route: SyncRoute; params: Record<string, string> } | undefined;
  /** The serializer compiler a route without its own uses (the app's). */
  serializerCompiler: FastifySerializerCompiler<FastifySchema>;
};

/**
 * Collects the syncable routes' options as they are registered (decision 0081): the sync module still knows no route —
 * it keeps what the table (syncable.ts) lets a batch carry, with the handler, schema, config and hooks each was
 * registered with. Added after every plugin that adds route hooks in `onRoute` (access, rate limits), so the options it
 * keeps are the ones Fastify runs. The router is Fastify's own (find-my-way), with Fastify's defaults, so a change's
 * params are decoded as its call's are.
 */
export function collectSyncRoutes(
  app: Pick<FastifyInstance, 'addHook'>,
  serializerCompiler: FastifySerializerCompiler<FastifySchema>,
): RouteTable {
  const router = FindMyWay({ maxParamLength: 100 });
  app.addHook('onRoute', (options: RouteOptions) => {
    for (const method of [options.method].flat()) {
      if (!isSyncable(method, samplePath(options.url))) continue;
      const route: SyncRoute = { method, url: options.url, options, serializers: new Map(), validators: new Map() };
      router.on(method as FindMyWay.HTTPMethod, options.url, () => undefined, route);
    }
  });
  return {
    serializerCompiler,
    find(method, path) {
      const found = router.find(method as FindMyWay.HTTPMethod, path);
      if (!found) return undefined;
      const route = found.store as SyncRoute;
      if (!directly(route.options)) return undefined;
      return { route, params: found.params as Record<string, string> };
    },
  };
}

/** A concrete path of a route's pattern (`:id` → `x`), to ask syncable.ts whether a batch carries it. */
const samplePath = (url: string) => url.replace(/:\w+/g, 'x');

/**
 * Whether the direct path runs everything this route's own call runs: no route-level hook but the ones it runs, no
 * rate limit of its own (none of the syncable routes has one; one that gets one takes `app.inject`, which runs it).
 */
function directly(options: RouteOptions): boolean {
  if ((options.config as { rateLimit?: unknown } | undefined)?.rateLimit) return false;
  if (options.errorHandler || options.attachValidation) return false;
  return OTHER_HOOKS.every((hook) => hooksOf(options[hook]).length === 0);
}

type AnyHook = (...args: unknown[]) => unknown;

export const hooksOf = (hook: unknown): AnyHook[] =>
  hook === undefined || hook === null ? [] : Array.isArray(hook) ? (hook as AnyHook[]) : [hook as AnyHook];
