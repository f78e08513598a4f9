import { useTranslation } from 'react-i18next';
import {
  Button,
  Input,
  Label,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { buttonClass } from './button-styles';
import { SearchIcon } from './SearchIcon';
import { cx } from './cx';
import { inputClass, labelClass } from './field-styles';

interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'className' | 'children'> {
  label: string;
  placeholder?: string;
  /** Label of the search button; pressing it (or Enter) calls onSubmit. */
  submitLabel: string;
  className?: string;
}

/** A search box with a visible search button; Escape clears it. */
export function SearchField({ label, placeholder, submitLabel, className, ...props }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <AriaSearchField {...props} className={cx('flex flex-col gap-1.5', className)}>
      {({ isEmpty, state }) => (
        <>
          <Label className={labelClass}>{label}</Label>
          <div className="flex gap-2">
            <div className="relative flex-1">
              <SearchIcon />
              <Input
                placeholder={placeholder}
                className={cx(inputClass, 'pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden')}
              />
              {!isEmpty && (
                <Button
                  aria-label={t('actions.clearSearch')}
                  className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-300 dark:hover:bg-gray-800"
                >
                  <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </Button>
              )}
            </div>
            <button
              type="button"
              className={buttonClass('secondary', 'md')}
              onClick={() => props.onSubmit?.(state.value)}
            >
              {submitLabel}
            </button>
          </div>
        </>
      )}
    </AriaSearchField>
  );
}
