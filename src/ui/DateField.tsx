import { parseDate, type DateValue } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Calendar,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { CalendarMonth } from './CalendarMonth';
import { cx } from './cx';
import { FieldErrorText } from './FieldErrorText';
import { descriptionClass, labelClass } from './field-styles';

export interface DateFieldProps {
  label: string;
  /** ÅÅÅÅ-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  description?: string;
  /** Shown next to the field; makes it invalid. */
  errorMessage?: string;
  className?: string;
}

/** A typed value that is not a whole date yet (or not a date) reads as none. */
function toDate(value: string): DateValue | null {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
}

/**
 * A date field that is Swedish whatever the browser's language (decision 0065): segments ÅÅÅÅ-MM-DD and a calendar
 * that starts on Monday. A native `<input type=date>` follows the browser's language (mm/dd/yyyy in an American one),
 * so every date field in the app is this one. The provider is explicit so the field does not depend on the app-wide
 * locale being set first (src/lib/aria-locale.ts).
 */
export function DateField({ label, value, onChange, name, description, errorMessage, className }: DateFieldProps) {
  const { t } = useTranslation();
  return (
    <I18nProvider locale="sv-SE">
      <DatePicker
        value={toDate(value)}
        onChange={(date) => onChange(date ? date.toString() : '')}
        name={name}
        data-field={name}
        firstDayOfWeek="mon"
        granularity="day"
        isInvalid={!!errorMessage}
        validationBehavior="aria"
        className={cx('flex flex-col gap-1.5', className)}
      >
        <Label className={labelClass}>{label}</Label>
        <Group className="flex w-full items-center rounded-lg border border-gray-400 bg-white pl-3 shadow-xs focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/40 data-invalid:border-red-700 dark:border-gray-500 dark:bg-gray-900 dark:data-invalid:border-red-400">
          <DateInput className="flex min-h-11 flex-1 items-center text-base whitespace-nowrap text-gray-900 dark:text-gray-50">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 tabular-nums outline-none data-focused:bg-primary-700 data-focused:text-white data-placeholder:text-gray-600 dark:data-placeholder:text-gray-300"
              />
            )}
          </DateInput>
          <AriaButton
            aria-label={t('dateField.open')}
            className="inline-flex size-11 items-center justify-center rounded-r-lg text-gray-700 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800"
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
        {description && (
          <Text slot="description" className={descriptionClass}>
            {description}
          </Text>
        )}
        <FieldErrorText>{errorMessage}</FieldErrorText>
        <Popover className="rounded-xl border border-gray-200 bg-white p-3 shadow-xl dark:border-gray-700 dark:bg-gray-900">
          <Dialog aria-label={t('dateField.calendar')} className="outline-none">
            <Calendar firstDayOfWeek="mon" className="w-72">
              <CalendarMonth previousLabel={t('dateField.previous')} nextLabel={t('dateField.next')} />
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
