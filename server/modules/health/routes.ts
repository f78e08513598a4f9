import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/health';
import type { DatabaseHandle } from '../../db/client';

const version = process.env.npm_package_version ?? '0.0.0';

export function healthRoutes(database: DatabaseHandle) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status',
        response: { 200: healthResponse, 503: healthResponse },
      },
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
