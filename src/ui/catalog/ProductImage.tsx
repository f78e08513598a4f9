import { cx } from '../cx';

export interface ProductImageProps {
  url: string | null;
  alt: string;
  /** Intrinsic size when known (prevents layout shift); a square otherwise. */
  width?: number;
  height?: number;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  /** Above the fold (the product page's main image, the first cards): load now and with high priority. */
  priority?: boolean;
  className?: string;
}

const WIDTHS = [160, 240, 320, 480, 640, 800, 1200];

/**
 * A `srcset` where the image host can scale: Storyblok's image service (`/m/{w}x0`). SVGs (the demo images) and
 * other hosts have none: one file serves every size.
 */
export function srcSetFor(url: string, width: number | undefined): string | undefined {
  if (/\.svg(\?|$)/i.test(url)) return undefined;
  if (!/^https:\/\/a\.storyblok\.com\//.test(url)) return undefined;
  const max = width ?? 1200;
  const widths = WIDTHS.filter((w) => w <= max);
  if (widths.length === 0) return undefined;
  return widths.map((w) => `${url}/m/${w}x0 ${w}w`).join(', ');
}

/** A product image with its intrinsic size, `sizes`/`srcset` where the host allows, lazy below the fold. */
export function ProductImage({ url, alt, width, height, sizes, priority = false, className }: ProductImageProps) {
  if (!url) {
    return (
      <div
        aria-hidden="true"
        className={cx(
          'flex aspect-square items-center justify-center bg-gray-100 text-gray-400 dark:bg-gray-800',
          className,
        )}
      >
        <svg viewBox="0 0 24 24" className="size-1/3" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M3 16.5 8.25 11.25a2 2 0 0 1 2.83 0L16.5 16.5m-1.5-1.5 1.22-1.22a2 2 0 0 1 2.83 0L21 15.75M4.5 19.5h15a1.5 1.5 0 0 0 1.5-1.5V6a1.5 1.5 0 0 0-1.5-1.5h-15A1.5 1.5 0 0 0 3 6v12a1.5 1.5 0 0 0 1.5 1.5Z" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={url}
      srcSet={srcSetFor(url, width)}
      sizes={sizes}
      alt={alt}
      width={width ?? 600}
      height={height ?? 600}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      className={cx('aspect-square h-auto w-full object-cover', className)}
    />
  );
}
