import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles';
import { cx } from './cx';

export interface LinkProps extends Omit<AriaLinkProps, 'className'> {
  className?: string;
}

export const linkClass =
  'rounded-sm font-medium text-primary-700 underline decoration-primary-700/40 underline-offset-4 hover:decoration-current dark:text-primary-300 dark:decoration-primary-300/50';

/** A text link; internal hrefs navigate inside the app (React Aria RouterProvider). */
export function Link({ className, ...props }: LinkProps) {
  return <AriaLink {...props} className={cx(linkClass, 'cursor-pointer', className)} />;
}

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button (it goes somewhere, so it is a link). */
export function LinkButton({ variant = 'primary', size = 'md', className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={buttonClass(variant, size, className)} />;
}
