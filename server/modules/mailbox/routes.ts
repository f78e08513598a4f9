import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { email } from '../../../contract/common';
import type { Db } from '../../db/client';
import { mailbox } from '../../db/schema';
import { access } from '../../plugins/access';

const mail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  createdAt: z.string(),
});

/**
 * The local mailbox, for the demo and the tests: only registered while DEV_MAILBOX is on (by default when no SMTP
 * server is configured), never with NODE_ENV=production. See docs/decisions/0004 and 0051.
 */
export function mailboxRoutes(db: Db) {
  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get('/v1/dev/mailbox', {
      config: { access: access.public },
      schema: {
        tags: ['dev'],
        summary: 'Mails written to the local mailbox, newest first',
        querystring: z.object({ to: email.optional() }),
        response: { 200: z.object({ data: z.array(mail) }) },
      },
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
