import { addDays, isoWeekday } from '../../../contract/rules/days';
import { swedishHolidays } from './holidays';

export const BUSINESS_TIME_ZONE = 'Europe/Stockholm';

export type Route = { weekday: number; deadlineDaysBefore: number; deadlineTime: string };
export type DeliveryDate = { date: string; deadline: string };

const localFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Stockholm as 'yyyy-MM-ddTHH:mm:ss', comparable as a string. */
export function stockholmLocal(instant: Date): string {
  const p = Object.fromEntries(localFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

export class DeliveryCalendar {
  private holidayCache = new Map<number, Map<string, string>>();

  constructor(
    private readonly routes: Route[],
    private readonly closedDates: ReadonlySet<string> = new Set(),
  ) {}

  /** Whether the company has any delivery route at all (without one it cannot order). */
  get hasRoutes(): boolean {
    return this.routes.length > 0;
  }

  holidayName(date: string): string | undefined {
    const year = Number(date.slice(0, 4));
    let map = this.holidayCache.get(year);
    if (!map) this.holidayCache.set(year, (map = swedishHolidays(year)));
    return map.get(date);
  }

  isWorkingDay(date: string): boolean {
    const wd = isoWeekday(date);
    return wd <= 5 && !this.holidayName(date);
  }

  /** The order deadline of a delivery on `date` by `route`, as Stockholm wall-clock 'yyyy-MM-ddTHH:mm:ss'. */
  deadline(date: string, route: Route): string {
    let day = date;
    let remaining = route.deadlineDaysBefore;
    while (remaining > 0) {
      day = addDays(day, -1);
      if (this.isWorkingDay(day)) remaining -= 1;
    }
    const time = route.deadlineTime.length === 5 ? `${route.deadlineTime}:00` : route.deadlineTime;
    return `${day}T${time}`;
  }

  /** A delivery on `date`, if a route serves that weekday and it is not a holiday or a closed day. */
  deliveryOn(date: string): DeliveryDate | null {
    if (this.holidayName(date) || this.closedDates.has(date)) return null;
    const weekday = isoWeekday(date);
    const candidates = this.routes.filter((r) => r.weekday === weekday).map((r) => this.deadline(date, r));
    if (candidates.length === 0) return null;
    // Several routes on one weekday: the latest deadline is the one that still lets the customer order.
    return { date, deadline: candidates.sort().at(-1)! };
  }

  /** Deliverable dates from `from` to `to` (inclusive) whose deadline is still ahead of `now`. */
  deliveries(from: string, to: string, now: Date): DeliveryDate[] {
    const nowLocal = stockholmLocal(now);
    const result: DeliveryDate[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const delivery = this.deliveryOn(d);
      if (delivery && delivery.deadline > nowLocal) result.push(delivery);
    }
    return result;
  }

  /** The first date whose deadline has not passed, looking at most `horizonDays` ahead. */
  next(now: Date, horizonDays = 60): DeliveryDate | null {
    if (!this.hasRoutes) return null;
    const today = stockholmLocal(now).slice(0, 10);
    const until = addDays(today, horizonDays);
    return this.deliveries(today, until, now)[0] ?? null;
  }
}
