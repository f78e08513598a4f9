import type { FastifyInstance } from 'fastify';
import { cart as routes } from '../../../contract/routes/schemas/cart';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import { access, scopedCompany } from '../../plugins/access';
import { changes } from '../../plugins/change';
import type { Idempotency } from '../../plugins/idempotency';
import { register } from '../../plugins/route';
import type { ProcessWrites } from '../../lib/process-writes';
import { CartAnswerCache } from './cache';
import { createCartService } from './service';

type Deps = {
  db: Db;
  idempotency: Idempotency;
  now?: (() => Date) | undefined;
  /**
   * How long a GET answer may be kept in this process, checked against the cart's version on every GET
   * (docs/decisions/0039); 0 turns the cache off.
   */
  cacheSeconds?: number | undefined;
  /**
   * This process's answered writes, given when it is the database's only writer (PGlite): a kept answer is then
   * served without the per-GET version query, until a write of its user (decision 0042).
   */
  writes?: ProcessWrites | undefined;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Cart answers are built by typed code from the contract's types; they are written with JSON.stringify instead of
 * being validated again by zod (20 ms for a 200-line cart). The zod schema still documents the route.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** SPEC §7 cart calls (contract/routes/cart.ts); every answer is the whole cart. Changes go through idempotency. */
export function cartRoutes({ db, idempotency, now = () => new Date(), cacheSeconds = 10, writes }: Deps) {
  const serviceOn = (on: DbOrTx) => createCartService(on, now);
  const reads = serviceOn(db);
  const cache = new CartAnswerCache();
  const change = changes(idempotency);
  const mine = access.company('params.companyCode');

  return async (app: FastifyInstance) => {
    register(app, routes.get, {
      access: mine,
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const user = currentUser(req);
        const company = scopedCompany(req);
        if (cacheSeconds <= 0) return reads.get(company, user.id);
        const at = now();
        // The only writer: no write of this user since the answer was computed. Else one small query: the cart's
        // version, which a kept answer must match (the access hook has checked the company already).
        const written = writes?.of(user.id) ?? 0;
        const hit = writes
          ? cache.getIfUnwritten(user.id, company.id, written, at)
          : await reads.stamp(company, user.id).then((stamp) => stamp && cache.get(user.id, company.id, stamp, at));
        // Already serialised: a Buffer payload is sent as it is.
        if (hit) return reply.type(JSON_TYPE).send(hit as never);
        const { cart: answer, stamp: computedFrom } = await reads.read(company, user.id);
        const body = Buffer.from(JSON.stringify(answer));
        cache.set(user.id, company.id, computedFrom, answer, body, at, cacheSeconds * 1000, written);
        return reply.type(JSON_TYPE).send(body as never);
      },
    });

    register(app, routes.create, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.outcome(req, reply, async (tx, { company, user }) => {
          const { created, cart: answer } = await serviceOn(tx).create(company, user.id, req.body?.id);
          return { status: created ? 201 : 200, body: answer };
        }),
    });

    register(app, routes.clear, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) => serviceOn(tx).clear(company, user.id)),
    });

    register(app, routes.putProduct, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).putProducts(company, user.id, [req.body], true),
        ),
    });

    register(app, routes.putProducts, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).putProducts(company, user.id, req.body.items, false),
        ),
    });

    register(app, routes.patchItem, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).patchItem(company, user.id, req.params.itemId, req.body),
        ),
    });

    register(app, routes.removeLine, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).removeLine(company, user.id, req.params.lineNumber),
        ),
    });

    register(app, routes.removeLines, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) => serviceOn(tx).removeLines(company, user.id, req.body)),
    });

    register(app, routes.deliveryDate, {
      access: mine,
      serializerCompiler: plainJson,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).setDeliveryDate(company, user.id, req.body.deliveryDate),
        ),
    });
  };
}
