import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SyncChange } from '../../../contract/sync';
import { changeHeaders, hasBody, runDirect } from './direct';
import { answerOf, parsed, type CallAnswer } from './direct-reply';
import type { RouteTable } from './route-table';

export type { CallAnswer };

/**
 * Answers one change as if the phone had sent it alone: the same token (and so the same user), the change's
 * Idempotency-Key, the caller's address. Authentication, the route's `config.access`, its schema, its rate limit, its
 * handler and its error answers all run exactly as per call — nothing here knows any route. Directly through the
 * route's own options when the route has nothing the direct path does not run (decision 0081); otherwise, and for a
 * path no syncable route matches, through the server's own router (`app.inject`), which answers it as the call.
 */
export async function dispatch(
  app: FastifyInstance,
  table: RouteTable,
  request: FastifyRequest,
  change: SyncChange,
): Promise<CallAnswer> {
  const found = table.find(change.method, change.path);
  if (found) return runDirect(app, table, request, found, change);
  const response = await app.inject({
    method: change.method,
    url: change.path,
    remoteAddress: request.ip,
    headers: changeHeaders(request, change),
    ...(hasBody(change) ? { payload: JSON.stringify(change.body) } : {}),
  });
  return answerOf({ status: response.statusCode, body: parsed(response.body), headers: response.headers });
}
