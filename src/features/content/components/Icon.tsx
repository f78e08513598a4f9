import type { IconBlok } from '../../../../contract/content';
import { cx } from '../../../ui/cx';
import { ICONS } from './icon-set';

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
  const Svg = ICONS[blok.name];
  if (!Svg) return null;
  const label = blok.label?.trim();
  return (
    <Svg
      className={cx(
        'shrink-0',
        !plain && sizes[blok.size || 'medium'],
        !plain && colours[blok.colour || 'primary'],
        className,
      )}
      strokeWidth={1.75}
      aria-hidden={label ? undefined : true}
      aria-label={label || undefined}
      role={label ? 'img' : undefined}
      focusable="false"
    />
  );
}

/** The first icon of a blocks field (icon fields hold at most one). */
export function FirstIcon({ icons, className }: { icons: IconBlok[] | undefined; className?: string }) {
  const icon = icons?.[0];
  return icon ? <Icon blok={icon} className={className} /> : null;
}
