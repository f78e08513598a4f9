import type { FastifyInstance } from 'fastify';
import { inventory as routes } from '../../../contract/routes/schemas/inventory';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client';
import { changes } from '../../plugins/change';
import type { Idempotency } from '../../plugins/idempotency';
import { fileNameHeader } from '../../lib/file-name-header';
import { exportFileName, inventoryExcel, inventoryPdf } from './export';
import { createInventoryService } from './service';
import { access, scopedCompany } from '../../plugins/access';
import type { LiveLists } from './live';
import { openLiveStream } from './live-route';

type Deps = { db: Db; idempotency: Idempotency; live: LiveLists };

/** SPEC §7 inventory lists, counting and the company data around them. Changes go through idempotency (0006). */
export function inventoryRoutes({ db, idempotency, live }: Deps) {
  const serviceOn = (on: DbOrTx) => createInventoryService(on);
  const reads = serviceOn(db);
  const change = changes(idempotency);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.lists, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.lists(scopedCompany(req), req.query),
    });

    register(app, routes.create, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) => serviceOn(tx).create(company, user.id, req.body), 201),
    });

    register(app, routes.detail, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.detail(scopedCompany(req), req.params.id, req.query.changedSince),
    });

    register(app, routes.events, {
      access: access.company('params.companyCode'),
      handler: (req, reply) => openLiveStream(db, live, req.params.id, req, reply),
    });

    register(app, routes.update, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) => serviceOn(tx).update(company, req.params.id, req.body)),
    });

    register(app, routes.remove, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.empty(req, reply, (tx, { company }) => serviceOn(tx).remove(company, req.params.id)),
    });

    register(app, routes.close, {
      // Anyone who may count the company's lists may close one (the same scope as counting).
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) =>
          serviceOn(tx).close(company, user.id, req.params.id, req.body),
        ),
    });

    register(app, routes.reopen, {
      // Reopening undoes a review: customer administrators and staff only (the one role check, in the access gate).
      access: access.company('params.companyCode', { manager: true }),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) => serviceOn(tx).reopen(company, req.params.id)),
    });

    register(app, routes.items, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.items(scopedCompany(req), req.params.listId, req.query),
    });

    register(app, routes.groups, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.groups(scopedCompany(req), req.params.listId, req.params.group, req.query),
    });

    register(app, routes.addItem, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(
          req,
          reply,
          (tx, { company }) => serviceOn(tx).addItem(company, req.params.listId, req.body),
          201,
        ),
    });

    register(app, routes.updateItem, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) =>
          serviceOn(tx).updateItem(company, req.params.listId, req.params.itemId, req.body),
        ),
    });

    register(app, routes.removeItem, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.empty(req, reply, (tx, { company }) =>
          serviceOn(tx).removeItem(company, req.params.listId, req.params.itemId),
        ),
    });

    register(app, routes.count, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.outcome(req, reply, async (tx, { company, user }) => {
          const { listId, itemId } = req.params;
          const { created, ...answer } = await serviceOn(tx).count(company, user.id, listId, itemId, req.body);
          return { status: created ? 201 : 200, body: answer };
        }),
    });

    register(app, routes.counts, {
      access: access.company('params.companyCode'),
      handler: async (req) => ({
        data: await reads.counts(scopedCompany(req), req.params.listId, req.params.itemId),
      }),
    });

    register(app, routes.shortfall, {
      access: access.company('params.companyCode'),
      handler: async (req) => ({
        data: await reads.shortfall(scopedCompany(req), req.params.id),
      }),
    });

    register(app, routes.exportExcel, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const data = await reads.exportData(scopedCompany(req), req.params.id, req.query.group);
        const buffer = await inventoryExcel(data);
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', fileNameHeader(exportFileName(data.list, 'xlsx')))
          .header('Cache-Control', 'no-store')
          .send(buffer);
      },
    });

    register(app, routes.exportPdf, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const data = await reads.exportData(scopedCompany(req), req.params.id, req.query.group);
        const buffer = await inventoryPdf(data);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', fileNameHeader(exportFileName(data.list, 'pdf')))
          .header('Cache-Control', 'no-store')
          .send(buffer);
      },
    });

    register(app, routes.chartOfAccounts, {
      access: access.company('params.companyCode'),
      handler: async (req) => ({ data: await reads.chartOfAccounts(scopedCompany(req)) }),
    });

    register(app, routes.zones, {
      access: access.company('params.companyCode'),
      handler: async (req) => ({ data: await reads.zones(scopedCompany(req)) }),
    });

    register(app, routes.articleIndex, {
      access: access.company('params.companyCode'),
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

    register(app, routes.walkOrder, {
      access: access.company('params.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) =>
          serviceOn(tx).setWalkOrder(company, req.params.listId, req.body),
        ),
    });
  };
}
