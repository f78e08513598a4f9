/**
 * GET …/inventory-list/:id/events: opens a live view of one list (decision 0060). The access gate has already
 * established the company; the list is looked up inside it exactly as the list's other reads do (404 otherwise).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError, unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { scopedCompany } from '../../plugins/access';
import { bearerToken, currentUser } from '../../plugins/authenticate';
import type { LiveLists } from './live';
import { createInventoryScope } from './scope';

export async function openLiveStream(
  db: DbOrTx,
  live: LiveLists,
  listId: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const company = scopedCompany(req);
  const user = currentUser(req);
  const token = bearerToken(req);
  await createInventoryScope(db).listOf(company.id, listId);
  if (!(await live.mayOpen(user.id))) throw new AppError(429, 'TooManyLiveStreams');
  const [session] = await db
    .select({ validTo: sessions.validTo })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId));
  if (!session || !token) throw unauthorized();

  // Written by hand from here: Fastify's onSend hooks (no-store) and any compression would wait for an end that a
  // stream never has. The security headers are already on the raw answer (set onRequest).
  reply.hijack();
  reply.raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // nginx and similar proxies would otherwise hold the events back in their buffer.
    'X-Accel-Buffering': 'no',
  });
  live.open(
    { companyId: company.id, listId, userId: user.id, tokenHash: hashToken(token), res: reply.raw },
    session.validTo,
  );
}
