import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../contract/common';
import {
  addInventoryItemBody,
  articleIndexResponse,
  chartOfAccountsResponse,
  countAnswer,
  countBody,
  createInventoryListBody,
  inventoryCompanyParams,
  inventoryCountsResponse,
  inventoryExportQuery,
  inventoryGroupParams,
  inventoryGroupsResponse,
  inventoryItemParams,
  inventoryItemsParams,
  inventoryItemsQuery,
  inventoryItemsResponse,
  inventoryList,
  inventoryListDetail,
  inventoryListItem,
  inventoryListParams,
  inventoryListsQuery,
  pagedInventoryLists,
  shortfallResponse,
  updateInventoryItemBody,
  updateInventoryListBody,
  zonesResponse,
} from '../../../contract/inventory';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import type { Idempotency } from '../../plugins/idempotency';
import { contentDisposition, exportFileName, inventoryExcel, inventoryPdf } from './export';
import { createInventoryService } from './service';
import { access, scopedCompany } from '../../plugins/access';

type Deps = { db: Db; idempotency: Idempotency };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tags = ['inventory'];
const security = [{ bearer: [] }];
const base = '/v1/company/:companyCode';

/** SPEC §7 inventory lists, counting and the company data around them. Changes go through idempotency (0006). */
export function inventoryRoutes({ db, idempotency }: Deps) {
  const serviceOn = (on: DbOrTx) => createInventoryService(on);
  const reads = serviceOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(`${base}/inventory-lists`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The company's inventory lists, newest period first, searchable by name, paged",
        security,
        params: inventoryCompanyParams,
        querystring: inventoryListsQuery,
        response: { 200: pagedInventoryLists, ...errors },
      },
      handler: (req) => reads.lists(scopedCompany(req), req.query),
    });

    app.post(`${base}/inventory-list`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Create an inventory list (client uuid id; a resend answers the list)',
        security,
        params: inventoryCompanyParams,
        body: createInventoryListBody,
        response: { 201: inventoryList, ...errors },
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

    app.get(`${base}/inventory-list/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'One inventory list with all its items (name order)',
        security,
        params: inventoryListParams,
        response: { 200: inventoryListDetail, ...errors },
      },
      handler: (req) => reads.detail(scopedCompany(req), req.params.id),
    });

    app.put(`${base}/inventory-list/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Change name, period and the list compared with',
        security,
        params: inventoryListParams,
        body: updateInventoryListBody,
        response: { 200: inventoryList, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).update(company, req.params.id, req.body),
        }));
      },
    });

    app.delete(`${base}/inventory-list/:id`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Delete a list with its items and counts',
        security,
        params: inventoryListParams,
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

    app.get(`${base}/inventory-list/:listId/items`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Items, filtered (q, zone, account) and sorted (name, stockQuantity, stockValue; asc/desc)',
        security,
        params: inventoryItemsParams,
        querystring: inventoryItemsQuery,
        response: { 200: inventoryItemsResponse, ...errors },
      },
      handler: (req) => reads.items(scopedCompany(req), req.params.listId, req.query),
    });

    app.get(`${base}/inventory-list/:listId/items/group-by/:group`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Items grouped by zone or account, with subtotals of stock value',
        security,
        params: inventoryGroupParams,
        querystring: inventoryItemsQuery,
        response: { 200: inventoryGroupsResponse, ...errors },
      },
      handler: (req) => reads.groups(scopedCompany(req), req.params.listId, req.params.group, req.query),
    });

    app.post(`${base}/inventory-list/:listId/item`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Add a catalogue product or an own article (refused if already in the list)',
        security,
        params: inventoryItemsParams,
        body: addInventoryItemBody,
        response: { 201: inventoryListItem, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).addItem(company, req.params.listId, req.body),
        }));
      },
    });

    app.patch(`${base}/inventory-list/:listId/item/:itemId`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Change unit, price, account, zone or par level; resolve a counting conflict',
        security,
        params: inventoryItemParams,
        body: updateInventoryItemBody,
        response: { 200: inventoryListItem, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const { listId, itemId } = req.params;
        return idempotency.run(req, reply, async (tx) => ({
          status: 200,
          body: await serviceOn(tx).updateItem(company, listId, itemId, req.body),
        }));
      },
    });

    app.delete(`${base}/inventory-list/:listId/item/:itemId`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Remove an item (and its counts)',
        security,
        params: inventoryItemParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const { listId, itemId } = req.params;
        await idempotency.run(req, reply, async (tx) => {
          await serviceOn(tx).removeItem(company, listId, itemId);
          return { status: 204, body: null };
        });
        return reply.status(204).send(null);
      },
    });

    app.post(`${base}/inventory-list/:listId/item/:itemId/count`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Count: a delta (scan) or a set (typed number); merged across devices (docs/decisions/0025)',
        security,
        params: inventoryItemParams,
        body: countBody,
        response: { 200: countAnswer, 201: countAnswer, ...errors },
      },
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const { id: userId } = currentUser(req);
        const { listId, itemId } = req.params;
        return idempotency.run(req, reply, async (tx) => {
          const { created, ...answer } = await serviceOn(tx).count(company, userId, listId, itemId, req.body);
          return { status: created ? 201 : 200, body: answer };
        });
      },
    });

    app.get(`${base}/inventory-list/:listId/item/:itemId/counts`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "An item's count events (who, when, which device) in merge order",
        security,
        params: inventoryItemParams,
        response: { 200: inventoryCountsResponse, ...errors },
      },
      handler: async (req) => ({
        data: await reads.counts(scopedCompany(req), req.params.listId, req.params.itemId),
      }),
    });

    app.get(`${base}/inventory-list/:id/shortfall`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Items below their par level, with what to order (whole cartons for catalogue products)',
        security,
        params: inventoryListParams,
        response: { 200: shortfallResponse, ...errors },
      },
      handler: async (req) => ({
        data: await reads.shortfall(scopedCompany(req), req.params.id),
      }),
    });

    app.get(`${base}/inventory-list/:id/export/excel`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'The list as an Excel workbook, grouped by zone (or account), with formulas',
        security,
        params: inventoryListParams,
        querystring: inventoryExportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.unknown().describe('xlsx file'), ...errors },
      },
      handler: async (req, reply) => {
        const data = await reads.exportData(scopedCompany(req), req.params.id, req.query.group);
        const buffer = await inventoryExcel(data);
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', contentDisposition(exportFileName(data.list, 'xlsx')))
          .header('Cache-Control', 'no-store')
          .send(buffer);
      },
    });

    app.get(`${base}/inventory-list/:id/export/pdf`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'The list as a PDF, grouped like the screen',
        security,
        params: inventoryListParams,
        querystring: inventoryExportQuery,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('PDF file'), ...errors },
      },
      handler: async (req, reply) => {
        const data = await reads.exportData(scopedCompany(req), req.params.id, req.query.group);
        const buffer = await inventoryPdf(data);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition(exportFileName(data.list, 'pdf')))
          .header('Cache-Control', 'no-store')
          .send(buffer);
      },
    });

    app.get(`${base}/chart-of-account`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The company's chart of accounts",
        security,
        params: inventoryCompanyParams,
        response: { 200: chartOfAccountsResponse, ...errors },
      },
      handler: async (req) => ({ data: await reads.chartOfAccounts(scopedCompany(req)) }),
    });

    app.get(`${base}/zones`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The company's storage zones",
        security,
        params: inventoryCompanyParams,
        response: { 200: zonesResponse, ...errors },
      },
      handler: async (req) => ({ data: await reads.zones(scopedCompany(req)) }),
    });

    app.get(`${base}/article-index`, {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'The offline article index for scanning (ETag; If-None-Match answers 304)',
        security,
        params: inventoryCompanyParams,
        response: { 200: articleIndexResponse, 304: z.null(), ...errors },
      },
      handler: async (req, reply) => {
        const index = await reads.articleIndex(scopedCompany(req));
        const etag = `"${index.version}"`;
        reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
        const match = req.headers['if-none-match'];
        if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
          return reply.status(304).send(null);
        }
        return index;
      },
    });
  };
}
