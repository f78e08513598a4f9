import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { mailbox as routes } from '../../../contract/routes/schemas/dev';
import type { Db } from '../../db/client';
import { mailbox } from '../../db/schema';
import { access } from '../../plugins/access';
import { register } from '../../plugins/route';

/**
 * The local mailbox, for the demo and the tests: only registered while DEV_MAILBOX is on (by default when no SMTP
 * server is configured), never with NODE_ENV=production. See docs/decisions/0004 and 0051.
 */
export function mailboxRoutes(db: Db) {
  return async (fastify: FastifyInstance) => {
    register(fastify, routes.list, {
      access: access.public,
      handler: async (req) => {
        const rows = await db
          .select()
          .from(mailbox)
          .where(req.query.to ? eq(mailbox.to, req.query.to) : undefined)
          .orderBy(desc(mailbox.createdAt))
          .limit(50);
        return { data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
      },
    });
  };
}
