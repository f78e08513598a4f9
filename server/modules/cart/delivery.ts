import type { DeliveryDate as DeliveryDateDto } from '../../../contract/calendar';
import { addDays } from '../../../contract/rules/days';
import { formatWeekdayDate } from '../../../contract/rules/swedish-dates';
import { stockholmLocal, type DeliveryCalendar, type DeliveryDate } from '../calendar/deliveries';

/** How far ahead the next available date is looked for. */
export const DELIVERY_HORIZON_DAYS = 60;

/** The instant of a Stockholm wall-clock time 'yyyy-MM-ddTHH:mm:ss' (the offset found by asking Intl, twice). */
export function stockholmInstant(local: string): Date {
  const wanted = Date.parse(`${local}Z`);
  let guess = wanted - 3_600_000;
  for (let i = 0; i < 3; i++) {
    const shown = Date.parse(`${stockholmLocal(new Date(guess))}Z`);
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

export function toDeliveryDto(delivery: DeliveryDate): DeliveryDateDto {
  return {
    date: delivery.date,
    deadline: stockholmInstant(delivery.deadline).toISOString(),
    deadlineLocal: delivery.deadline,
  };
}

/** 'tisdag 24 november' — a delivery date as a Swedish sentence shows it. */
export function swedishDay(date: string): string {
  return formatWeekdayDate(date);
}

export const todayIn = (now: Date) => stockholmLocal(now).slice(0, 10);
export const plusDays = (date: string, days: number) => addDays(date, days);

/** The delivery on `date` if it can still be ordered for at `now` (a delivery day whose deadline is ahead). */
export function orderableOn(calendar: DeliveryCalendar, date: string, now: Date): DeliveryDate | null {
  const delivery = calendar.deliveryOn(date);
  if (!delivery || delivery.deadline <= stockholmLocal(now)) return null;
  return delivery;
}

/** The first date on or after `from` (at the earliest today) that can still be ordered for at `now`. */
export function nextOrderable(calendar: DeliveryCalendar, now: Date, from?: string): DeliveryDate | null {
  if (!calendar.hasRoutes) return null;
  const today = todayIn(now);
  const start = from && from > today ? from : today;
  return calendar.deliveries(start, plusDays(start, DELIVERY_HORIZON_DAYS), now)[0] ?? calendar.next(now);
}
