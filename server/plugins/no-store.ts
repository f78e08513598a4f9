import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * `Cache-Control: no-store` on every answer that depends on who asks, set here once for all routes instead of route by
 * route (decision 0051): a browser's disk cache or a proxy on the way must keep no copy of a user's profile, orders,
 * prices or cart. Decided when the answer leaves (onSend), so it sees what the route set:
 *
 * - A request with a bearer token, or one a route authenticated, is personal: its answer is `no-store` whatever the
 *   route set (`private, no-cache` included), unless the route declared it `public` — the same for everyone, as the
 *   catalogue, content and data sheets are, which keep their caching for logged-in users too.
 * - Any other API answer (`/v1/`) without a Cache-Control of its own is `no-store` as well: a route that says nothing
 *   may still depend on the asker (a company's search key, a token in the login answer), so caching is opted into by
 *   saying `public`, never the default.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const declared = reply.getHeader('cache-control');
    const policy = typeof declared === 'string' ? declared.toLowerCase() : undefined;
    if (policy?.includes('no-store') || policy?.startsWith('public')) return payload;
    if (isPersonal(request) || (policy === undefined && request.url.startsWith('/v1/'))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

const isPersonal = (request: FastifyRequest) => request.user !== null || request.headers.authorization !== undefined;
