import { Suspense } from 'react';
import type { IconBlok } from '../../../../contract/content-bloks';
import { cx } from '../../../ui/cx';
import { iconOf } from './icon-set';

const sizes = { small: 'size-4', medium: 'size-6', large: 'size-10' } as const;
const colours = {
  primary: 'text-primary-700 dark:text-primary-300',
  neutral: 'text-gray-700 dark:text-gray-300',
  success: 'text-green-700 dark:text-green-400',
  warning: 'text-amber-700 dark:text-amber-400',
} as const;

/** An icon (Lucide's), medium and primary by default; named for screen readers only when it has a label. */
/** `plain`: no size or colour of its own (an icon in a button takes the button's colour and the class's size). */
export function Icon({ blok, className, plain = false }: { blok: IconBlok; className?: string; plain?: boolean }) {
  const icon = iconOf(blok.name);
  if (!icon) return null;
  const label = blok.label?.trim();
  const classes = cx(
    'shrink-0',
    !plain && sizes[blok.size || 'medium'],
    !plain && colours[blok.colour || 'primary'],
    className,
  );
  const named = {
    'aria-hidden': label ? undefined : true,
    'aria-label': label || undefined,
    role: label ? 'img' : undefined,
  } as const;
  // Each icon is a chunk of its own (icon-set.ts), usually here already (the page's loader asked for it): until it
  // is, an empty box of the icon's size (and name) holds its place.
  return (
    <Suspense fallback={<span className={cx('inline-block', classes)} {...named} />}>
      <icon.Component className={classes} strokeWidth={1.75} focusable="false" {...named} />
    </Suspense>
  );
}

/** The first icon of a blocks field (icon fields hold at most one). */
export function FirstIcon({ icons, className }: { icons: IconBlok[] | undefined; className?: string }) {
  const icon = icons?.[0];
  return icon ? <Icon blok={icon} className={className} /> : null;
}
