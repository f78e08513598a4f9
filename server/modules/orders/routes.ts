import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, companyCodeParam } from '../../../contract/common';
import { cart, type CartMessage } from '../../../contract/cart';
import {
  orderDetail,
  orderHistoryQuery,
  orderHistoryResponse,
  orderNumberParam,
  orderParams,
} from '../../../contract/orders';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import { access, scopedCompany } from '../../plugins/access';
import type { Idempotency } from '../../plugins/idempotency';
import { createCartService, fillText } from '../cart/service';
import { orderPdf } from './pdf';
import { createOrderService } from './service';

type Deps = { db: Db; idempotency: Idempotency; now?: (() => Date) | undefined };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const tags = ['orders'];
const security = [{ bearer: [] }];

/** SPEC §7 orders: history, one order, its PDF, and re-order into the cart. */
export function orderRoutes({ db, idempotency, now = () => new Date() }: Deps) {
  const serviceOn = (on: DbOrTx) => ({ orders: createOrderService(on), carts: createCartService(on, now) });
  const reads = serviceOn(db).orders;

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/company/:companyCode/order-history', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "The company's orders, newest first, paged and filtered",
        security,
        params: companyCodeParam,
        querystring: orderHistoryQuery,
        response: { 200: orderHistoryResponse, ...errors },
      },
      handler: (req) => reads.history(scopedCompany(req), req.query),
    });

    app.get('/v1/company/:companyCode/order/:orderNumber', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'One order with address, rows and totals',
        security,
        params: orderParams,
        response: { 200: orderDetail, ...errors },
      },
      handler: (req) => reads.detail(scopedCompany(req), req.params.orderNumber),
    });

    app.get('/v1/order/:orderNumber/export/pdf', {
      config: { access: access.row('order', 'params.orderNumber') },
      schema: {
        tags,
        summary: 'The order as a PDF',
        security,
        params: orderNumberParam,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
      handler: async (req, reply) => {
        const { order, company } = await reads.document(scopedCompany(req), req.params.orderNumber);
        const pdf = await orderPdf(order, company);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="order-${order.orderNumber}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    });

    app.post('/v1/company/:companyCode/order/:orderNumber/reorder', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: "Put an order's rows into the cart (discontinued or removed products are left out, with a message)",
        security,
        params: orderParams,
        response: { 200: cart, ...errors },
      },
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
