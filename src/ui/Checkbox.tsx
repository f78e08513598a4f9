import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { cx } from './cx';

interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  children: ReactNode;
  className?: string;
}

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={cx('group inline-flex min-h-11 cursor-pointer items-center gap-2.5 text-base', className)}
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={cx(
              'flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
              'group-data-focus-visible:outline-2 group-data-focus-visible:outline-offset-2 group-data-focus-visible:outline-primary-600 dark:group-data-focus-visible:outline-primary-300',
              isSelected
                ? 'border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-gray-950'
                : 'border-gray-500 bg-white dark:border-gray-400 dark:bg-gray-900',
            )}
          >
            {isSelected && (
              <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
