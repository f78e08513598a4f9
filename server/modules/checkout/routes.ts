import type { FastifyInstance } from 'fastify';
import { checkout as routes } from '../../../contract/routes/schemas/checkout';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client';
import { currentUser } from '../../plugins/authenticate';
import { access, scopedCompany } from '../../plugins/access';
import type { Idempotency } from '../../plugins/idempotency';
import { createCartService } from '../cart/service';
import { createOrderService } from '../orders/service';
import { createCheckoutService } from './service';

type Deps = { db: Db; idempotency: Idempotency; now?: (() => Date) | undefined };

/** SPEC §7 checkout and the staff's admin checkout (docs/decisions/0022-admin-checkout.md). */
export function checkoutRoutes({ db, idempotency, now = () => new Date() }: Deps) {
  const serviceOn = (on: DbOrTx) => {
    const carts = createCartService(on, now);
    return { carts, checkout: createCheckoutService(on, carts, createOrderService(on)) };
  };
  const reads = serviceOn(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.checkout, {
      access: access.company('params.companyCode'),
      handler: async (req, reply) => {
        const company = scopedCompany(req);
        const userId = currentUser(req).id;
        // A date whose deadline has passed is moved (and saved) and the order refused, naming the new date.
        await reads.checkout.refuseLateDate(await reads.carts.context(company, userId));
        return idempotency.run(req, reply, async (tx) => ({
          status: 201,
          body: await serviceOn(tx).checkout.checkout(company, userId, req.body),
        }));
      },
    });

    register(app, routes.adminCheckout, {
      access: access.staff,
      handler: async (req, reply) => {
        const staffId = currentUser(req).id;
        const { companyCode, customerId, ...body } = req.body;
        // Staff may act for every company: the one the body names is looked up, not checked against the user.
        const company = await reads.checkout.namedCompany(companyCode);
        await reads.checkout.refuseLateDate(await reads.checkout.adminContext(company, customerId));
        return idempotency.run(req, reply, async (tx) => {
          const service = serviceOn(tx).checkout;
          const ctx = await service.adminContext(company, customerId);
          return { status: 201, body: await service.adminCheckout(staffId, ctx, body) };
        });
      },
    });
  };
}
