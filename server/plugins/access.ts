import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client';
import type { companies } from '../db/schema';
import { ADMIN_ROLE } from '../../contract/customer';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { currentUser, isStaff, type AuthUser } from './authenticate';
import type { Idempotency } from './idempotency';
import { ROW_SCOPES, type RowKind, type RowScope } from './access-rows';
import { accessQueries, type AccessQueries } from './access-queries';
import { grantedInBatch, sharedInBatch } from './access-batch';
import type { KeptAccess, SessionCache } from './session-cache';
import { UUID } from '../lib/ids';

export type CompanyRow = typeof companies.$inferSelect;

/** Where a request names its company: `params.companyCode`, `query.company`, `body.companyCode`, … */
export type Source = `${'params' | 'query' | 'body'}.${string}`;

/**
 * Who may call a route, declared once per route as `config.access` (decision 0052). Every `/v1` route must declare
 * one: the server refuses to start otherwise, so a new route cannot forget it.
 * - `public`: anyone; no token is read.
 * - `user`: any signed-in user, acting on their own account.
 * - `staff`: the wholesaler's staff (SkafferiAdministrator) only.
 * - `company`: a signed-in user who may act for the company the request names (`from`); its row is `request.company`.
 *   `by: 'id'` (or `'codeOrId'`) when the request names it by id; `many` when it names a list of companies (`request.companies`).
 * - `row`: a signed-in user who may act for the company of the row the request names (`request.company`).
 * `manager`: in addition, the user administers that company (CustomerAdministrator linked to it, or staff).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'staff' }
  | { kind: 'company'; from: Source; by: CompanyKey; many: boolean; manager: boolean }
  | { kind: 'row'; row: RowKind; from: Source; manager: boolean };

/** How the request names a company: by code, by id, or either (an id when it looks like one). */
type CompanyKey = 'code' | 'id' | 'codeOrId';

type CompanyOptions = { by?: CompanyKey; many?: boolean; manager?: boolean };

/** The vocabulary routes declare their access with. */
export const access = {
  public: { kind: 'public' } as Access,
  user: { kind: 'user' } as Access,
  staff: { kind: 'staff' } as Access,
  company: (from: Source, options: CompanyOptions = {}): Access => ({
    kind: 'company',
    from,
    by: options.by ?? 'code',
    many: options.many ?? false,
    manager: options.manager ?? false,
  }),
  row: (row: RowKind, from: Source, options: { manager?: boolean } = {}): Access => ({
    kind: 'row',
    row,
    from,
    manager: options.manager ?? false,
  }),
};

/** One route as the access hook saw it registered. */
export type DeclaredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that declared its access, in registration order (the access matrix test walks it). */
    accessTable: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route (server/plugins/access.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The company the route acts for, established by the access hook before validation. */
    company: CompanyRow | null;
    /** The companies a `many` route acts for. */
    companies: CompanyRow[];
  }
}

/** The company a company- or row-scoped route acts for; set by the access hook before the handler runs. */
export function scopedCompany(request: FastifyRequest): CompanyRow {
  if (!request.company) throw forbidden();
  return request.company;
}

/** Paths that need no `config.access`: everything the API does not serve (pages, files, docs, health). */
const isApiRoute = (url: string) => url.startsWith('/v1/');

/**
 * Installs the one gate (decision 0052): on every route, before its input is validated, the user is authenticated
 * and the company the request names — in its path, query or body, or through a row — is looked up once and checked
 * against the user. Handlers and services receive `request.company`, never a code to check again.
 */
