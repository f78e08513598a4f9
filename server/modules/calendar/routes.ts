import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { apiError, companyCodeParam } from '../../../contract/common';
import {
  CALENDAR_DEFAULT_DAYS,
  CALENDAR_MAX_DAYS,
  calendarQuery,
  calendarResponse,
  nextDeliveryResponse,
  type CalendarResponse,
} from '../../../contract/calendar';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { validationText } from '../../lib/i18n';
import { access, scopedCompany } from '../../plugins/access';
import { createCompanyService } from '../companies/service';
import { nextOrderable, plusDays, toDeliveryDto, todayIn } from '../cart/delivery';

type Deps = { db: Db; now?: (() => Date) | undefined };

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const tags = ['calendar'];
const security = [{ bearer: [] }];

/** SPEC §7 company calendar: the dates a company can still order a delivery for, with their deadlines. */
export function calendarRoutes({ db, now = () => new Date() }: Deps) {
  const companies = createCompanyService(db);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/v1/company/:companyCode/calendar', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'Deliverable dates from `from` to `to` whose order deadline is still ahead',
        security,
        params: companyCodeParam,
        querystring: calendarQuery,
        response: { 200: calendarResponse, ...errors },
      },
      handler: async (req): Promise<CalendarResponse> => {
        const at = now();
        const from = req.query.from ?? todayIn(at);
        const to = req.query.to ?? plusDays(from, CALENDAR_DEFAULT_DAYS);
        const span = differenceInCalendarDays(parseISO(to), parseISO(from));
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

    app.get('/v1/company/:companyCode/calendar/next', {
      config: { access: access.company('params.companyCode') },
      schema: {
        tags,
        summary: 'The first date the company can still order a delivery for',
        security,
        params: companyCodeParam,
        response: { 200: nextDeliveryResponse, ...errors },
      },
      handler: async (req) => {
        const calendar = await companies.calendarFor(scopedCompany(req).id);
        const next = nextOrderable(calendar, now());
        return { hasDeliveryRoutes: calendar.hasRoutes, next: next ? toDeliveryDto(next) : null };
      },
    });
  };
}
