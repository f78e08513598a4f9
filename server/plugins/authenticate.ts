import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { STAFF_ROLE } from '../../contract/customer';

export type AuthUser = { id: string; email: string; roles: string[]; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user; set by the `authenticate` pre-handler. */
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function isStaff(user: Pick<AuthUser, 'roles'>): boolean {
  return user.roles.includes(STAFF_ROLE);
}

/** Registers `request.user` and the `authenticate` pre-handler that refuses a missing, unknown or expired token. */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const [row] = await db
      .select({ sessionId: sessions.id, id: users.id, email: users.email, roles: users.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.validTo, new Date()), eq(users.active, true)))
      .limit(1);
    if (!row) throw unauthorized();
    request.user = row;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The authenticated user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
