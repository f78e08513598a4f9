import type { FastifyInstance } from 'fastify';
import { CALENDAR_DEFAULT_DAYS, CALENDAR_MAX_DAYS, type CalendarResponse } from '../../../contract/calendar';
import { calendar as routes } from '../../../contract/routes/schemas/calendar';
import { register } from '../../plugins/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daysBetween } from '../../../contract/rules/days';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { validationText } from '../../lib/i18n';
import { access, scopedCompany } from '../../plugins/access';
import { createCompanyService } from '../companies/service';
import { nextOrderable, plusDays, toDeliveryDto, todayIn } from '../cart/delivery';

type Deps = { db: Db; now?: (() => Date) | undefined };

/** SPEC §7 company calendar: the dates a company can still order a delivery for, with their deadlines. */
export function calendarRoutes({ db, now = () => new Date() }: Deps) {
  const companies = createCompanyService(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    register(app, routes.calendar, {
      access: access.company('params.companyCode'),
      handler: async (req): Promise<CalendarResponse> => {
        const at = now();
        const from = req.query.from ?? todayIn(at);
        const to = req.query.to ?? plusDays(from, CALENDAR_DEFAULT_DAYS);
        const span = daysBetween(from, to);
        if (span < 0)
          throw badRequest('ValidationError', [{ path: 'to', message: validationText('validation.tooSmall')! }]);
        if (span >= CALENDAR_MAX_DAYS) {
          throw badRequest('ValidationError', [{ path: 'to', message: validationText('validation.tooBig')! }]);
        }
        const calendar = await companies.calendarFor(scopedCompany(req).id);
        return {
          from,
          to,
          hasDeliveryRoutes: calendar.hasRoutes,
          data: calendar.deliveries(from, to, at).map(toDeliveryDto),
        };
      },
    });

    register(app, routes.nextDelivery, {
      access: access.company('params.companyCode'),
      handler: async (req) => {
        const calendar = await companies.calendarFor(scopedCompany(req).id);
        const next = nextOrderable(calendar, now());
        return { hasDeliveryRoutes: calendar.hasRoutes, next: next ? toDeliveryDto(next) : null };
      },
    });
  };
}
