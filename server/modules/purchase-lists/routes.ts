import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../contract/common';
import {
  addPurchaseListItemBody,
  createPurchaseListBody,
  purchaseListDetail,
  purchaseListItemAnswer,
  purchaseListItemParams,
  purchaseListItemsQuery,
  purchaseListItemsResponse,
  purchaseListParams,
  purchaseListsQuery,
  purchaseListsResponse,
  renamePurchaseListBody,
  updatePurchaseListItemBody,
} from '../../../contract/purchase-lists';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import type { Idempotency } from '../../plugins/idempotency';
import { createPurchaseListService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = { db: Db; idempotency: Idempotency };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tags = ['purchase-lists'];
const security = [{ bearer: [] }];

/** SPEC §7 purchase lists. Every change goes through the idempotency store (docs/decisions/0006). */
export function purchaseListRoutes({ db, idempotency }: Deps) {
  const serviceOn = (on: DbOrTx) => createPurchaseListService(on);
  const reads = serviceOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/purchase-lists', {
      config: { access: access.company('query.company') },
      schema: {
        tags,
        summary: "A company's purchase lists (the company filter is required), by name",
        security,
        querystring: purchaseListsQuery,
        response: { 200: purchaseListsResponse, ...errors },
      },
      handler: async (req) => ({ data: await reads.listForCompany(scopedCompany(req)) }),
    });

    app.post('/v1/purchase-lists', {
      config: { access: access.company('body.companyCode') },
      schema: {
        tags,
        summary: 'Create a purchase list (a client id may be given)',
        security,
        body: createPurchaseListBody,
        response: { 201: purchaseListDetail, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const { id: userId } = currentUser(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).create(company, userId, req.body),
        }));
      },
    });

    app.get('/v1/purchase-lists/:id', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: 'One list with its items',
        security,
        params: purchaseListParams,
        querystring: purchaseListItemsQuery,
        response: { 200: purchaseListDetail, ...errors },
      },
      handler: (req) => reads.detail(scopedCompany(req), req.params.id, req.query),
    });

    app.patch('/v1/purchase-lists/:id', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: 'Rename a list',
        security,
        params: purchaseListParams,
        body: renamePurchaseListBody,
        response: { 200: purchaseListDetail, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).rename(company, req.params.id, req.body.name),
        }));
      },
    });

    app.delete('/v1/purchase-lists/:id', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: 'Delete a list and its items',
        security,
        params: purchaseListParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        await idempotency.run(req, reply, async (tx) => {
          await serviceOn(tx).remove(company, req.params.id);
          return { status: 204, body: null };
        });
        return reply.status(204).send(null);
      },
    });

    app.get('/v1/purchase-lists/:id/items', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: "A list's items, sorted by name, date, quantity or brand",
        security,
        params: purchaseListParams,
        querystring: purchaseListItemsQuery,
        response: { 200: purchaseListItemsResponse, ...errors },
      },
      handler: async (req) => ({ data: await reads.items(scopedCompany(req), req.params.id, req.query) }),
    });

    app.post('/v1/purchase-lists/:id/items', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: 'Add an article by product id, article number or EAN (refused if already in the list)',
        security,
        params: purchaseListParams,
        body: addPurchaseListItemBody,
        response: { 201: purchaseListItemAnswer, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).addItem(company, req.params.id, req.body),
        }));
      },
    });

    app.post('/v1/purchase-lists/:id/items/reset', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: "Reset: every item's quantity back to 0, the articles kept",
        security,
        params: purchaseListParams,
        response: { 200: purchaseListDetail, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).reset(company, req.params.id),
        }));
      },
    });

    app.patch('/v1/purchase-lists/:id/items/:itemId', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: "Change an item's quantity (not in the spec's list of calls; see docs/decisions)",
        security,
        params: purchaseListItemParams,
        body: updatePurchaseListItemBody,
        response: { 200: purchaseListItemAnswer, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).updateItem(company, req.params.id, req.params.itemId, req.body.quantity),
        }));
      },
    });

    app.delete('/v1/purchase-lists/:id/items/:itemId', {
      config: { access: access.row('purchaseList', 'params.id') },
      schema: {
        tags,
        summary: 'Remove an item from a list',
        security,
        params: purchaseListItemParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        await idempotency.run(req, reply, async (tx) => {
          await serviceOn(tx).removeItem(company, req.params.id, req.params.itemId);
          return { status: 204, body: null };
        });
        return reply.status(204).send(null);
      },
    });
  };
}
