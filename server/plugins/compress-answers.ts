import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

const gzipped = promisify(gzip);

/**
 * Below this an answer fits in the first round trip of a new connection anyway (ten segments of ~1 460 bytes, the
 * usual initial congestion window): compressing it would cost CPU and save no wait.
 */
export const COMPRESS_FROM_BYTES = 14 * 1024;

/**
 * The API's reads (GET `/v1/…`, JSON) of `COMPRESS_FROM_BYTES` or more go gzip-compressed to a client that accepts it
 * (decision 0087): a 5 000-item inventory list is ~3 MB of JSON and ~0.3 MB gzipped, on a cold room's one bar the
 * difference between seconds and most of a minute. gzip runs on Node's thread pool, off the thread that answers.
 *
 * The hook is the last of each route's own `onSend` hooks (added as the route is registered), so everything before it
 * sees the answer as the route wrote it: the read cache keeps those bytes, the content routes hash them for their
 * ETag. Writes are left alone: their answers are small, and a route-level hook would send a sync batch's change
 * through `app.inject` (decision 0081). Pages and files are compressed where they are served (plugins/client.ts, the
 * build); the live stream writes by hand and never reaches onSend.
 */
export function registerAnswerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/v1/') || methods.some((m) => m !== 'GET')) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressAnswer];
  });
}

const compressAnswer: onSendHookHandler = async (request, reply, payload) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!isJson(reply)) return payload;
  vary(reply);
  // Measured without copying: most reads are small and leave as they are.
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_FROM_BYTES || !acceptsGzip(request)) return payload;
  reply.header('content-encoding', 'gzip');
  reply.removeHeader('content-length');
  return gzipped(payload);
};

const isJson = (reply: FastifyReply) =>
  reply.getHeader('content-encoding') === undefined &&
  String(reply.getHeader('content-type') ?? '').startsWith('application/json');

/** Whether to compress depends on Accept-Encoding, whether or not this answer was: a cache must not mix them. */
function vary(reply: FastifyReply) {
  const current = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(current))
    reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** gzip (or `*`) named with a weight above 0, as RFC 9110 §12.5.3 reads Accept-Encoding. */
export function acceptsGzip(request: Pick<FastifyRequest, 'headers'>): boolean {
  const header = request.headers['accept-encoding'];
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return Number.isFinite(weight) && weight > 0;
}