export function registerAccess(app: FastifyInstance, db: Db, idempotency: Idempotency, sessions: SessionCache) {
  app.decorateRequest('company', null);
  app.decorateRequest('companies', {
    getter(this: FastifyRequest & { _companies?: CompanyRow[] }) {
      return this._companies ?? [];
    },
    setter(this: FastifyRequest & { _companies?: CompanyRow[] }, value: CompanyRow[]) {
      this._companies = value;
    },
  });
  app.decorateRequest(ESTABLISHED, false);

  const gate: Gate = { db, idempotency, sessions, queries: accessQueries(db) };
  const table: DeclaredRoute[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared) {
      if (isApiRoute(route.url)) throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
      return;
    }
    for (const method of [route.method].flat())
      if (method !== 'HEAD') table.push({ method, url: route.url, access: declared });
    if (declared.kind === 'public') return;
    route.onRequest = [...hooksOf(route.onRequest), (req) => app.authenticate(req)];
    // Before validation when the request names its company or row in a well-formed way (an outsider learns nothing
    // from validation messages); otherwise after it, so that a malformed name gets the schema's own 400.
    route.preValidation = [
      ...hooksOf(route.preValidation),
      async (req, reply) => {
        if (wellFormed(req, declared) && (await establish(gate, req, reply, declared)) === REPLIED) return reply;
      },
    ];
    route.preHandler = [
      async (req, reply) => {
        if (!(req as Marked)[ESTABLISHED] && (await establish(gate, req, reply, declared)) === REPLIED) return reply;
      },
      ...hooksOf(route.preHandler),
    ];
  });
}

const ESTABLISHED = Symbol('access established');
type Marked = FastifyRequest & { [ESTABLISHED]: boolean };
type Gate = { db: Db; idempotency: Idempotency; sessions: SessionCache; queries: AccessQueries };

type Hook = NonNullable<RouteOptions['onRequest']>;
const hooksOf = (hook: RouteOptions['onRequest'] | RouteOptions['preValidation'] | RouteOptions['preHandler']) =>
  (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]) as Hook extends (infer H)[] ? H[] : never;

/** Whether the request's own name of its company or row can be looked up as it is. */
function wellFormed(req: FastifyRequest, declared: Access): boolean {
  if (declared.kind !== 'company' && declared.kind !== 'row') return true;
  const raw = rawValues(req, declared.from, declared.kind === 'company' && declared.many);
  if (!raw) return false;
  if (declared.kind === 'row') return raw.every((v) => ROW_SCOPES[declared.row].wellFormed(v));
  if (declared.by === 'id') return raw.every((v) => UUID.test(v));
  return raw.every((v) => v.trim() !== '' && v.length <= 64 && v.trim() === v);
}

const REPLIED = Symbol('replied');

async function establish(
  gate: Gate,
  req: FastifyRequest,
  reply: FastifyReply,
  declared: Access,
): Promise<typeof REPLIED | undefined> {
  (req as Marked)[ESTABLISHED] = true;
  const user = currentUser(req);
  if (req.method === 'DELETE') grantedInBatch()?.clear();
  switch (declared.kind) {
    case 'public':
    case 'user':
      return;
    case 'staff':
      if (!isStaff(user)) throw forbidden();
      return;
    case 'company': {
      const named = valuesAt(req, declared.from, declared.many);
      const rows = await Promise.all(named.map((value) => companyFor(gate, req, user, declared.by, value)));
      if (declared.manager && !manages(user)) throw forbidden();
      req.company = rows[0] ?? null;
      req.companies = rows;
      return;
    }
    case 'row': {
      if (declared.manager && !manages(user)) throw forbidden();
      const [value] = valuesAt(req, declared.from, false);
      const scope: RowScope = ROW_SCOPES[declared.row];
      const allowed = await rowCompanies(gate, req, reply, declared.row, value as string);
      if (allowed === REPLIED) return REPLIED;
      // Another company's row is as unknown as a missing one: ids cannot be probed.
      if (allowed.length === 0)
        throw scope.hiddenFromCustomers && !isStaff(user) ? forbidden() : notFound(scope.notFound);
      req.company = allowed.length === 1 ? allowed[0]! : null;
      req.companies = allowed;
      return;
    }
  }
}

function rawValues(req: FastifyRequest, from: Source, many: boolean): string[] | undefined {
  const [part, ...rest] = from.split('.') as ['params' | 'query' | 'body', ...string[]];
  const holder = req[part] as Record<string, unknown> | undefined | null;
  const value = holder && typeof holder === 'object' ? holder[rest.join('.')] : undefined;
  const values = many ? value : [value];
  if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string')) return undefined;
  return values as string[];
}

