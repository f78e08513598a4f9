import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SyncChange } from '../../../contract/sync';

/** One change's answer, as its own call gave it. */
export type CallAnswer = { status: number; body: unknown; replayed: boolean; retryAfter?: string };

/**
 * Sends one change through the server's own router, as if the phone had sent it alone: the same token (and so the same
 * user), the change's Idempotency-Key, the caller's address. Authentication, the route's `config.access`, its schema,
 * its rate limit, its handler and its error answers all run exactly as per call — nothing here knows any route.
 */
export async function dispatch(app: FastifyInstance, request: FastifyRequest, change: SyncChange): Promise<CallAnswer> {
  const hasBody = change.body !== undefined && change.body !== null;
  const response = await app.inject({
    method: change.method,
    url: change.path,
    remoteAddress: request.ip,
    headers: {
      accept: 'application/json',
      'idempotency-key': change.key,
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(change.body) } : {}),
  });
  const retryAfter = response.headers['retry-after'];
  return {
    status: response.statusCode,
    body: parsed(response.body),
    replayed: response.headers['idempotency-replayed'] === 'true',
    ...(retryAfter === undefined ? {} : { retryAfter: String(retryAfter) }),
  };
}

function parsed(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
