import { FieldError } from 'react-aria-components';
import { errorTextClass } from './field-styles';

/** The error next to a field; React Aria links it to the input with aria-describedby. */
export function FieldErrorText({ children }: { children?: string }) {
  return (
    <FieldError className={errorTextClass}>
      <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </FieldError>
  );
}