/** The named value(s), once validation has passed: a name still missing is the request's own mistake (400). */
function valuesAt(req: FastifyRequest, from: Source, many: boolean): string[] {
  const values = rawValues(req, from, many);
  if (!values || !values.every((v) => v.trim() !== '' && v.length <= 64))
    throw badRequest('ValidationError', [{ path: from.split('.').slice(1).join('.'), message: 'validation.required' }]);
  return values.map((v) => v.trim());
}

/**
 * The company a user may act for (decision 0005): a customer gets 403 for a company they are not linked to — and for
 * an unknown one too, so codes cannot be probed; staff get 404 for an unknown one.
 */
async function companyFor(
  gate: Gate,
  req: FastifyRequest,
  user: AuthUser,
  key: CompanyKey,
  value: string,
): Promise<CompanyRow> {
  const by = key === 'codeOrId' ? (UUID.test(value) ? 'id' : 'code') : key;
  const keptAs = `company:${by}:${value}`;
  const kept = keptAccess(gate, req, keptAs);
  if (kept) return kept[0] as CompanyRow;
  const mark = gate.sessions.mark();
  const [row] =
    by === 'id' && !UUID.test(value)
      ? []
      : await sharedInBatch(
          `company:${by}:${isStaff(user)}:${user.id}:${value}`,
          () => gate.queries.company(by, isStaff(user)).execute({ value, userId: user.id }),
          (found) => found[0]?.allowed === true,
        );
  if (!row) throw isStaff(user) ? notFound('CompanyNotFound') : forbidden();
  if (!row.allowed) throw forbidden();
  keepAccess(gate, req, keptAs, [row.company], mark);
  return row.company;
}

/** The companies of a named row the user may act for (none: missing, or not theirs), or REPLIED when a stored answer
 * of a change to a row deleted since was sent. */
async function rowCompanies(
  gate: Gate,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: RowKind,
  value: string,
): Promise<CompanyRow[] | typeof REPLIED> {
  const scope: RowScope = ROW_SCOPES[kind];
  const user = currentUser(req);
  const keptAs = `row:${kind}:${value}`;
  const kept = scope.fixedCompany ? keptAccess(gate, req, keptAs) : undefined;
  if (kept) return kept as CompanyRow[];
  const mark = gate.sessions.mark();
  // The row's companies and whether the user may act for each, in one round trip.
  const rows = scope.wellFormed(value)
    ? await sharedInBatch(
        `row:${kind}:${isStaff(user)}:${user.id}:${value}`,
        () => gate.queries.row(kind, isStaff(user)).execute({ value, userId: user.id }),
        (found) => found.some((r) => r.allowed),
      )
    : [];
  // A change resent after its row was deleted (the outbox replays in order) gets the answer it had.
  if (rows.length === 0 && req.method !== 'GET') {
    const stored = await gate.idempotency.replayStored(req, reply);
    if (stored) {
      await reply.send(stored.body);
      return REPLIED;
    }
  }
  const allowed = rows.filter((r) => r.allowed).map((r) => r.company);
  if (allowed.length > 0 && scope.fixedCompany) keepAccess(gate, req, keptAs, allowed, mark);
  return allowed;
}

/**
 * An allowed outcome this session already had (decision 0068, second round): kept with the session in the session
 * cache, so every instance forgets it when the user changes — their companies and roles included — or the session
 * ends, and keeps nothing while it may miss such news. Only allowed outcomes are kept: a refusal asks again.
 */
function keptAccess(gate: Gate, req: FastifyRequest, key: string): KeptAccess | undefined {
  return req.sessionKey ? gate.sessions.access(req.sessionKey, key) : undefined;
}

function keepAccess(gate: Gate, req: FastifyRequest, key: string, companies: CompanyRow[], mark: number): void {
  if (req.sessionKey && !grantedInBatch()) gate.sessions.keepAccess(req.sessionKey, key, companies, mark);
}

/** Staff manage every company; a CustomerAdministrator the companies they are linked to (checked beside this). */
const manages = (user: AuthUser) => isStaff(user) || user.roles.includes(ADMIN_ROLE);
