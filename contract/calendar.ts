import { z } from 'zod';
import { isoDate, isoDateTime } from './common';

/** The longest range one calendar request may span (days, inclusive). */
export const CALENDAR_MAX_DAYS = 366;
/** The range of `GET …/calendar` when `to` is left out: this many days from `from`. */
export const CALENDAR_DEFAULT_DAYS = 60;

/**
 * GET /v1/company/{companyCode}/calendar?from=&to= — both optional ISO dates (Europe/Stockholm calendar days).
 * `from` defaults to today in Stockholm, `to` to `from` + CALENDAR_DEFAULT_DAYS. `to` before `from`, or a range
 * longer than CALENDAR_MAX_DAYS, is a 400 with the field named.
 */
export const calendarQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/**
 * One date the company can get a delivery on, with the moment its order deadline passes. Deadlines are set in
 * Stockholm time (a number of working days before the delivery, at the route's time, e.g. 14:00 the working day
 * before; holidays are skipped both as delivery days and when counting back).
 */
export const deliveryDate = z.object({
  /** The delivery day (yyyy-MM-dd). */
  date: isoDate,
  /** The order deadline as an instant (ISO 8601, UTC `Z`), for comparing with the device clock. */
  deadline: isoDateTime,
  /** The same deadline as Stockholm wall-clock time 'yyyy-MM-ddTHH:mm:ss', for showing ("beställ senast …"). */
  deadlineLocal: z.string(),
});
export type DeliveryDate = z.infer<typeof deliveryDate>;

/**
 * The answer of GET …/calendar: only the dates that can still be ordered for (deadline ahead of now), in date order.
 * Dates without a route, Swedish public holidays (and midsommar-, jul- and nyårsafton) and the company's closed days
 * are left out. A company without delivery routes gets `hasDeliveryRoutes: false` and no dates (it cannot order).
 */
export const calendarResponse = z.object({
  from: isoDate,
  to: isoDate,
  hasDeliveryRoutes: z.boolean(),
  data: z.array(deliveryDate),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

/** GET /v1/company/{companyCode}/calendar/next: the first date that can still be ordered for (null: none in 60 days). */
export const nextDeliveryResponse = z.object({
  hasDeliveryRoutes: z.boolean(),
  next: deliveryDate.nullable(),
});
export type NextDeliveryResponse = z.infer<typeof nextDeliveryResponse>;
