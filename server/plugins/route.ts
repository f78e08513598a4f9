import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Route } from '../../contract/routes/schemas/describe';
import type { Access } from './access';

type Options<S extends FastifySchema> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
  'method' | 'url' | 'schema'
> & {
  /** Who may call it (server/plugins/access.ts); every /v1 route declares one. Omitted only off the API. */
  access?: Access;
};

/**
 * Registers a call of the route table (contract/routes) with its method, path and schemas as the table declares
 * them; the module adds who may call it and what it does (decision 0055). The handler's request is typed by the
 * call's schemas.
 */
export function register<S extends FastifySchema>(
  app: Pick<FastifyInstance, 'withTypeProvider'>,
  route: Route & { schema: S },
  options: Options<S>,
) {
  const { access, config, ...rest } = options;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: route.schema,
    ...(access || config ? { config: { ...(access ? { access } : {}), ...config } } : {}),
    ...rest,
  });
}
