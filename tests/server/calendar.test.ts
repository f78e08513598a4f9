import { describe, expect, it } from 'vitest';
import { DeliveryCalendar, stockholmLocal } from '../../server/modules/calendar/deliveries';
import { easterSunday, swedishHolidays } from '../../server/modules/calendar/holidays';

const monday = { weekday: 1, deadlineDaysBefore: 1, deadlineTime: '14:00:00' };
const tuesday = { weekday: 2, deadlineDaysBefore: 1, deadlineTime: '14:00:00' };

describe('Swedish holidays', () => {
  it('computes Easter and the moving holidays', () => {
    expect(easterSunday(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
    const h = swedishHolidays(2026);
    expect(h.get('2026-04-03')).toBe('Långfredagen');
    expect(h.get('2026-04-06')).toBe('Annandag påsk');
    expect(h.get('2026-05-14')).toBe('Kristi himmelsfärdsdag');
    expect(h.get('2026-06-19')).toBe('Midsommarafton');
    expect(h.get('2026-06-20')).toBe('Midsommardagen');
    expect(h.get('2026-10-31')).toBe('Alla helgons dag');
    expect(h.get('2026-12-24')).toBe('Julafton');
  });
});

describe('DeliveryCalendar', () => {
  it('puts the deadline 14:00 on the working day before, skipping weekends and holidays', () => {
    const cal = new DeliveryCalendar([monday, tuesday]);
    expect(cal.deliveryOn('2026-11-23')).toEqual({ date: '2026-11-23', deadline: '2026-11-20T14:00:00' });
    // Tuesday after Easter: Monday is Annandag påsk and Friday is Långfredagen, so Thursday.
    expect(cal.deliveryOn('2026-04-07')?.deadline).toBe('2026-04-02T14:00:00');
    // Easter Monday itself is no delivery day.
    expect(cal.deliveryOn('2026-04-06')).toBeNull();
  });

  it('offers the next date whose deadline has not passed, in Stockholm time', () => {
    const cal = new DeliveryCalendar([monday]);
    // 13:59 in Stockholm (UTC+1 in November): Monday is still open.
    expect(cal.next(new Date('2026-11-20T12:59:00Z'))?.date).toBe('2026-11-23');
    // 14:00 exactly: too late, the next Monday.
    expect(cal.next(new Date('2026-11-20T13:00:00Z'))?.date).toBe('2026-11-30');
  });

  it('uses summer time in summer', () => {
    expect(stockholmLocal(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01T14:00:00');
    expect(stockholmLocal(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30:00');
  });

  it('skips closed days and has nothing to offer without routes', () => {
    const cal = new DeliveryCalendar([monday], new Set(['2026-11-23']));
    expect(cal.next(new Date('2026-11-19T08:00:00Z'))?.date).toBe('2026-11-30');
    expect(new DeliveryCalendar([]).next(new Date())).toBeNull();
  });
});
