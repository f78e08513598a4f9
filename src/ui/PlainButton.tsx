import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/**
 * A native `<button>` with the look of `ui/Button`, for the app shell and content pages (decision 0021: React
 * Aria's press handling is not in the first load). Use `ui/Button` where React Aria is needed: `isPending`, or
 * inside a React Aria composition (DialogTrigger, MenuTrigger, …) that gives its Button props through context.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: PlainButtonProps) {
  return <button {...props} type={type} className={buttonClass(variant, size, className)} />;
}
