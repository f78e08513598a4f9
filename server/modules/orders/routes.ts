import type { FastifyInstance } from 'fastify';
import type { CartMessage } from '../../../contract/cart';
import { orders as routes } from '../../../contract/routes/schemas/orders';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import { access, scopedCompany } from '../../plugins/access';
import type { Idempotency } from '../../plugins/idempotency';
import { createCartService, fillText } from '../cart/service';
import { fileNameHeader } from '../../lib/file-name-header';
import { orderPdf } from './pdf';
import { createOrderService } from './service';
import { createOrderHistory } from './history';
import type { ReadAnswers } from '../../lib/read-cache-answer';
import { readTags } from '../../lib/read-cache';

type Deps = { db: Db; idempotency: Idempotency; answers: ReadAnswers; now?: (() => Date) | undefined };

/** SPEC §7 orders: history, one order, its PDF, and re-order into the cart. */
export function orderRoutes({ db, idempotency, answers, now = () => new Date() }: Deps) {
  const serviceOn = (on: DbOrTx) => ({ orders: createOrderService(on), carts: createCartService(on, now) });
  const reads = serviceOn(db).orders;
  const history = createOrderHistory(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.history, {
      access: access.company('params.companyCode'),
      // Kept per company and query (decision 0076) until its orders, their rows or a user's name change.
      handler: (req, reply) => {
        const company = scopedCompany(req);
        const key = `orders|${company.id}|${JSON.stringify(req.query)}`;
        const tags = [readTags.company(company.id), readTags.orders(company.id), readTags.users];
        return answers.serve(req, reply, key, tags, () => history.page(company, req.query));
      },
      onSend: answers.keep,
    });

    register(app, routes.detail, {
      access: access.company('params.companyCode'),
      handler: (req) => reads.detail(scopedCompany(req), req.params.orderNumber),
    });

    register(app, routes.pdf, {
      access: access.row('order', 'params.orderNumber'),
      handler: async (req, reply) => {
        const { order, company } = await reads.document(scopedCompany(req), req.params.orderNumber);
        const pdf = await orderPdf(order, company);
        return reply
          .type('application/pdf')
          .header('content-disposition', fileNameHeader(`order-${order.orderNumber}.pdf`))
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    });

    register(app, routes.reorder, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        return idempotency.run(req, reply, async (tx) => {
          const { orders, carts } = serviceOn(tx);
          const ctx = await carts.context(company, userId);
          const rows = await orders.rowsOf(company, req.params.orderNumber);
          const { row } = await carts.ensureCart(ctx, true);
          const skipped: CartMessage[] = [];
          const inputs = [];
          for (const r of rows) {
            if (r.productId === null || r.discontinued === null || r.discontinued) {
              skipped.push({
                code: 'ReorderSkipped',
                severity: 'info',
                message: fillText('ReorderSkipped', { name: r.name, sku: r.sku }),
                ...(r.productId ? { productId: r.productId } : {}),
              });
              continue;
            }
            inputs.push({ productId: r.productId, quantity: Number(r.quantity), unit: r.unit, path: '' });
          }
          const added = await carts.addProducts(ctx, row, inputs, { skipUnknown: true });
          return { status: 200, body: await carts.view(ctx, await carts.touch(row, ctx), [...skipped, ...added]) };
        });
      },
    });
  };
}
