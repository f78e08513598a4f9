import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Calendar,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { CalendarMonth } from '../CalendarMonth';
import type { DeliveryDate } from '../../../contract/calendar';
import { calendarQuery } from '../../api/queries/calendar';
import { useSyncState } from '../../api/session/hooks';
import { addDays, dayOf } from '../../../contract/rules/days';
import { formatWeekdayDate, formatWeekdayDateTime } from '../../../contract/rules/swedish-dates';
import type { MirrorCart } from '../../offline/cart';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { cx } from '../cx';
import { descriptionClass, errorTextClass, labelClass } from '../field-styles';
import { toast } from '../toast-queue';
import { tryChangeCart } from './cart-actions';

/** How far ahead the calendar offers dates (days). */
const RANGE_DAYS = 90;

/** "tisdag 24 november kl. 14:00" from the deadline's Stockholm wall-clock time. */
export const deadlineText = (delivery: Pick<DeliveryDate, 'deadlineLocal'>) =>
  formatWeekdayDateTime(delivery.deadlineLocal);

export interface DeliveryDatePickerProps {
  companyCode: string;
  cart: MirrorCart;
  className?: string;
}

/**
 * The delivery date (SPEC §4): a React Aria DatePicker (sv-SE, Monday first) on which only the company's deliverable
 * dates can be chosen (GET …/calendar), each with its order deadline; the first available date is offered when none is
 * chosen. A date whose deadline has just passed is replaced by the next one and the user is told (the server does the
 * same and says so in the cart's messages).
 */
export function DeliveryDatePicker({ companyCode, cart, className }: DeliveryDatePickerProps) {
  const { t } = useTranslation('cart');
  const { online } = useSyncState();
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const errorId = useId();
  const { from, to } = useMemo(() => {
    const today = dayOf(new Date());
    return { from: today, to: addDays(today, RANGE_DAYS) };
  }, []);
  const calendar = useQuery(calendarQuery(companyCode, from, to));
  const dates = useMemo(() => new Map((calendar.data?.data ?? []).map((d) => [d.date, d])), [calendar.data]);
  const available = (calendar.data?.data ?? []).filter((d) => Date.parse(d.deadline) > Date.now());
  const next = available[0] ?? cart.nextDeliveryDate ?? null;
  const chosen = cart.deliveryDate;
  const chosenDeadline = cart.deadline ?? (chosen ? dates.get(chosen) : undefined) ?? null;

  if (calendar.data && !calendar.data.hasDeliveryRoutes) {
    return <Alert tone="warning">{t('blocked.noDeliveryRoutes')}</Alert>;
  }

  async function choose(date: string) {
    setError(null);
    let delivery = dates.get(date) ?? (cart.nextDeliveryDate?.date === date ? cart.nextDeliveryDate : undefined);
    if (!delivery) {
      setError(t('delivery.noneAvailable'));
      return;
    }
    if (Date.parse(delivery.deadline) <= Date.now()) {
      // The deadline passed while the page was open: the next available date, and the user is told.
      const later = available.find((d) => d.date > date);
      if (!later) {
        setError(t('delivery.noneAvailable'));
        return;
      }
      toast.warning(t('delivery.moved', { previous: formatWeekdayDate(date), date: formatWeekdayDate(later.date) }), {
        id: 'delivery-moved',
        timeout: 8000,
      });
      delivery = later;
    }
    const result = await tryChangeCart({ type: 'setDeliveryDate', companyCode, date: delivery.date, delivery });
    if (result)
      toast.success(t('delivery.chosenToast', { date: formatWeekdayDate(delivery.date) }), { id: 'delivery' });
  }

  const value = chosen ? parseDate(chosen) : null;
  const focusedDelivery = focused ? dates.get(focused) : undefined;
  const unavailable = (date: DateValue) => {
    const delivery = dates.get(date.toString());
    return !delivery || Date.parse(delivery.deadline) <= Date.now();
  };
  const loading = calendar.isPending && online;

  return (
    <div className={cx('flex flex-col gap-2', className)} data-testid="delivery-date">
      <DatePicker
        value={value}
        onChange={(date) => {
          if (!date) return;
          if (unavailable(date)) {
            setError(t('delivery.noneAvailable'));
            return;
          }
          void choose(date.toString());
        }}
        placeholderValue={next ? parseDate(next.date) : undefined}
        isDateUnavailable={calendar.data ? unavailable : undefined}
        minValue={parseDate(from)}
        maxValue={parseDate(to)}
        firstDayOfWeek="mon"
        isDisabled={!calendar.data}
        isInvalid={error !== null}
        className="flex flex-col gap-1.5"
        aria-describedby={error ? errorId : undefined}
      >
        <Label className={labelClass}>{t('delivery.label')}</Label>
        <Group className="flex w-full max-w-xs items-center rounded-lg border border-gray-400 bg-white pl-3 focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/40 data-invalid:border-red-700 dark:border-gray-500 dark:bg-gray-900">
          <DateInput className="flex min-h-11 flex-1 items-center text-base text-gray-900 dark:text-gray-50">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 tabular-nums outline-none data-focused:bg-primary-700 data-focused:text-white data-placeholder:text-gray-500 dark:data-placeholder:text-gray-400"
              />
            )}
          </DateInput>
          <AriaButton
            aria-label={t('delivery.chooseDate')}
            className="inline-flex size-11 items-center justify-center rounded-r-lg text-gray-700 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800"
            data-testid="delivery-date-open"
          >
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
                clipRule="evenodd"
              />
            </svg>
          </AriaButton>
        </Group>
        <Text slot="description" className={descriptionClass}>
          {chosen && chosenDeadline
            ? t('delivery.deadline', { time: deadlineText(chosenDeadline) })
            : t('delivery.description')}
        </Text>
        <Popover className="rounded-xl border border-gray-200 bg-white p-3 shadow-xl dark:border-gray-700 dark:bg-gray-900">
          <Dialog aria-label={t('delivery.calendar')} className="outline-none">
            <Calendar
              firstDayOfWeek="mon"
              onFocusChange={(date: CalendarDate) => setFocused(date.toString())}
              className="w-72"
            >
              <CalendarMonth
                previousLabel={t('delivery.previous')}
                nextLabel={t('delivery.next')}
                cellClassName={cx(
                  'data-unavailable:cursor-default data-unavailable:text-gray-400 data-unavailable:line-through data-unavailable:hover:bg-transparent',
                  'data-disabled:text-gray-400 dark:data-unavailable:text-gray-500 dark:data-disabled:text-gray-500',
                )}
              />
              <p className="mt-2 min-h-10 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
                {focusedDelivery
                  ? `${formatWeekdayDate(focusedDelivery.date)}: ${t('delivery.deadline', { time: deadlineText(focusedDelivery) })}`
                  : null}
              </p>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {error && (
        <p id={errorId} className={errorTextClass} role="alert">
          {error}
        </p>
      )}
      {loading && <p className={descriptionClass}>{t('delivery.loading')}</p>}
      {!calendar.data && !online && <p className={descriptionClass}>{t('delivery.offline')}</p>}
      {!chosen && next && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
          <span>{t('delivery.suggested', { date: formatWeekdayDate(next.date), deadline: deadlineText(next) })}</span>
          <Button size="sm" variant="secondary" onPress={() => void choose(next.date)} data-testid="delivery-date-next">
            {t('delivery.useSuggested', { date: formatWeekdayDate(next.date) })}
          </Button>
        </div>
      )}
      {calendar.data && available.length === 0 && <p className={descriptionClass}>{t('delivery.noneAvailable')}</p>}
    </div>
  );
}
