import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError, companyCodeParam } from '../../../contract/common';
import {
  cart,
  cartItemIdParams,
  cartLineParams,
  createCartBody,
  deleteCartItemsBody,
  patchCartItemBody,
  putCartProductBody,
  putCartProductsBody,
  putDeliveryDateBody,
} from '../../../contract/cart';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import { access, scopedCompany } from '../../plugins/access';
import type { Idempotency } from '../../plugins/idempotency';
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

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tags = ['cart'];
const security = [{ bearer: [] }];
const base = '/v1/company/:companyCode/cart';

/** SPEC §7 cart calls; every answer is the whole cart (contract/cart.ts). Changes go through the idempotency store. */
export function cartRoutes({ db, idempotency, now = () => new Date(), cacheSeconds = 10, writes }: Deps) {
  const serviceOn = (on: DbOrTx) => createCartService(on, now);
  const reads = serviceOn(db);
  const cache = new CartAnswerCache();

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(base, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The user's cart for the company (made empty on first use)",
        security,
        params: companyCodeParam,
        response: { 200: cart, ...errors },
      },
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

    app.post(base, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Create the cart (201), or answer the existing one (200)',
        security,
        params: companyCodeParam,
        body: createCartBody,
        response: { 200: cart, 201: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => {
          const { created, cart: answer } = await serviceOn(tx).create(company, userId, req.body?.id);
          return { status: created ? 201 : 200, body: answer };
        });
      },
    });

    app.delete(base, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Empty the cart (lines and delivery date)',
        security,
        params: companyCodeParam,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).clear(company, userId),
        }));
      },
    });

    app.put(`${base}/product`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Add a product (to the line of the same product and unit, or a new line)',
        security,
        params: companyCodeParam,
        body: putCartProductBody,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).putProducts(company, userId, [req.body], true),
        }));
      },
    });

    app.put(`${base}/products`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Add several products at once',
        security,
        params: companyCodeParam,
        body: putCartProductsBody,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).putProducts(company, userId, req.body.items, false),
        }));
      },
    });

    app.patch(`${base}/item/:itemId`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "Set a line's quantity (0 removes it) and unit",
        security,
        params: cartItemIdParams,
        body: patchCartItemBody,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).patchItem(company, userId, req.params.itemId, req.body),
        }));
      },
    });

    app.delete(`${base}/item/:lineNumber`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Remove a line by its line number (or item id)',
        security,
        params: cartLineParams,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).removeLine(company, userId, req.params.lineNumber),
        }));
      },
    });

    app.delete(`${base}/items`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Remove several lines, or all',
        security,
        params: companyCodeParam,
        body: deleteCartItemsBody,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).removeLines(company, userId, req.body),
        }));
      },
    });

    app.put(`${base}/delivery-date`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Choose the delivery date',
        security,
        params: companyCodeParam,
        body: putDeliveryDateBody,
        response: { 200: cart, ...errors },
      },
      serializerCompiler: plainJson,
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).setDeliveryDate(company, userId, req.body.deliveryDate),
        }));
      },
    });
  };
}
