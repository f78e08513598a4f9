import { queryOptions } from '@tanstack/react-query';
import { calendarResponse, nextDeliveryResponse } from '../../../contract/calendar';
import { api } from '../api';
import { calendar, pathTo } from '../../../contract/routes';

/**
 * GET /v1/company/:code/calendar?from=&to= — the dates the company can still order a delivery for, with each date's
 * order deadline. Kept a minute: deadlines pass while the page is open.
 */
export const calendarQuery = (companyCode: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['company', companyCode, 'calendar', from, to] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(calendar.calendar, { companyCode }), {
        query: { from, to },
        schema: calendarResponse,
        signal,
      }),
    staleTime: 60_000,
  });

/** GET /v1/company/:code/calendar/next — the first date that can still be ordered for (the default choice). */
export const nextDeliveryQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['company', companyCode, 'calendar', 'next'] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(calendar.nextDelivery, { companyCode }), { schema: nextDeliveryResponse, signal }),
    staleTime: 60_000,
  });
