import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readTags, type ReadCache } from './read-cache';
import type { Versions } from './read-cache-versions';

/** What a JSON answer is sent as by Fastify; a kept answer goes out with the same header and the same bytes. */
const JSON_TYPE = 'application/json; charset=utf-8';

type Pending = { key: string; tags: readonly string[]; mark: number; version: number };

/** The read a request missed, kept by `keep` once its answer is serialised. */
const pending = new WeakMap<FastifyRequest, Pending>();

export type ReadAnswers = ReturnType<typeof readAnswers>;

/**
 * Serves GET answers from a ReadCache (decision 0076). A route's handler calls `serve` after the access hook let the
 * request through (the key names the company it established, so a kept answer is only ever served to a user allowed to
 * see it); the route's `onSend: keep` keeps the serialised answer of a miss — exactly the bytes sent, so a hit is
 * byte-identical to a fresh read, and in check mode (decision 0068) what the schema check passed. Only 200 answers are
 * kept. Reads inside a transaction (a sync batch) never come here: only the GET routes on the database do.
 */
export function readAnswers(cache: ReadCache, versions?: Versions) {
  return {
    /** The kept answer of `key`, sent as it was; else `read()`, whose answer is kept under `tags` if still current. */
    async serve<T>(
      req: FastifyRequest,
      reply: FastifyReply,
      key: string,
      shows: readonly string[],
      read: () => Promise<T>,
    ): Promise<T | undefined> {
      const mark = cache.mark();
      // A TRUNCATE raises `all`.
      const tags = [...shows, readTags.all];
      // Read before the answer is: a change committed in between makes the kept answer's version stale, never newer.
      const version = versions ? await versions(tags) : 0;
      const kept = cache.get(key);
      if (kept && kept.version === version) {
        // Awaiting the reply waits until it is sent (Fastify's `return reply`); the handler then has nothing to send.
        await reply.type(JSON_TYPE).send(kept.body);
        return undefined;
      }
      pending.set(req, { key, tags, mark, version });
      return read();
    },

    /** onSend of a cached route: keeps what a miss sent. */
    async keep(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
      const read = pending.get(req);
      if (read && reply.statusCode === 200 && typeof payload === 'string')
        cache.keep(read.key, read.tags, Buffer.from(payload), read.mark, read.version);
      return payload;
    },
  };
}

/**
 * Read-your-writes on this instance: the news of a change reaches this process through the bus a moment after it
 * committed (another connection on PostgreSQL), so a change answered here first forgets, before its answer goes out,
 * what this instance kept of the company it acted for — of everything when it named none (a sync batch, an account
 * change). Other instances forget when the news arrives.
 */
export function forgetOnChange(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.user) return payload;
    cache.forget(req.company ? readTags.company(req.company.id) : readTags.all);
    return payload;
  });
}
