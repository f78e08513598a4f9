import {
  Button as AriaButton,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from 'react-aria-components';
import { cx } from './cx';

const navClass =
  'inline-flex size-9 items-center justify-center rounded-lg text-lg text-gray-700 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800';

/**
 * One month of a React Aria `<Calendar>` as every date field draws it: the month's name between the previous and next
 * buttons, Monday first (the Calendar's `firstDayOfWeek`), and the day cells. Placed inside the `<Calendar>`, which
 * owns the value and the week start; `cellClassName` adds the styles of the caller's own states (e.g. unavailable
 * delivery days).
 */
export function CalendarMonth({
  previousLabel,
  nextLabel,
  cellClassName,
}: {
  previousLabel: string;
  nextLabel: string;
  cellClassName?: string;
}) {
  return (
    <>
      <header className="mb-2 flex items-center justify-between">
        <AriaButton slot="previous" aria-label={previousLabel} className={navClass}>
          ‹
        </AriaButton>
        <Heading className="text-base font-semibold text-gray-950 capitalize dark:text-white" />
        <AriaButton slot="next" aria-label={nextLabel} className={navClass}>
          ›
        </AriaButton>
      </header>
      <CalendarGrid className="w-full border-collapse">
        <CalendarGridHeader>
          {(day) => (
            <CalendarHeaderCell className="pb-1 text-xs font-semibold text-gray-600 dark:text-gray-400">
              {day}
            </CalendarHeaderCell>
          )}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => (
            <CalendarCell
              date={date}
              className={cx(
                'm-0.5 flex size-9 items-center justify-center rounded-lg text-sm tabular-nums outline-none',
                'text-gray-950 hover:bg-primary-50 dark:text-gray-50 dark:hover:bg-primary-950',
                'data-outside-month:invisible data-selected:bg-primary-700 data-selected:text-white',
                'data-focus-visible:outline-2 data-focus-visible:outline-offset-1 data-focus-visible:outline-primary-600',
                cellClassName,
              )}
            />
          )}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}
