import type { FastifyInstance } from 'fastify';
import { sync as routes } from '../../../contract/routes/schemas/sync';
import type { Db } from '../../db/client';
import { access } from '../../plugins/access';
import { bearerToken } from '../../plugins/authenticate';
import type { Idempotency } from '../../plugins/idempotency';
import { register } from '../../plugins/route';
import { applyBatch } from './batch';
import type { RouteTable } from './route-table';

/**
 * Batches per minute per session. Each change inside still passes its own route's limit; this one only keeps a phone
 * (or a script with a token) from flooding the server with full batches. Ten a second is far above a drain's pace:
 * one batch, then the next once its answer is stored.
 */
export const SYNC_BATCHES_PER_MINUTE = 600;

type Deps = { db: Db; idempotency: Idempotency; table: RouteTable };

/** POST /v1/sync: the offline engine's batched push (decision 0067). */
export function syncRoutes({ db, idempotency, table }: Deps) {
  return async (app: FastifyInstance) => {
    register(app, routes.push, {
      access: access.user,
      config: {
        rateLimit: {
          max: SYNC_BATCHES_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req) => bearerToken(req) ?? req.ip,
        },
      },
      handler: async (req) => ({ results: await applyBatch({ app, db, idempotency, table }, req, req.body.changes) }),
    });
  };
}
