import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { STAFF_ROLE, type CurrentUser } from '../../contract/customer';
import type { SessionCache } from './session-cache';

/** The authenticated user: who they are, their roles and their profile as of this request. */
export type AuthUser = CurrentUser & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user; set by the `authenticate` hook. */
    user: AuthUser | null;
    /** The hash of the request's token once authenticated: the session's key in the session cache. */
    sessionKey: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The columns of a user's profile as the API shows it; the query must left-join the default company. */
export const userProfileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  roles: users.roles,
  defaultCompany: companies.code,
  scannerSound: users.scannerSound,
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function isStaff(user: Pick<AuthUser, 'roles'>): boolean {
  return user.roles.includes(STAFF_ROLE);
}

/** Registers `request.user` and the `authenticate` hook that refuses a missing, unknown or expired token. */
export function registerAuthentication(app: FastifyInstance, db: Db, cache: SessionCache) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionKey', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) {
      request.user = { ...cached.user, sessionId: cached.sessionId };
      request.sessionKey = tokenHash;
      return;
    }
    // A forget (from any instance) that arrives while this reads makes the answer too old to keep.
    const mark = cache.mark();
    const [row] = await db
      .select({ sessionId: sessions.id, validTo: sessions.validTo, ...userProfileColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.defaultCompanyId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.validTo, new Date()),
          isNull(sessions.replacedAt),
          eq(users.active, true),
        ),
      )
      .limit(1);
    if (!row) throw unauthorized();
    const { sessionId, validTo, ...user } = row;
    cache.set(tokenHash, { sessionId, validTo: validTo.getTime(), user }, mark);
    request.user = { ...user, sessionId };
    request.sessionKey = tokenHash;
  });
}

/** The authenticated user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user as the API shows it (without the session id). */
export function publicUser({ sessionId: _sessionId, ...user }: AuthUser): CurrentUser {
  return user;
}
