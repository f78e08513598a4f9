import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles';
import { cx } from './cx';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  href: string;
  className?: string;
  /** Called when the link is followed with a click or Enter (not a middle-click), before the navigation. */
  onPress?: () => void;
}

export const linkClass =
  'rounded-sm font-medium text-primary-700 underline decoration-primary-700/40 underline-offset-4 hover:decoration-current dark:text-primary-300 dark:decoration-primary-300/50';

/** `mailto:`, `tel:`, `https://…`: not a path of the app. */
const WITH_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A native anchor with no look of its own. App paths go through React Router's link (navigation without a reload; a modifier or middle
 * click opens a new tab as any link does), anything with a scheme is a plain `<a>`. No React Aria: links are in
 * every first load (decision 0021).
 */
export function Anchor({ href, onPress, onClick, ...props }: LinkProps) {
  const handleClick =
    onPress || onClick
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event);
          onPress?.();
        }
      : undefined;
  return WITH_SCHEME.test(href) ? (
    <a {...props} href={href} onClick={handleClick} />
  ) : (
    <RouterLink {...props} to={href} onClick={handleClick} />
  );
}

/** A text link; internal hrefs navigate inside the app. Focus shows the global `:focus-visible` ring (index.css). */
export function Link({ className, ...props }: LinkProps) {
  return <Anchor {...props} className={cx(linkClass, 'cursor-pointer', className)} />;
}

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button (it goes somewhere, so it is a link). */
export function LinkButton({ variant = 'primary', size = 'md', className, ...props }: LinkButtonProps) {
  return <Anchor {...props} className={buttonClass(variant, size, className)} />;
}
