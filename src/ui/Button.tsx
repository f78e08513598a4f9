import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './Spinner';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}

/** A button; `isPending` shows a spinner, keeps focus and is announced by React Aria. */
export function Button({ variant = 'primary', size = 'md', className, children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={buttonClass(variant, size, className)}>
      {({ isPending }) => (
        <>
          {isPending && <Spinner className="size-4" />}
          {children}
        </>
      )}
    </AriaButton>
  );
}
