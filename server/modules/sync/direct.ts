import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SyncChange } from '../../../contract/sync';
import { cleanInput } from '../../plugins/clean-input';
import { hooksOf, type RouteTable, type SyncRoute, type Validator } from './route-table';
import { answerOf, fakeReply, type CallAnswer } from './direct-reply';

type Part = 'params' | 'body' | 'query' | 'headers';
/** Fastify validates in this order and names a failing part so in `validationContext` (lib/validation.js). */
const PARTS: [Part, keyof FastifySchema, string][] = [
  ['params', 'params', 'params'],
  ['body', 'body', 'body'],
  ['query', 'querystring', 'querystring'],
  ['headers', 'headers', 'headers'],
];

/** The headers a change's own call would carry: the batch's token, the change's key, JSON both ways. */
export function changeHeaders(outer: FastifyRequest, change: SyncChange): Record<string, string> {
  return {
    accept: 'application/json',
    'idempotency-key': change.key,
    ...(outer.headers.authorization ? { authorization: outer.headers.authorization } : {}),
    ...(hasBody(change) ? { 'content-type': 'application/json' } : {}),
  };
}

export const hasBody = (change: SyncChange) => change.body !== undefined && change.body !== null;

/**
 * Runs one change of a batch through its route without `app.inject` (decision 0081), in the order Fastify runs a call:
 * onRequest (clean path and query, the route's hooks: authentication, rate limit), preValidation (clean body, the
 * route's: access), the schemas (params, body, querystring, headers), preHandler (the route's: access), the handler;
 * any error through the app's error handler; the answer through the route's serializer for its status. What the call
 * ran besides — security headers, no-store, the per-request log line, the write count and read-cache forget on send —
 * only shapes headers or runs once for the batch's own request (decision 0081 lists them side by side).
 */
export async function runDirect(
  app: FastifyInstance,
  table: RouteTable,
  outer: FastifyRequest,
  found: { route: SyncRoute; params: Record<string, string> },
  change: SyncChange,
): Promise<CallAnswer> {
  const { route, params } = found;
  const request = {
    id: outer.id,
    method: change.method,
    url: change.path,
    originalUrl: change.path,
    ip: outer.ip,
    ips: outer.ips,
    hostname: outer.hostname,
    protocol: outer.protocol,
    log: outer.log,
    server: app,
    params,
    query: {},
    body: hasBody(change) ? change.body : undefined,
    headers: changeHeaders(outer, change),
    user: null,
    sessionKey: null,
    company: null,
    companies: [],
    routeOptions: {
      method: route.method,
      url: route.url,
      config: { ...route.options.config, url: route.url, method: route.method },
      schema: route.options.schema,
    },
  } as unknown as FastifyRequest;
  const reply = fakeReply(request, (status) => serializerFor(table, route, status));
  let failure: unknown;
  try {
    await pipeline(app, route, request, reply.reply);
    failure = reply.takeFailure();
  } catch (error) {
    failure = error;
  }
  if (failure !== undefined) await failed(app, request, reply, failure);
  return answerOf(reply.sent());
}

async function pipeline(app: FastifyInstance, route: SyncRoute, request: FastifyRequest, reply: FastifyReply) {
  const { options } = route;
  cleanInput.request(request);
  if (await hooks(app, options.onRequest, request, reply)) return;
  cleanInput.body(request);
  if (await hooks(app, options.preValidation, request, reply)) return;
  validate(route, request);
  if (await hooks(app, options.preHandler, request, reply)) return;
  const result: unknown = await (options.handler as (req: FastifyRequest, rep: FastifyReply) => unknown).call(
    app,
    request,
    reply,
  );
  if (!reply.sent && result !== undefined && result !== reply) reply.send(result);
}

/** Runs a route's hooks of one kind in order; true once one of them answered (as Fastify stops there too). */
async function hooks(app: FastifyInstance, hook: unknown, request: FastifyRequest, reply: FastifyReply) {
  for (const fn of hooksOf(hook)) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => (error ? reject(error as Error) : resolve());
      const returned = fn.call(app, request, reply, done) as Promise<unknown> | undefined;
      if (returned && typeof returned.then === 'function') returned.then(() => resolve(), reject);
    });
    if (reply.sent) return true;
  }
  return false;
}

/** Each part against the route's schema with the app's validator (zod), as Fastify's `validate` does. */
function validate(route: SyncRoute, request: FastifyRequest) {
  const schema = route.options.schema as FastifySchema | undefined;
  if (!schema) return;
  const holder = request as unknown as Record<Part, unknown>;
  for (const [part, key, context] of PARTS) {
    const partSchema = schema[key];
    if (!partSchema) continue;
    let check = route.validators.get(part);
    if (!check) {
      check = validatorCompiler({ schema: partSchema } as Parameters<typeof validatorCompiler>[0]) as Validator;
      route.validators.set(part, check);
    }
    const result = check(holder[part] === undefined ? null : holder[part]);
    if (result.error) {
      throw Object.assign(new Error(`${context} did not match its schema`), {
        statusCode: 400,
        code: 'FST_ERR_VALIDATION',
        validation: result.error,
        validationContext: context,
      });
    }
    holder[part] = result.value;
  }
}

type Handler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * An error thrown (or sent) on the way: the app's error handler answers it, as it answers the call. Its own answer
 * failing to be written (a bug) is answered as any unexpected error: 500 InternalError.
 */
async function failed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: ReturnType<typeof fakeReply>,
  error: unknown,
) {
  const handle = app.errorHandler as unknown as Handler;
  await handle.call(app, error, request, reply.reply);
  const again = reply.takeFailure();
  if (again !== undefined && !reply.reply.sent)
    await handle.call(app, new Error('answer not written'), request, reply.reply);
}

function serializerFor(table: RouteTable, route: SyncRoute, status: number) {
  let encode = route.serializers.get(status);
  if (encode) return encode;
  const responses = (route.options.schema as FastifySchema | undefined)?.response as
    Record<string, FastifySchema> | undefined;
  const httpStatus = [String(status), `${String(status)[0]}xx`, 'default'].find((s) => responses?.[s] !== undefined);
  const compile = route.options.serializerCompiler ?? table.serializerCompiler;
  encode =
    httpStatus === undefined
      ? (data: unknown) => JSON.stringify(data)
      : (compile({ schema: responses![httpStatus]!, method: route.method, url: route.url, httpStatus }) as (
          data: unknown,
        ) => string);
  route.serializers.set(status, encode);
  return encode;
}
