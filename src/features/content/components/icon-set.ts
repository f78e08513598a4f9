import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { IconName } from '../../../../contract/content-constants';
import { preloadable, type Preloadable } from '../../../lib/preloadable';

type IconModule = { default: LucideIcon };
export type IconProps = ComponentProps<LucideIcon>;

/**
 * The Lucide icons content may name (contract ICON_NAMES), bundled (no icon service, works offline), each a chunk of
 * its own: a page loads the few it shows, not all 45 (docs/decisions/0021-first-load-budget.md).
 */
const LOADERS: Record<IconName, () => Promise<IconModule>> = {
  apple: () => import('lucide-react/icons/apple'),
  'arrow-right': () => import('lucide-react/icons/arrow-right'),
  award: () => import('lucide-react/icons/award'),
  axe: () => import('lucide-react/icons/axe'),
  beef: () => import('lucide-react/icons/beef'),
  building: () => import('lucide-react/icons/building'),
  'calendar-days': () => import('lucide-react/icons/calendar-days'),
  check: () => import('lucide-react/icons/check'),
  'chef-hat': () => import('lucide-react/icons/chef-hat'),
  'clipboard-list': () => import('lucide-react/icons/clipboard-list'),
  clock: () => import('lucide-react/icons/clock'),
  croissant: () => import('lucide-react/icons/croissant'),
  download: () => import('lucide-react/icons/download'),
  'file-text': () => import('lucide-react/icons/file-text'),
  fish: () => import('lucide-react/icons/fish'),
  handshake: () => import('lucide-react/icons/handshake'),
  'hard-hat': () => import('lucide-react/icons/hard-hat'),
  heart: () => import('lucide-react/icons/heart'),
  info: () => import('lucide-react/icons/info'),
  leaf: () => import('lucide-react/icons/leaf'),
  mail: () => import('lucide-react/icons/mail'),
  'map-pin': () => import('lucide-react/icons/map-pin'),
  'message-circle': () => import('lucide-react/icons/message-circle'),
  milk: () => import('lucide-react/icons/milk'),
  package: () => import('lucide-react/icons/package'),
  percent: () => import('lucide-react/icons/percent'),
  phone: () => import('lucide-react/icons/phone'),
  receipt: () => import('lucide-react/icons/receipt'),
  recycle: () => import('lucide-react/icons/recycle'),
  'scan-barcode': () => import('lucide-react/icons/scan-barcode'),
  search: () => import('lucide-react/icons/search'),
  'shield-check': () => import('lucide-react/icons/shield-check'),
  'shopping-cart': () => import('lucide-react/icons/shopping-cart'),
  smartphone: () => import('lucide-react/icons/smartphone'),
  snowflake: () => import('lucide-react/icons/snowflake'),
  sparkles: () => import('lucide-react/icons/sparkles'),
  sprout: () => import('lucide-react/icons/sprout'),
  star: () => import('lucide-react/icons/star'),
  tag: () => import('lucide-react/icons/tag'),
  thermometer: () => import('lucide-react/icons/thermometer'),
  trees: () => import('lucide-react/icons/trees'),
  truck: () => import('lucide-react/icons/truck'),
  users: () => import('lucide-react/icons/users'),
  wheat: () => import('lucide-react/icons/wheat'),
  wine: () => import('lucide-react/icons/wine'),
};

const icons = new Map<IconName, Preloadable<IconProps>>();

/** The icon's component (drawn at once when its code is here, else it suspends until it is); null for an unknown name. */
export function iconOf(name: IconName): Preloadable<IconProps> | null {
  if (!Object.hasOwn(LOADERS, name)) return null;
  let icon = icons.get(name);
  if (!icon) {
    icon = preloadable(() => LOADERS[name]().then((m) => m.default));
    icons.set(name, icon);
  }
  return icon;
}

/** Starts fetching the icons a story names (its loader calls it, so they arrive with the page's code). */
export function preloadIcons(names: Iterable<IconName>): void {
  for (const name of names)
    void iconOf(name)
      ?.preload()
      .catch(() => undefined);
}

/** The icons a story's blocks name (every `Icon` block, however deep). */
export function iconNamesIn(content: unknown): Set<IconName> {
  const names = new Set<IconName>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value && typeof value === 'object') {
      const blok = value as { component?: unknown; name?: unknown };
      if (blok.component === 'Icon' && typeof blok.name === 'string') names.add(blok.name as IconName);
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(content);
  return names;
}
