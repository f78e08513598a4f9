import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { currentUser, type AuthUser } from './authenticate';
import { scopedCompany, type CompanyRow } from './access';
import type { Idempotency, Outcome } from './idempotency';

/** Who a change is made for: the signed-in user and, on a company- or row-scoped route, its company. */
export type Who = { user: AuthUser; company: CompanyRow };

type Work<T> = (tx: Tx, who: Who) => Promise<T>;

/**
 * Read before the transaction opens, as the handlers did by hand: a company- or row-scoped route's company (403 without
 * one); on a user-scoped route, asking for the company is the same 403.
 */
function whoOf(request: FastifyRequest): Who {
  const kind = request.routeOptions.config.access?.kind;
  const company = kind === 'company' || kind === 'row' ? scopedCompany(request) : undefined;
  const user = currentUser(request);
  return {
    user,
    get company() {
      return company ?? scopedCompany(request);
    },
  };
}

/**
 * The one frame of a mutating handler (decision 0055): the change runs in one transaction for the current user and
 * company, and a repeated `Idempotency-Key` gets the stored answer instead of a second run (server/plugins/
 * idempotency.ts, decision 0006). A handler says only what it changes:
 *
 *     handler: (req, reply) => change.answer(req, reply, (tx, { company }) => service(tx).rename(company, …))
 */
export function changes(idempotency: Idempotency) {
  return {
    /** The change's answer, with `status` (200 unless given). */
    answer<T>(request: FastifyRequest, reply: FastifyReply, work: Work<T>, status = 200): Promise<T> {
      const who = whoOf(request);
      return idempotency.run(request, reply, async (tx) => ({ status, body: await work(tx, who) }));
    },
    /** The change decides its status (201 created, 200 already there). */
    outcome<T>(request: FastifyRequest, reply: FastifyReply, work: Work<Outcome<T>>): Promise<T> {
      const who = whoOf(request);
      return idempotency.run(request, reply, (tx) => work(tx, who));
    },
    /** A change that answers 204 without a body, a replay too. */
    async empty(request: FastifyRequest, reply: FastifyReply, work: Work<unknown>): Promise<void> {
      const who = whoOf(request);
      await idempotency.run(request, reply, async (tx) => {
        await work(tx, who);
        return { status: 204, body: null };
      });
      // The reply is a thenable: the handler's promise settles once it is sent, as Fastify's `return reply` does.
      return reply.status(204).send(null);
    },
  };
}

export type Changes = ReturnType<typeof changes>;
