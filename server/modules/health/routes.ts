import type { FastifyInstance } from 'fastify';
import { site } from '../../../contract/routes/schemas/site';
import type { DatabaseHandle } from '../../db/client';
import { register } from '../../plugins/route';

const version = process.env.npm_package_version ?? '0.0.0';

export function healthRoutes(database: DatabaseHandle) {
  return async (fastify: FastifyInstance) => {
    register(fastify, site.health, {
      handler: async (_req, reply) => {
        const ok = await database.ping();
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { kind: database.kind, ok },
          version,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    });
  };
}
