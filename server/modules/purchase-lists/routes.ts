import type { FastifyInstance } from 'fastify';
import { purchaseLists as routes } from '../../../contract/routes/schemas/purchase-lists';
import type { Db, DbOrTx } from '../../db/client';
import type { Idempotency } from '../../plugins/idempotency';
import { changes } from '../../plugins/change';
import { register } from '../../plugins/route';
import { createPurchaseListService } from './service';
import { access, scopedCompany } from '../../plugins/access';
import type { ReadAnswers } from '../../lib/read-cache-answer';
import { readTags } from '../../lib/read-cache';

type Deps = { db: Db; idempotency: Idempotency; answers: ReadAnswers };

/** SPEC §7 purchase lists (contract/routes/purchase-lists.ts). Every change goes through idempotency (0006). */
export function purchaseListRoutes({ db, idempotency, answers }: Deps) {
  const serviceOn = (on: DbOrTx) => createPurchaseListService(on);
  const reads = serviceOn(db);
  const change = changes(idempotency);
  const ofList = access.row('purchaseList', 'params.id');

  return async (app: FastifyInstance) => {
    register(app, routes.lists, {
      access: access.company('query.company'),
      handler: async (req) => ({ data: await reads.listForCompany(scopedCompany(req)) }),
    });

    register(app, routes.create, {
      access: access.company('body.companyCode'),
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company, user }) => serviceOn(tx).create(company, user.id, req.body), 201),
    });

    register(app, routes.detail, {
      access: ofList,
      // Kept per list and sort (decision 0076) until the list, its items, their products or a user's name change.
      handler: (req, reply) => {
        const company = scopedCompany(req);
        const key = `list|${company.id}|${req.params.id}|${JSON.stringify(req.query)}`;
        const tags = [readTags.company(company.id), readTags.list(req.params.id), readTags.products, readTags.users];
        return answers.serve(req, reply, key, tags, () => reads.detail(company, req.params.id, req.query));
      },
      onSend: answers.keep,
    });

    register(app, routes.rename, {
      access: ofList,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) => serviceOn(tx).rename(company, req.params.id, req.body.name)),
    });

    register(app, routes.remove, {
      access: ofList,
      handler: (req, reply) =>
        change.empty(req, reply, (tx, { company }) => serviceOn(tx).remove(company, req.params.id)),
    });

    register(app, routes.items, {
      access: ofList,
      handler: async (req) => ({ data: await reads.items(scopedCompany(req), req.params.id, req.query) }),
    });

    register(app, routes.addItem, {
      access: ofList,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) => serviceOn(tx).addItem(company, req.params.id, req.body), 201),
    });

    register(app, routes.reset, {
      access: ofList,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) => serviceOn(tx).reset(company, req.params.id)),
    });

    register(app, routes.updateItem, {
      access: ofList,
      handler: (req, reply) =>
        change.answer(req, reply, (tx, { company }) =>
          serviceOn(tx).updateItem(company, req.params.id, req.params.itemId, req.body.quantity),
        ),
    });

    register(app, routes.removeItem, {
      access: ofList,
      handler: (req, reply) =>
        change.empty(req, reply, (tx, { company }) =>
          serviceOn(tx).removeItem(company, req.params.id, req.params.itemId),
        ),
    });
  };
}
