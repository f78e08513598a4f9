import type { Asset } from '../../../../contract/content-fields';
import { cx } from '../../../ui/cx';

/** Storyblok's asset URLs carry the image's size: https://a.storyblok.com/f/{space}/{width}x{height}/{hash}/{name}. */
const STORYBLOK_SIZE = /\/f\/\d+\/(\d+)x(\d+)\//;
const STORYBLOK_RASTER = /^https:\/\/a\.storyblok\.com\/.+\.(jpe?g|png|webp|avif)$/i;
const WIDTHS = [480, 800, 1200, 1600, 2000];

export interface ImageBox {
  /** The box the image fills (its intrinsic size when known, else the shape the layout gives it). */
  width: number;
  height: number;
}

/** The intrinsic size of an asset when its URL tells it, else the layout's box (SVGs fill any box, see 0015). */
export function imageBox(asset: Asset, fallback: ImageBox): ImageBox {
  const match = STORYBLOK_SIZE.exec(asset.filename);
  if (match) return { width: Number(match[1]), height: Number(match[2]) };
  return fallback;
}

/** A Storyblok raster image in several widths through its image service; other images as they are. */
export function srcSet(filename: string, box: ImageBox): string | undefined {
  if (!STORYBLOK_RASTER.test(filename)) return undefined;
  return WIDTHS.filter((w) => w <= box.width)
    .map((w) => `${filename}/m/${w}x0 ${w}w`)
    .join(', ');
}

export interface ContentImageProps {
  asset: Asset;
  /** The layout's box when the URL does not tell the size (e.g. 16:9 → 1600×900). */
  box: ImageBox;
  sizes?: string;
  className?: string;
  /** The page's largest image (the first hero): load at once, before other images. */
  priority?: boolean;
  /** Overrides the asset's alt (e.g. '' when the image only decorates a link that has its own text). */
  alt?: string;
}

/**
 * An image with width and height (no layout shift), lazy unless it is the hero; the alt text from the asset (an
 * asset without one is decorative).
 */
export function ContentImage({ asset, box, sizes = '100vw', className, priority = false, alt }: ContentImageProps) {
  const size = imageBox(asset, box);
  const set = srcSet(asset.filename, size);
  return (
    <img
      src={asset.filename}
      srcSet={set}
      sizes={set ? sizes : undefined}
      alt={alt ?? asset.alt ?? ''}
      title={asset.title || undefined}
      width={size.width}
      height={size.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cx('block max-w-full', className)}
    />
  );
}

export const BOX = {
  hero: { width: 1600, height: 900 },
  wide: { width: 1600, height: 900 },
  landscape: { width: 1200, height: 800 },
  fourThree: { width: 1200, height: 900 },
  square: { width: 800, height: 800 },
  portrait: { width: 600, height: 750 },
} as const satisfies Record<string, ImageBox>;
